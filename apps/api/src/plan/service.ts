import type { ChapterReadiness as ChapterReadinessOut, ExamPlan, ExpectedGrade, PlanTask as PlanTaskOut, SaveExamPlanBody, SubjectDayPlan, SubjectReadiness, TodayPlan } from '@blok/contract';
import { PLAN_MAX_DAYS_AHEAD } from '@blok/contract';
import type { DialectName, Executor } from '@blok/db';
import { questionValue, retrievability } from '@blok/domain/readiness';
import { predictRight, priorDifficulty, updateDifficulty } from '@blok/domain/rasch';
import { calibrate, type Calibration } from '@blok/domain/calibration';
import { gradeMockExam, MOCK_EXAM_AWAITING } from '@blok/domain/mock-exam';
import { chapterAbility, readinessPercent, standingReason, subjectStanding, type ChapterEvidence, type EvidenceItem } from '@blok/domain/standing';
import type { EvidenceSource } from '@blok/domain/evidence';
import { ALL_DAYS, DEFAULT_MINUTES_PER_DAY, addDays, daysBetween, planDay, readingMinutes, taskTitle, type DayPlan, type PlanTask } from '@blok/domain/study-plan';
import { plainText } from '@blok/domain/markup';
import { dayTime } from '@blok/domain/course-plan';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { PlanRepository, type ChapterStatsRow, type EvidenceMark, type ExamPlanRow, type MarkRow, type StatsDelta } from './repository.ts';
import { DEFAULT_TIME_ZONE, localDate, startOfLocalDay } from './zone.ts';
import type { AnswerEvent, CardEvent, MockExamClosedEvent, ReadEvent } from '../write/events.ts';

/** The signed-in student, as far as the plan needs her (her library depends on study and year). */
export interface Student {
  id: string;
  study: string;
  year: string;
  hasSubscription: boolean;
  firstName: string;
}

/** A chapter of a subject's content, in reading order. */
export interface ContentChapter {
  id: string;
  summaryId: string;
  /** may hold inline markup */
  title: string;
  priority: number;
  wordCount: number;
  /** the chapter's own question list (content field), if any */
  questionListId: string | null;
  /** premium: only students with a subscription read it */
  access: 'free' | 'premium';
}

/** What the plan needs of the library (which owns subjects, chapters and reading progress). */
export interface PlanLibrarySource {
  inLibrary(student: Student, subjectId: string): Promise<boolean>;
  subjectTitles(ids: string[]): Promise<Map<string, string>>;
  /** a subject's valid chapters in reading order (summaries, then chapters) */
  chaptersOf(subjectId: string): Promise<ContentChapter[]>;
  /** the subject's chapters she read (the backfill) */
  readChapterIds(userId: string, subjectId: string): Promise<string[]>;
}

/** What the plan needs of the questions feature. */
export interface PlanPracticeSource {
  /** a subject's question lists with their chapter and size */
  listsOfSubject(subjectId: string): Promise<Array<{ id: string; chapter_id: string | null; sort_index: number; total_questions: number }>>;
  /** every status she gave a question of the subject, oldest first (the backfill) */
  answerHistory(userId: string, subjectId: string): Promise<Array<{ questionId: string; chapterId: string | null; sessionId: string; status: number }>>;
}

/** What the plan needs of the flashcards feature (absent when FLASHCARDS_ENABLED is off). */
export interface PlanCardsSource {
  /** LEITNER_ENABLED: FSRS spaced repetition */
  spacedRepetition: boolean;
  /** cards per chapter of a subject ('' for cards of a set without a chapter) */
  cardCounts(subjectId: string): Promise<Map<string, number>>;
  /** per chapter of a subject: its (first) card set, the one a cards task opens */
  chapterSets(subjectId: string): Promise<Map<string, string>>;
  /** her latest verdict and FSRS state per card of the subject (the backfill) */
  cardStates(userId: string, subjectId: string): Promise<Array<{ flashcardId: string; chapterId: string | null; known: boolean | null; stability: number | null; lastReview: string | null }>>;
  /** cards of the subject due before `until` (spaced repetition) */
  dueCount(userId: string, subjectId: string, until: Date): Promise<number>;
}

/** What the plan needs of her own flashcards (the flashcards feature's OwnCardsService; absent when flashcards are off). */
export interface PlanOwnCardsSource {
  /** her own cards linked to these chapters, per chapter: how many and how many she knows */
  chapterCards(userId: string, chapterIds: string[]): Promise<Map<string, { cards: number; known: number }>>;
  /** her sets of a subject in her order, each with its cards due by `dueUntil` (spaced repetition) or, with null, not known yet */
  setsToStudy(userId: string, subjectId: string, dueUntil: Date | null): Promise<Array<{ id: string; title: string; cards: number }>>;
  /** per set of hers: the different cards she answered in it since an instant */
  answeredSince(userId: string, setIds: string[], since: Date): Promise<Map<string, number>>;
}

/** Her time for her own courses today (issue 41): what Blok's tasks of today leave of her minutes. */
export interface CourseDayTime {
  date: string;
  dayStart: Date;
  dayEnd: Date;
  /** her minutes per day and study days (@blok/domain/course-plan dayTime) */
  minutesPerDay: number;
  studyDays: number[];
  /** her minutes per day less the minutes of Blok's tasks today */
  minutesFree: number;
  spacedRepetition: boolean;
}

/** The plan's store of a day's plan (plan_days) for a day another feature plans: by key, saved again when its inputs changed. */
export interface PlanDayStore {
  find(key: string): Promise<string | undefined>;
  save(key: string, plan: string): Promise<void>;
}

/** Her own courses in today's plan (issue 41): planned by the courses feature (`courses/plan-source.ts`). */
export interface PlanCoursesSource {
  /** her courses with an exam date today or later and material to plan, each as a day of the plan */
  days(userId: string, time: CourseDayTime, store: PlanDayStore): Promise<SubjectDayPlan[]>;
}

export interface PlanSources {
  library: PlanLibrarySource;
  practice: PlanPracticeSource;
  cards: PlanCardsSource | null;
  ownCards?: PlanOwnCardsSource | null;
  courses?: PlanCoursesSource | null;
}

/** What the reminders need to know of her day. */
export interface DaySummary {
  hasPlan: boolean;
  /** tasks of today not done yet, and their minutes */
  tasksLeft: number;
  minutesLeft: number;
  /** tasks today at all */
  tasks: number;
  /** the nearest exam: subject and days until it */
  nearestExam: { subjectTitle: string; days: number } | null;
}

