import { PROGRESS_DAYS, PROGRESS_DUE_DAYS, type Progress, type ProgressGrade } from '@blok/contract';
import { computeScore, gradeFromScore } from '@blok/domain/grade';
import { addDays, localDate, studyDays, type StudyEvent } from '@blok/domain/progress';
import { AppError } from '../errors.ts';

/** What the progress page needs of the library: the subject, its chapters and her reads. */
export interface ProgressLibrarySource {
  subjectTitle(id: string): Promise<{ id: string; title: string } | undefined>;
  chapters(subjectId: string): Promise<Array<{ id: string; summaryId: string; title: string; readingMinutes: number }>>;
  reads(userId: string, chapterIds: string[], since: string): Promise<Array<{ chapterId: string; readAt: string }>>;
}

/** What it needs of the questions feature: her sessions' times, and when she answered. */
export interface ProgressPracticeSource {
  /** her sessions of the subject in their order (oldest first) */
  sessions(userId: string, subjectId: string): Promise<Array<{ id: string; finishedAt: string | null; updatedAt: string }>>;
  /** when she answered questions of the subject (answers that count) since an instant */
  answerTimes(userId: string, subjectId: string, since: string): Promise<string[]>;
}

/** What it needs of the standing (decision 047): her answers counted per practice session and chapter, and per closed mock exam and chapter. */
export interface ProgressStandingSource {
  counts(userId: string, subjectId: string): Promise<{
    sessions: Array<{ sessionId: string; chapterId: string; correct: number; partial: number; answered: number }>;
    exams: Array<{ examId: string; at: string; chapters: Array<{ chapterId: string; correct: number; partial: number; total: number }> }>;
  }>;
}

/** What it needs of the flashcards feature: when she answered cards, when cards are due. */
export interface ProgressCardsSource {
  readonly spacedRepetition: boolean;
  answerTimes(userId: string, subjectId: string, since: string): Promise<string[]>;
  dueTimes(userId: string, subjectId: string, until: string): Promise<string[]>;
}

/** What it needs of the mock exams: when she answered. */
export interface ProgressMockExamSource {
  answerTimes(userId: string, subjectId: string, since: string): Promise<string[]>;
}

export interface ProgressSources {
  library: ProgressLibrarySource;
  practice: ProgressPracticeSource;
  standing: ProgressStandingSource;
  /** null when flashcards are off */
  cards: ProgressCardsSource | null;
  mockExams: ProgressMockExamSource;
}

/** Instant of the start of a local date in a time zone, far enough back: a day earlier in UTC covers every zone. */
const sinceFor = (fromDate: string) => `${addDays(fromDate, -1)}T00:00:00.000Z`;

/**
 * The progress page of a subject (Voortgang, issue 27; decision 022). Owns no table: the grade per
 * chapter of each practice session and mock exam comes from the standing's counts (decision 047),
 * kept in each answer's and each exam's closing transaction; minutes per day from the times of what
 * she did in the calendar's twelve weeks.
 */
export class ProgressService {
  constructor(
    private readonly sources: ProgressSources,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async progress(userId: string, subjectId: string, timeZone = 'UTC'): Promise<Progress> {
    const { library, practice, standing, cards, mockExams } = this.sources;
    const subject = await library.subjectTitle(subjectId);
    if (!subject) throw new AppError('not_found', 'Dit vak bestaat niet.');
    const now = this.now();
    const today = localDate(now, timeZone);
    const fromDate = addDays(today, -(PROGRESS_DAYS - 1));
    const since = sinceFor(fromDate);
    const dueUntil = `${addDays(today, PROGRESS_DUE_DAYS + 1)}T00:00:00.000Z`;
    const chapters = await library.chapters(subject.id);
    const known = new Set(chapters.map((c) => c.id));

    // the standing first: it may build her counts from her history once, in its own transaction
    const { sessions: counts, exams } = await standing.counts(userId, subject.id);
    const [sessionRows, answerTimes, reads, cardTimes, examTimes, dueTimes] = await Promise.all([
      counts.length > 0 ? practice.sessions(userId, subject.id) : Promise.resolve([]),
      practice.answerTimes(userId, subject.id, since),
      library.reads(userId, chapters.map((c) => c.id), since),
      cards ? cards.answerTimes(userId, subject.id, since) : Promise.resolve([]),
      mockExams.answerTimes(userId, subject.id, since),
      cards?.spacedRepetition ? cards.dueTimes(userId, subject.id, dueUntil) : Promise.resolve([]),
    ]);

    // The grade per chapter of every practice session (over the questions she answered) and mock exam.
    const grades: ProgressGrade[] = [];
    const bySession = new Map<string, typeof counts>();
    for (const c of counts) {
      if (c.answered === 0 || !known.has(c.chapterId)) continue;
      const list = bySession.get(c.sessionId);
      if (list) list.push(c);
      else bySession.set(c.sessionId, [c]);
    }
    for (const s of sessionRows) {
      const at = s.finishedAt ?? s.updatedAt;
      for (const c of bySession.get(s.id) ?? []) {
        grades.push({ at, date: localDate(at, timeZone), source: 'practice', chapterId: c.chapterId, grade: gradeFromScore(computeScore({ correct: c.correct, partial: c.partial, total: c.answered })), questions: c.answered });
      }
    }
    for (const e of exams) {
      for (const c of e.chapters) {
        if (!known.has(c.chapterId)) continue;
        grades.push({ at: e.at, date: localDate(e.at, timeZone), source: 'mockexam', chapterId: c.chapterId, grade: gradeFromScore(computeScore(c)), questions: c.total });
      }
    }
    grades.sort((a, b) => a.at.localeCompare(b.at) || a.chapterId.localeCompare(b.chapterId));

    // Minutes per day from the times of what she did.
    const readingMinutes = new Map(chapters.map((c) => [c.id, c.readingMinutes]));
    const events: StudyEvent[] = [
      ...answerTimes.map((at) => ({ at })),
      ...cardTimes.map((at) => ({ at })),
      ...examTimes.map((at) => ({ at })),
      ...reads.map((r) => ({ at: r.readAt, minutes: readingMinutes.get(r.chapterId) ?? 0 })),
    ];
    const days = studyDays(events, timeZone).filter((d) => d.date >= fromDate && d.date <= today);

    // Cards due per local day; overdue cards count today.
    const dueEnabled = cards?.spacedRepetition === true;
    const due = dueEnabled ? Array.from({ length: PROGRESS_DUE_DAYS }, (_, i) => ({ date: addDays(today, i), count: 0 })) : [];
    for (const at of dueTimes) {
      const date = localDate(at, timeZone);
      const slot = date <= today ? due[0] : due.find((d) => d.date === date);
      if (slot) slot.count++;
    }

    return {
      subjectId: subject.id,
      subjectTitle: subject.title,
      timeZone,
      today,
      chapters: chapters.map((c, i) => ({ chapterId: c.id, number: i + 1, title: c.title, summaryId: c.summaryId })),
      grades,
      fromDate,
      days,
      dueEnabled,
      due,
    };
  }
}