const subjectNotFound = () => new AppError('not_found', 'Dit vak staat niet in je bibliotheek.');
const MILLI = 1000;

const parseDays = (s: string) =>
  s
    .split(',')
    .filter(Boolean)
    .map(Number);

interface Standing {
  subjectTitle: string;
  chapters: ChapterReadinessOut[];
  readiness: number | null;
  expectedGrade: ExpectedGrade | null;
  gradedAnswers: number;
  /** per chapter: the probability estimated also without a graded answer, 0..100 (the plan's order of weakness) */
  estimates: Map<string, number>;
}

const DAY_MS = 86_400_000;
/** Voortgang's expected grade over time: the same twelve weeks as its calendar. */
const HISTORY_DAYS = 84;
/** The studio's calibration reads at most this many of a subject's latest mock exams. */
const CALIBRATION_LIMIT = 5000;

/** Per chapter: the questions of its lists (an exam draws from them). */
const questionCountsOf = (chapters: readonly ContentChapter[], lists: ReadonlyArray<{ id: string; chapter_id: string | null; total_questions: number }>) =>
  chapters.map((c) => lists.filter((l) => l.chapter_id === c.id || (l.chapter_id === null && l.id === c.questionListId)).reduce((sum, l) => sum + l.total_questions, 0));

/** A practice answer's score as evidence, or null when it is none (a skip, an answer waiting for her assessment, one the app did not judge). */
function practiceScore(e: Pick<AnswerEvent, 'status' | 'score' | 'graded'>): number | null {
  if (e.graded === false) return null;
  if (e.status !== 0 && e.status !== 1 && e.status !== 2) return null;
  return e.score ?? (e.status === 1 ? 1 : e.status === 2 ? 0.5 : 0);
}

/** Which kind of item a mark's evidence is about (a mock exam answer is one to a question). */
const itemKind = (kind: MarkRow['kind']) => (kind === 'card' ? 'card' : 'question');

/**
 * Exam-ready (issue 27, decision 021): her exam date per subject, readiness per chapter and subject,
 * and today's plan. Readiness and plan are computed by @blok/domain from the per-chapter aggregates
 * this service keeps: the questions, flashcards and library services call `recordAnswer`,
 * `recordCard` and `recordRead` inside their own unit of work, so an aggregate changes in the same
 * transaction as the answer, rating or read that changed it. A subject's aggregates are built from
 * her history once, on its first read (`ensureRebuilt`: students from before this feature).
 */
/**
 * Answers to these questions of a subject no longer count (a release changed their correct answer or
 * removed them, decision 029): the plan rebuilds the aggregates of every student who answered one on
 * her next read. For the writers of the catalogue without a PlanService at hand (the command-line
 * import, the seed), in their transaction.
 */
export async function forgetOutdatedAnswers(tx: Executor, subjectId: string, questionIds: readonly string[]): Promise<void> {
  if (questionIds.length > 0) await new PlanRepository(tx).forgetRebuilds(subjectId, questionIds);
}

export class PlanService {
  private readonly now: () => Date;

  private readonly students: ((userId: string) => Promise<Student>) | null;

  /** PostgreSQL runs transactions side by side: the aggregates' writers lock her subject first. */
  private readonly locks: boolean;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly sources: PlanSources,
    options: { now?: () => Date; students?: (userId: string) => Promise<Student>; dialect?: DialectName } = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.students = options.students ?? null;
    this.locks = options.dialect === 'postgres';
  }

  /** Holds her lock on a subject's aggregates to the end of the transaction `repo` runs on (PostgreSQL). */
  private async lock(repo: PlanRepository, userId: string, subjectId: string): Promise<void> {
    if (this.locks) await repo.lockSubject(userId, subjectId);
  }

  private get repo(): PlanRepository {
    return new PlanRepository(this.uow.executor);
  }

  // ------------------------------------------------------------------ exam plans

  private toExamPlan(subjectId: string, row: ExamPlanRow | undefined, timeZone: string | undefined): ExamPlan {
    const zone = timeZone ?? row?.time_zone ?? DEFAULT_TIME_ZONE;
    const today = localDate(this.now().getTime(), zone);
    return {
      subjectId,
      isSet: row !== undefined,
      examDate: row?.exam_date ?? null,
      minutesPerDay: row?.minutes_per_day ?? null,
      studyDays: row ? parseDays(row.study_days) : [...ALL_DAYS],
      timeZone: zone,
      daysUntilExam: row?.exam_date ? daysBetween(today, row.exam_date) : null,
    };
  }

  private async owned(student: Student, subjectId: string): Promise<void> {
    if (!(await this.sources.library.inLibrary(student, subjectId))) throw subjectNotFound();
  }

  async examPlan(student: Student, subjectId: string, timeZone?: string): Promise<ExamPlan> {
    await this.owned(student, subjectId);
    return this.toExamPlan(subjectId, await this.repo.findExamPlan(student.id, subjectId), timeZone);
  }

  /** Sets or changes her exam date, minutes and days in one step; today's plan is made again. */
  saveExamPlan(student: Student, subjectId: string, body: SaveExamPlanBody): Promise<ExamPlan> {
    return this.uow.run(async () => {
      await this.owned(student, subjectId);
      const nowMs = this.now().getTime();
      const today = localDate(nowMs, body.timeZone);
      if (body.examDate !== null) {
        const days = daysBetween(today, body.examDate);
        if (days < 0) throw new AppError('invalid_request', 'Kies een tentamendatum vanaf vandaag.');
        if (days > PLAN_MAX_DAYS_AHEAD) throw new AppError('invalid_request', 'Kies een tentamendatum binnen twee jaar.');
      }
      const repo = this.repo;
      const studyDays = [...new Set(body.studyDays)].sort((a, b) => a - b);
      await repo.saveExamPlan(
        { user_id: student.id, subject_id: subjectId, exam_date: body.examDate, minutes_per_day: body.minutesPerDay, study_days: studyDays.join(','), time_zone: body.timeZone },
        new Date(nowMs).toISOString(),
      );
      await repo.deleteDaysFrom(student.id, subjectId, today);
      return this.toExamPlan(subjectId, await repo.findExamPlan(student.id, subjectId), body.timeZone);
    });
  }

  /** Removes her exam plan of a subject; answers the defaults. */
  removeExamPlan(student: Student, subjectId: string, timeZone?: string): Promise<ExamPlan> {
    return this.uow.run(async () => {
      await this.owned(student, subjectId);
      const repo = this.repo;
      const row = await repo.findExamPlan(student.id, subjectId);
      if (row) {
        await repo.deleteExamPlan(student.id, subjectId);
        await repo.deleteDaysFrom(student.id, subjectId, localDate(this.now().getTime(), timeZone ?? row.time_zone));
      }
      return this.toExamPlan(subjectId, undefined, timeZone ?? row?.time_zone);
    });
  }

  // ------------------------------------------------------------------ readiness

  async readiness(student: Student, subjectId: string, timeZone?: string): Promise<SubjectReadiness> {
    await this.owned(student, subjectId);
    const plan = await this.repo.findExamPlan(student.id, subjectId);
    const zone = timeZone ?? plan?.time_zone ?? DEFAULT_TIME_ZONE;
    const today = localDate(this.now().getTime(), zone);
    const standing = await this.standing(student, subjectId, plan?.exam_date ?? null);
    // The weakest chapter she can open: lowest estimate (an untested chapter counts low), never a paywall.
    const estimate = (c: ChapterReadinessOut) => standing.estimates.get(c.chapterId) ?? 0;
    const weakest = standing.chapters.filter((c) => !c.locked).sort((a, b) => estimate(a) - estimate(b) || a.priority - b.priority || a.number - b.number)[0];
    const history = await this.repo.standingDays(student.id, subjectId, addDays(today, -(HISTORY_DAYS - 1)));
    return {
      subjectId,
      subjectTitle: standing.subjectTitle,
      examDate: plan?.exam_date ?? null,
      daysUntilExam: plan?.exam_date ? daysBetween(today, plan.exam_date) : null,
      readiness: standing.readiness,
      expectedGrade: standing.expectedGrade,
      expectedGradeHistory: history,
      gradedAnswers: standing.gradedAnswers,
      spacedRepetition: this.sources.cards?.spacedRepetition ?? false,
      weakestChapterId: weakest?.chapterId ?? null,
      chapters: standing.chapters,
    };
  }

  /** Where she stands per chapter, from the aggregates (built from her history on first use). */
  private async standing(student: Student, subjectId: string, examDate: string | null): Promise<Standing> {
    const userId = student.id;
    await this.ensureRebuilt(userId, subjectId);
    const cards = this.sources.cards;
    const [titles, chapters, lists, cardCounts, stats, cardMarks, evidence, difficulties] = await Promise.all([
      this.sources.library.subjectTitles([subjectId]),
      this.sources.library.chaptersOf(subjectId),
      this.sources.practice.listsOfSubject(subjectId),
      cards ? cards.cardCounts(subjectId) : Promise.resolve(new Map<string, number>()),
      this.repo.chapterStats(userId, subjectId),
      cards?.spacedRepetition ? this.repo.cardMarks(userId, subjectId) : Promise.resolve([]),
      this.repo.evidenceMarks(userId, subjectId),
      this.repo.difficulties(subjectId),
    ]);
    // Her own cards carry their latest verdict on the card itself: a count over her cards of these
    // chapters (one indexed read, bounded by her own-card limit), not a scan of her history.
    const ownCounts = this.sources.ownCards && chapters.length > 0 ? await this.sources.ownCards.chapterCards(userId, chapters.map((c) => c.id)) : new Map<string, { cards: number; known: number }>();
    const statsOf = new Map<string, ChapterStatsRow>(stats.map((s) => [s.chapter_id, s]));
    const nowMs = this.now().getTime();
    const examMs = examDate ? Date.parse(`${examDate}T09:00:00Z`) : null;
    const retention = new Map<string, { today: number; onExam: number }>();
    for (const m of cardMarks) {
      if (m.stability === null || m.last_review === null) continue;
      const last = Date.parse(m.last_review);
      const r = retention.get(m.chapter_id) ?? { today: 0, onExam: 0 };
      r.today += retrievability((nowMs - last) / 86_400_000, m.stability);
      if (examMs !== null) r.onExam += retrievability((examMs - last) / 86_400_000, m.stability);
      retention.set(m.chapter_id, r);
    }
    const questionCounts = questionCountsOf(chapters, lists);
    const known = this.standingOf(chapters, questionCounts, evidence, difficulties, nowMs);
    const out = chapters.map((c, index): ChapterReadinessOut => {
      const own = lists.filter((l) => l.chapter_id === c.id || (l.chapter_id === null && l.id === c.questionListId));
      const questionCount = questionCounts[index]!;
      const estimate = known.chapters[index]!;
      const listId = own.sort((a, b) => a.sort_index - b.sort_index)[0]?.id ?? null;
      const s = statsOf.get(c.id);
      const cardCount = cardCounts.get(c.id) ?? 0;
      const sums = retention.get(c.id);
      const ret = cards?.spacedRepetition && cardCount > 0 ? { today: (sums?.today ?? 0) / cardCount, onExam: examMs !== null ? (sums?.onExam ?? 0) / cardCount : null } : null;
      const standing = {
        read: s?.read === 1,
        questionsCorrect: Math.min(questionCount, s?.questions_correct ?? 0),
        cardsKnown: Math.min(cardCount, s?.cards_known ?? 0),
        ownCards: { count: ownCounts.get(c.id)?.cards ?? 0, known: Math.min(ownCounts.get(c.id)?.cards ?? 0, ownCounts.get(c.id)?.known ?? 0) },
      };
      return {
        chapterId: c.id,
        locked: c.access === 'premium' && !student.hasSubscription,
        number: index + 1,
        title: plainText(c.title),
        summaryId: c.summaryId,
        priority: c.priority,
        readiness: readinessPercent(estimate.probability),
        gradedAnswers: estimate.gradedAnswers,
        read: standing.read,
        questionListId: listId,
        questionCount,
        questionsAnswered: Math.min(questionCount, s?.questions_answered ?? 0),
        questionsCorrect: standing.questionsCorrect,
        cardCount: cardCount + standing.ownCards.count,
        cardsKnown: standing.cardsKnown + standing.ownCards.known,
        cardsUnknown: Math.min(cardCount, s?.cards_unknown ?? 0),
        ownCardCount: standing.ownCards.count,
        ownCardsKnown: standing.ownCards.known,
        retentionToday: ret ? Math.round(ret.today * 1000) / 1000 : null,
        retentionOnExam: ret?.onExam != null ? Math.round(ret.onExam * 1000) / 1000 : null,
        readingMinutes: readingMinutes(c.wordCount),
        reason: standingReason({ number: index + 1, probability: estimate.probability, questionCount, questionsCorrect: standing.questionsCorrect }),
      };
    });
    return {
      subjectTitle: titles.get(subjectId) ?? '',
      chapters: out,
      readiness: readinessPercent(known.probability),
      expectedGrade: known.gradedAnswers > 0 ? known.expectedGrade : null,
      gradedAnswers: known.gradedAnswers,
      estimates: new Map(chapters.map((c, i) => [c.id, Math.round(100 * known.chapters[i]!.estimate)])),
    };
  }

  /**
   * What she knows per chapter and the grade she can expect (@blok/domain/standing, decision 035),
   * from her latest answer per item and the items' current difficulties: a question nobody answered
   * yet has its prior difficulty (its chapter's priority). Her marks are one per item, so this reads
   * at most the subject's items, whatever her history.
   */
  private standingOf(
    chapters: ReadonlyArray<Pick<ContentChapter, 'id' | 'priority'>>,
    questionCounts: readonly number[],
    evidence: readonly EvidenceMark[],
    difficulties: ReadonlyArray<{ kind: string; item_id: string; chapter_id: string; difficulty: number }>,
    nowMs: number,
  ) {
    return subjectStanding(this.chapterEvidence(chapters, questionCounts, evidence, difficulties, nowMs));
  }

  private chapterEvidence(
    chapters: ReadonlyArray<Pick<ContentChapter, 'id' | 'priority'>>,
    questionCounts: readonly number[],
    evidence: readonly EvidenceMark[],
    difficulties: ReadonlyArray<{ kind: string; item_id: string; chapter_id: string; difficulty: number }>,
    nowMs: number,
  ): ChapterEvidence[] {
    const difficultyOf = new Map(difficulties.map((d) => [`${d.kind}:${d.item_id}`, d.difficulty]));
    const questionsOf = new Map<string, number[]>();
    for (const d of difficulties) {
      if (d.kind !== 'question') continue;
      const list = questionsOf.get(d.chapter_id);
      if (list) list.push(d.difficulty);
      else questionsOf.set(d.chapter_id, [d.difficulty]);
    }
    const byChapter = new Map<string, EvidenceMark[]>();
    for (const m of evidence) {
      const list = byChapter.get(m.chapter_id);
      if (list) list.push(m);
      else byChapter.set(m.chapter_id, [m]);
    }
    return chapters.map((c, i) => {
      const prior = priorDifficulty(c.priority).difficulty;
      const count = questionCounts[i] ?? 0;
      const learnt = (questionsOf.get(c.id) ?? []).slice(0, count);
      return {
        id: c.id,
        priority: c.priority,
        examDifficulties: [...learnt, ...Array.from({ length: count - learnt.length }, () => prior)],
        evidence: (byChapter.get(c.id) ?? []).map(
          (m): EvidenceItem => ({
            source: m.source as EvidenceSource,
            score: m.score ?? 0,
            ageDays: Math.max(0, (nowMs - Date.parse(m.updated_at)) / DAY_MS),
            difficulty: difficultyOf.get(`${itemKind(m.kind)}:${m.item_id}`) ?? prior,
          }),
        ),
      };
    });
  }

  /** Her standing in a subject as it is on the transaction `repo` runs on (reads at most the subject's items). */
  private async standingIn(repo: PlanRepository, userId: string, subjectId: string, nowMs: number) {
    const [chapters, lists, evidence, difficulties] = await Promise.all([
      this.sources.library.chaptersOf(subjectId),
      this.sources.practice.listsOfSubject(subjectId),
      repo.evidenceMarks(userId, subjectId),
      repo.difficulties(subjectId),
    ]);
    const known = this.standingOf(chapters, questionCountsOf(chapters, lists), evidence, difficulties, nowMs);
    return { chapters, difficulties, known };
  }

  /**
   * Her expected grade after a graded answer, as her day's point on Voortgang's line (issue 39): in
   * the answer's transaction, one row per subject and local day (the day's last answer stands).
   */
  private async recordStanding(repo: PlanRepository, userId: string, subjectId: string, nowIso: string): Promise<void> {
    const { known } = await this.standingIn(repo, userId, subjectId, Date.parse(nowIso));
    if (known.gradedAnswers === 0 || !known.expectedGrade) return;
    const { grade, low, high } = known.expectedGrade;
    await repo.saveStandingDay({ user_id: userId, subject_id: subjectId, date: await this.dateFor(repo, userId, subjectId), grade, low, high, graded_answers: known.gradedAnswers, updated_at: nowIso });
  }

  /**
   * Before a mock exam's answers count: what the plan predicted of it (her expected grade and range,
   * and per question the probability of a right answer), kept beside the grade she got for the
   * studio's calibration. Only when she was shown an expected grade (a graded answer before). An
   * open answer waiting for her own assessment is left out of both sides (the app did not judge it;
   * most exams hold one): the grade is that of the questions the app judged, an unanswered one 0.
   */
  private async recordPrediction(repo: PlanRepository, e: MockExamClosedEvent): Promise<void> {
    const judged = e.answers.filter((a) => a.status !== MOCK_EXAM_AWAITING);
    if (judged.length === 0) return;
    const { chapters, difficulties, known } = await this.standingIn(repo, e.userId, e.subjectId, Date.parse(e.at));
    if (known.gradedAnswers === 0 || !known.expectedGrade) return;
    const difficultyOf = new Map(difficulties.filter((d) => d.kind === 'question').map((d) => [d.item_id, d.difficulty]));
    let questions = 0;
    let brierSum = 0;
    for (const a of judged) {
      const i = chapters.findIndex((c) => c.id === a.chapterId);
      if (i < 0) continue;
      const p = predictRight(known.chapters[i]!.ability, difficultyOf.get(a.questionId) ?? priorDifficulty(chapters[i]!.priority).difficulty);
      // an unanswered question of a handed-in exam earns nothing
      const score = practiceScore({ status: a.status }) ?? 0;
      brierSum += (p - score) ** 2;
      questions++;
    }
    const { grade, low, high } = known.expectedGrade;
    await repo.savePrediction({
      exam_id: e.examId,
      user_id: e.userId,
      subject_id: e.subjectId,
      predicted: grade,
      low,
      high,
      achieved: gradeMockExam(judged.map((a) => a.status)).grade,
      graded_before: known.gradedAnswers,
      questions,
      brier_sum: brierSum,
      closed_at: e.at,
    });
  }

  /** The studio's calibration of a subject (its editors and admins; the studio checks who asks): predicted against achieved mock exam grades. */
  async calibration(subjectId: string): Promise<Calibration & { students: number }> {
    const rows = await this.repo.predictionsOf(subjectId, CALIBRATION_LIMIT);
    return {
      ...calibrate(rows.map((r) => ({ predicted: r.predicted, low: r.low, high: r.high, achieved: r.achieved, questions: r.questions, brierSum: r.brier_sum }))),
      students: new Set(rows.map((r) => r.user_id)).size,
    };
  }

  /**
   * Her first graded answer to an item teaches its difficulty (online, @blok/domain/rasch): read
   * against her ability in its chapter before this answer, as an average student's until her answers
   * say more. Later answers of hers to the same item do not (she has seen its feedback). In the
   * answer's transaction; reads her marks of the subject (one per item) and the subject's difficulties.
   */
  private async learnDifficulty(repo: PlanRepository, e: { userId: string; subjectId: string; chapterId: string }, kind: 'question' | 'card', itemId: string, score: number, nowIso: string): Promise<void> {
    const [chapters, evidence, difficulties] = await Promise.all([
      this.sources.library.chaptersOf(e.subjectId),
      repo.evidenceMarks(e.userId, e.subjectId),
      repo.difficulties(e.subjectId),
    ]);
    const chapter = chapters.find((c) => c.id === e.chapterId);
    const priority = chapter?.priority ?? 2;
    const before = evidence.filter((m) => !(itemKind(m.kind) === kind && m.item_id === itemId));
    const ability = chapterAbility(this.chapterEvidence(chapters, chapters.map(() => 0), before, difficulties, Date.parse(nowIso)), e.chapterId);
    const row = await repo.findDifficulty(kind, itemId);
    const next = updateDifficulty(row ?? priorDifficulty(priority), ability, score);
    await repo.saveDifficulty({ kind, item_id: itemId, subject_id: e.subjectId, chapter_id: e.chapterId, difficulty: next.difficulty, information: next.information, answers: next.answers, updated_at: nowIso });
  }

  // ------------------------------------------------------------------ today's plan

  /** Her plan for today over every subject she saved an exam plan for. */
  async today(student: Student, timeZone?: string): Promise<TodayPlan> {
    const plans = await this.repo.examPlansOf(student.id);
    const zone = timeZone ?? plans[0]?.time_zone ?? DEFAULT_TIME_ZONE;
    const date = localDate(this.now().getTime(), zone);
    const subjects: SubjectDayPlan[] = [];
    for (const plan of plans) {
      if (!(await this.sources.library.inLibrary(student, plan.subject_id))) continue;
      subjects.push(await this.subjectDay(student, plan, date, zone));
    }
    subjects.push(...(await this.courseDays(student.id, plans, date, zone, subjects)));
    subjects.sort((a, b) => (a.examDate ?? '9999').localeCompare(b.examDate ?? '9999') || a.subjectTitle.localeCompare(b.subjectTitle, 'nl'));
    const taskCount = subjects.reduce((n, s) => n + s.tasks.length, 0);
    return { date, timeZone: zone, subjects, allDone: taskCount > 0 && subjects.every((s) => s.done) };
  }

  /** Her own courses (issue 41), planned by their feature in what Blok's tasks of today leave of her minutes (decision 039's addendum). */
  private async courseDays(userId: string, plans: ExamPlanRow[], date: string, zone: string, subjects: SubjectDayPlan[]): Promise<SubjectDayPlan[]> {
    const courses = this.sources.courses;
    if (!courses) return [];
    const time = dayTime(plans.map((p) => ({ minutesPerDay: p.minutes_per_day, studyDays: parseDays(p.study_days), updatedAt: p.updated_at })));
    const taken = subjects.reduce((n, s) => n + s.minutes, 0);
    const key = (id: string) => `course:${id}`;
    const store: PlanDayStore = {
      find: (id) => this.repo.findDay(userId, key(id), date),
      save: (id, plan) =>
        this.uow.run(async (tx) => {
          const repo = new PlanRepository(tx);
          await repo.deleteDaysFrom(userId, key(id), date);
          await repo.saveDay(userId, key(id), date, plan, this.now().toISOString());
        }),
    };
    const dayStart = startOfLocalDay(date, zone);
    const dayEnd = startOfLocalDay(addDays(date, 1), zone);
    return courses.days(userId, { date, dayStart, dayEnd, ...time, minutesFree: Math.max(0, time.minutesPerDay - taken), spacedRepetition: this.sources.cards?.spacedRepetition ?? false }, store);
  }

  private async subjectDay(student: Student, plan: ExamPlanRow, date: string, zone: string): Promise<SubjectDayPlan> {
    const userId = student.id;
    const standing = await this.standing(student, plan.subject_id, plan.exam_date);
    const cards = this.sources.cards;
    const dayEnd = startOfLocalDay(addDays(date, 1), zone);
    const dueNow = cards?.spacedRepetition ? await cards.dueCount(userId, plan.subject_id, dayEnd) : null;
    // Her own sets of the subject, with what is due (or not known yet) in each now, asked of their owner.
    const ownCards = this.sources.ownCards;
    const ownSets = ownCards ? await ownCards.setsToStudy(userId, plan.subject_id, cards?.spacedRepetition ? dayEnd : null) : [];
    const minutesPerDay = plan.minutes_per_day ?? DEFAULT_MINUTES_PER_DAY;
    // The day's plan is made once (the first time she looks that day), so its tasks tick off as she
    // does them instead of moving on to the next ones.
    let day: DayPlan;
    const stored = await this.repo.findDay(userId, plan.subject_id, date);
    if (stored) {
      day = JSON.parse(stored) as DayPlan;
    } else {
      day = planDay({
        today: date,
        examDate: plan.exam_date,
        minutesPerDay,
        studyDays: parseDays(plan.study_days),
        cardsDue: dueNow,
        ownSets: ownSets.map((set) => ({ setId: set.id, title: set.title, cards: set.cards })),
        chapters: standing.chapters.map((c) => ({
          id: c.chapterId,
          number: c.number,
          priority: c.priority,
          wordCount: c.readingMinutes * 200,
          read: c.read,
          readable: !c.locked,
          questionCount: c.questionCount,
          questionsCorrect: c.questionsCorrect,
          questionListId: c.questionListId,
          readiness: standing.estimates.get(c.chapterId) ?? 0,
          // Cards tasks are the chapter's cards: they tick off from its sessions (her own cards count
          // in readiness only).
          cardCount: c.cardCount - c.ownCardCount,
          cardsKnown: c.cardsKnown - c.ownCardsKnown,
        })),
      });
      await this.uow.run((tx) => new PlanRepository(tx).saveDay(userId, plan.subject_id, date, JSON.stringify(day), this.now().toISOString()));
    }
    const activity = await this.repo.activityOn(userId, [plan.subject_id], date);
    const byChapter = new Map(activity.map((a) => [a.chapter_id, a]));
    const cardsToday = activity.reduce((n, a) => n + a.cards, 0);
    const chapterOf = new Map(standing.chapters.map((c) => [c.chapterId, c]));
    const ownTaskSets = day.tasks.flatMap((t) => (t.kind === 'own-cards' ? [t.setId] : []));
    const ownDone = ownCards && ownTaskSets.length > 0 ? await ownCards.answeredSince(userId, ownTaskSets, startOfLocalDay(date, zone)) : new Map<string, number>();
    const ownLeft = new Map(ownSets.map((set) => [set.id, set.cards]));
    const own = { done: ownDone, left: ownLeft };
    const sets = cards && day.tasks.some((t) => t.kind === 'cards') ? await cards.chapterSets(plan.subject_id) : new Map<string, string>();
    const tasks = day.tasks.map((t): PlanTaskOut => this.tick(t, chapterOf, byChapter, cardsToday, dueNow, own, sets));
    return {
      subjectId: plan.subject_id,
      subjectTitle: standing.subjectTitle,
      examDate: plan.exam_date,
      daysUntilExam: day.daysUntilExam,
      studyDaysLeft: day.studyDaysLeft,
      phase: day.phase,
      minutesPerDay,
      minutes: day.minutes,
      minutesLeft: day.minutesLeft,
      tooShort: day.tooShort,
      readiness: standing.readiness,
      expectedGrade: standing.expectedGrade,
      tasks,
      done: tasks.every((t) => t.done),
    };
  }

  /** How far a task is, from what she did today (and, for reading, whether the chapter is read). */
  private tick(
    t: PlanTask,
    chapterOf: Map<string, ChapterReadinessOut>,
    byChapter: Map<string, { questions: number; cards: number }>,
    cardsToday: number,
    dueNow: number | null,
    own: { done: Map<string, number>; left: Map<string, number> },
    sets: Map<string, string>,
  ): PlanTaskOut {
    const base = { title: taskTitle(t), minutes: t.minutes, summaryId: null as string | null, questionListId: null as string | null, flashcardSetId: null as string | null, ownSetId: null as string | null };
    switch (t.kind) {
      case 'read': {
        const c = chapterOf.get(t.chapterId);
        const progress = c?.read ? 1 : 0;
        return { ...base, id: `read:${t.chapterId}`, kind: 'read', chapterId: t.chapterId, chapterNumber: t.chapterNumber, summaryId: c?.summaryId ?? null, progress, target: 1, done: progress >= 1 };
      }
      case 'practice': {
        const progress = Math.min(t.questions, byChapter.get(t.chapterId)?.questions ?? 0);
        return { ...base, id: `practice:${t.chapterId}`, kind: 'practice', chapterId: t.chapterId, chapterNumber: t.chapterNumber, questionListId: t.questionListId, progress, target: t.questions, done: progress >= t.questions };
      }
      case 'cards': {
        const progress = Math.min(t.cards, byChapter.get(t.chapterId)?.cards ?? 0);
        return { ...base, id: `cards:${t.chapterId}`, kind: 'cards', chapterId: t.chapterId, chapterNumber: t.chapterNumber, flashcardSetId: sets.get(t.chapterId) ?? null, progress, target: t.cards, done: progress >= t.cards };
      }
      case 'review': {
        const progress = dueNow === 0 ? t.cards : Math.min(t.cards, cardsToday);
        return { ...base, id: 'review', kind: 'review', chapterId: null, chapterNumber: null, progress, target: t.cards, done: progress >= t.cards };
      }
      case 'own-cards': {
        // The cards of her set she went through today; nothing left due (or unknown) in it is done too.
        const progress = (own.left.get(t.setId) ?? 0) === 0 ? t.cards : Math.min(t.cards, own.done.get(t.setId) ?? 0);
        return { ...base, id: `own-cards:${t.setId}`, kind: 'own-cards', chapterId: null, chapterNumber: null, ownSetId: t.setId, progress, target: t.cards, done: progress >= t.cards };
      }
    }
  }

  /** Her day for the reminders: what is left today and the nearest exam. */
  async daySummary(userId: string): Promise<DaySummary> {
    const plans = await this.repo.examPlansOf(userId);
    if (plans.length === 0) return { hasPlan: false, tasksLeft: 0, minutesLeft: 0, tasks: 0, nearestExam: null };
    const student: Student = this.students ? await this.students(userId) : { id: userId, study: '', year: '', hasSubscription: false, firstName: '' };
    const zone = plans[0]!.time_zone;
    const date = localDate(this.now().getTime(), zone);
    let tasksLeft = 0;
    let minutesLeft = 0;
    let tasks = 0;
    let nearestExam: DaySummary['nearestExam'] = null;
    for (const plan of plans) {
      if (this.students && !(await this.sources.library.inLibrary(student, plan.subject_id))) continue;
      const day = await this.subjectDay(student, plan, date, zone);
      tasks += day.tasks.length;
      for (const t of day.tasks) {
        if (!t.done) {
          tasksLeft += 1;
          minutesLeft += t.minutes;
        }
      }
      if (day.daysUntilExam !== null && day.daysUntilExam >= 0 && (nearestExam === null || day.daysUntilExam < nearestExam.days)) {
        nearestExam = { subjectTitle: day.subjectTitle, days: day.daysUntilExam };
      }
    }
    return { hasPlan: true, tasksLeft, minutesLeft, tasks, nearestExam };
  }

  /** Her time zone as her plans know it (the most recently saved one), read on `db` (a job's transaction). */
  async timeZoneIn(db: Executor, userId: string): Promise<string | undefined> {
    const plans = await new PlanRepository(db).examPlansOf(userId);
    return [...plans].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0]?.time_zone;
  }

  // ------------------------------------------------------------------ the write paths' hooks

  /** Her local date for a subject's activity. */
  private async dateFor(repo: PlanRepository, userId: string, subjectId: string): Promise<string> {
    const zone = (await repo.timeZoneOf(userId, subjectId)) ?? DEFAULT_TIME_ZONE;
    return localDate(this.now().getTime(), zone);
  }

  /**
   * An answer (or a skip, or the assessment of an open answer) was stored: called by the questions
   * service inside its unit of work. The question's latest state replaces its earlier one in the
   * chapter's aggregates; an answer in a new session keeps the one before as `previous_state`.
   */
  async recordAnswer(tx: Executor, e: AnswerEvent): Promise<void> {
    const repo = new PlanRepository(tx);
    await this.lock(repo, e.userId, e.subjectId);
    const nowIso = this.now().toISOString();
    const mark = await repo.findMark(e.userId, 'question', e.questionId);
    const sameSession = mark?.session_id === e.sessionId;
    const previous = mark ? (sameSession ? mark.previous_state : mark.state) : null;
    // A real answer counts as today's activity once per session (a skip does not; its later answer does).
    const counts = e.status !== 3 && (!mark || !sameSession || mark.state === 3);
    if (e.chapterId) {
      const before = mark ? questionValue(mark.state, mark.previous_state) : 0;
      const after = questionValue(e.status, previous);
      const delta: StatsDelta = {
        questionPoints: Math.round(after * MILLI) - Math.round(before * MILLI),
        questionsAnswered: mark ? 0 : 1,
        questionsCorrect: (e.status === 1 ? 1 : 0) - (mark?.state === 1 ? 1 : 0),
      };
      await repo.addToStats(e.userId, e.subjectId, e.chapterId, delta, nowIso);
    }
    // As evidence: her latest judged answer to the question; a skip or an answer waiting for her
    // own assessment keeps what her earlier answer showed.
    const score = practiceScore(e);
    if (score !== null && e.chapterId && !mark?.source) await this.learnDifficulty(repo, { ...e, chapterId: e.chapterId }, 'question', e.questionId, score, nowIso);
    await repo.saveMark({
      user_id: e.userId,
      kind: 'question',
      item_id: e.questionId,
      subject_id: e.subjectId,
      chapter_id: e.chapterId ?? '',
      session_id: e.sessionId,
      state: e.status,
      previous_state: previous,
      stability: null,
      last_review: null,
      source: score !== null ? 'practice' : (mark?.source ?? null),
      score: score ?? mark?.score ?? null,
      updated_at: score !== null || !mark ? nowIso : mark.updated_at,
    });
    if (counts) await repo.addActivity(e.userId, e.subjectId, await this.dateFor(repo, e.userId, e.subjectId), e.chapterId ?? '', { questions: 1 }, nowIso);
    if (score !== null && e.chapterId) await this.recordStanding(repo, e.userId, e.subjectId, nowIso);
  }

  /** A card verdict ('Wist ik' / 'Wist ik niet', or an FSRS rating) was stored: called by the flashcards service in its unit of work. */
  async recordCard(tx: Executor, e: CardEvent): Promise<void> {
    const repo = new PlanRepository(tx);
    await this.lock(repo, e.userId, e.subjectId);
    const nowIso = this.now().toISOString();
    const mark = await repo.findMark(e.userId, 'card', e.flashcardId);
    const state = e.known ? 1 : 0;
    // A typed or checked answer the app judged is graded evidence; her own verdict is self-report.
    const source: EvidenceSource = e.score !== undefined ? 'card-typed' : 'self-report';
    const score = e.score !== undefined ? Math.min(1, Math.max(0, e.score)) : state;
    if (source === 'card-typed' && e.chapterId && mark?.source !== 'card-typed') await this.learnDifficulty(repo, { ...e, chapterId: e.chapterId }, 'card', e.flashcardId, score, nowIso);
    if (e.chapterId && mark?.state !== state) {
      const delta: StatsDelta = { cardsKnown: (state === 1 ? 1 : 0) - (mark?.state === 1 ? 1 : 0), cardsUnknown: (state === 0 ? 1 : 0) - (mark && mark.state === 0 ? 1 : 0) };
      await repo.addToStats(e.userId, e.subjectId, e.chapterId, delta, nowIso);
    }
    await repo.saveMark({
      user_id: e.userId,
      kind: 'card',
      item_id: e.flashcardId,
      subject_id: e.subjectId,
      chapter_id: e.chapterId ?? '',
      session_id: null,
      state,
      previous_state: mark?.state ?? null,
      stability: e.fsrs?.stability ?? mark?.stability ?? null,
      last_review: e.fsrs?.lastReview ?? mark?.last_review ?? null,
      source,
      score,
      updated_at: nowIso,
    });
    await repo.addActivity(e.userId, e.subjectId, await this.dateFor(repo, e.userId, e.subjectId), e.chapterId ?? '', { cards: 1 }, nowIso);
    if (source === 'card-typed' && e.chapterId) await this.recordStanding(repo, e.userId, e.subjectId, nowIso);
  }

  /**
   * A mock exam closed (handed in, or at its deadline): called in the transaction that closed it.
   * Each answer the app judged (a multiple-choice question: right, partly right or wrong) becomes
   * her latest mock exam answer to that question, strong evidence (decision 035); an unanswered
   * question or an open answer she assesses herself is none. A question she never answered before
   * teaches its difficulty.
   */
  async recordMockExam(tx: Executor, e: MockExamClosedEvent): Promise<void> {
    const repo = new PlanRepository(tx);
    await this.lock(repo, e.userId, e.subjectId);
    const nowIso = this.now().toISOString();
    await this.recordPrediction(repo, e);
    let judged = false;
    for (const a of e.answers) {
      const score = practiceScore({ status: a.status });
      if (score === null || !a.chapterId) continue;
      judged = true;
      const [practised, earlier] = await Promise.all([repo.findMark(e.userId, 'question', a.questionId), repo.findMark(e.userId, 'mock', a.questionId)]);
      if (!practised?.source && !earlier?.source) await this.learnDifficulty(repo, { ...e, chapterId: a.chapterId }, 'question', a.questionId, score, nowIso);
      await repo.saveMark({
        user_id: e.userId,
        kind: 'mock',
        item_id: a.questionId,
        subject_id: e.subjectId,
        chapter_id: a.chapterId,
        session_id: e.examId,
        state: a.status,
        previous_state: earlier?.state ?? null,
        stability: null,
        last_review: null,
        source: 'mock-exam',
        score,
        updated_at: e.at,
      });
    }
    if (judged) await this.recordStanding(repo, e.userId, e.subjectId, nowIso);
  }

  /** Chapters were marked read: called by the library service in its unit of work. */
  async recordRead(tx: Executor, e: ReadEvent): Promise<void> {
    if (e.chapterIds.length === 0) return;
    const repo = new PlanRepository(tx);
    await this.lock(repo, e.userId, e.subjectId);
    const nowIso = this.now().toISOString();
    const date = await this.dateFor(repo, e.userId, e.subjectId);
    for (const chapterId of e.chapterIds) {
      if (await repo.isRead(e.userId, chapterId)) continue;
      await repo.addToStats(e.userId, e.subjectId, chapterId, { read: 1 }, nowIso);
      await repo.addActivity(e.userId, e.subjectId, date, chapterId, { read: 1 }, nowIso);
    }
  }

  /**
   * A release (the studio's publish or roll-back) changed the correct answer of these questions or
   * removed them, in transaction `tx`: answers to them no longer count (decision 029), so the
   * aggregates of every student who answered one are rebuilt from her history (which leaves such
   * answers out) on her next read of the plan. Bounded: one statement in the release's transaction,
   * whatever the number of students; the rebuild itself runs per student, when she looks.
   */
  async questionsOutdated(tx: Executor, subjectId: string, questionIds: readonly string[]): Promise<void> {
    await forgetOutdatedAnswers(tx, subjectId, questionIds);
  }

  // ------------------------------------------------------------------ backfill

  /**
   * Builds a subject's aggregates from her history, once (students from before this feature, or a
   * subject she never touched: then it is cheap). Idempotent: the rebuild claims its row in
   * plan_rebuilds in the same transaction, so two requests never both build it. It holds her lock on
   * the subject (as the answer, verdict and read hooks do) from before it clears to its commit: an
   * answer committed before it is in the history it reads, one after it adds to what it built.
   */
  async ensureRebuilt(userId: string, subjectId: string): Promise<void> {
    if (await this.repo.isRebuilt(userId, subjectId)) return;
    await this.uow.run(async (tx) => {
      const repo = new PlanRepository(tx);
      await this.lock(repo, userId, subjectId);
      const nowIso = this.now().toISOString();
      if (!(await repo.claimRebuild(userId, subjectId, nowIso))) return;
      await repo.clearSubject(userId, subjectId);
      const [history, reads, cardStates] = await Promise.all([
        this.sources.practice.answerHistory(userId, subjectId),
        this.sources.library.readChapterIds(userId, subjectId),
        this.sources.cards ? this.sources.cards.cardStates(userId, subjectId) : Promise.resolve([]),
      ]);
      const deltas = new Map<string, Required<StatsDelta>>();
      const deltaOf = (chapterId: string) => {
        let d = deltas.get(chapterId);
        if (!d) {
          d = { read: 1, questionPoints: 0, questionsAnswered: 0, questionsCorrect: 0, cardsKnown: 0, cardsUnknown: 0 };
          deltas.set(chapterId, d);
        }
        return d;
      };
      const readSet = new Set(reads);
      // Per question: the status of its latest session and of the session before.
      const byQuestion = new Map<string, { chapterId: string | null; sessions: Array<{ sessionId: string; status: number }> }>();
      for (const h of history) {
        const q = byQuestion.get(h.questionId) ?? { chapterId: h.chapterId, sessions: [] };
        const last = q.sessions[q.sessions.length - 1];
        if (last?.sessionId === h.sessionId) last.status = h.status;
        else q.sessions.push({ sessionId: h.sessionId, status: h.status });
        byQuestion.set(h.questionId, q);
      }
      for (const [questionId, q] of byQuestion) {
        const latest = q.sessions[q.sessions.length - 1]!;
        const previous = q.sessions.length > 1 ? q.sessions[q.sessions.length - 2]!.status : null;
        if (q.chapterId) {
          const d = deltaOf(q.chapterId);
          d.questionPoints += Math.round(questionValue(latest.status, previous) * MILLI);
          d.questionsAnswered += 1;
          if (latest.status === 1) d.questionsCorrect += 1;
        }
        // As evidence: her latest judged answer (a later skip keeps it); its time is not in the history, so it counts as now.
        const judged = [...q.sessions].reverse().find((x) => practiceScore(x) !== null);
        const score = judged ? practiceScore(judged) : null;
        await repo.saveMark({ user_id: userId, kind: 'question', item_id: questionId, subject_id: subjectId, chapter_id: q.chapterId ?? '', session_id: latest.sessionId, state: latest.status, previous_state: previous, stability: null, last_review: null, source: score === null ? null : 'practice', score, updated_at: nowIso });
      }
      for (const c of cardStates) {
        if (c.known === null && c.stability === null) continue;
        if (c.chapterId && c.known !== null) {
          const d = deltaOf(c.chapterId);
          if (c.known) d.cardsKnown += 1;
          else d.cardsUnknown += 1;
        }
        await repo.saveMark({
          user_id: userId,
          kind: 'card',
          item_id: c.flashcardId,
          subject_id: subjectId,
          chapter_id: c.chapterId ?? '',
          session_id: null,
          state: c.known ? 1 : 0,
          previous_state: null,
          stability: c.stability,
          last_review: c.lastReview,
          // her verdict is self-report, from its review time (or now), so it decays as a new one does
          source: c.known === null ? null : 'self-report',
          score: c.known === null ? null : c.known ? 1 : 0,
          updated_at: c.lastReview ?? nowIso,
        });
      }
      for (const chapterId of readSet) deltaOf(chapterId);
      for (const [chapterId, d] of deltas) {
        const { read: _read, ...rest } = d;
        await repo.addToStats(userId, subjectId, chapterId, readSet.has(chapterId) ? { ...rest, read: 1 } : rest, nowIso);
      }
    });
  }
}
