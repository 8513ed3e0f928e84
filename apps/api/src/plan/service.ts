import type { ChapterReadiness as ChapterReadinessOut, ExamPlan, ExpectedGrade, PlanTask as PlanTaskOut, SaveExamPlanBody, SubjectDayPlan, SubjectReadiness, TodayPlan } from '@blok/contract';
import { PLAN_MAX_DAYS_AHEAD } from '@blok/contract';
import type { DialectName, Executor } from '@blok/db';
import { questionValue, retrievability } from '@blok/domain/readiness';
import { readinessPercent, standingReason } from '@blok/domain/standing';
import { ALL_DAYS, DEFAULT_MINUTES_PER_DAY, addDays, daysBetween, planDay, readingMinutes, taskTitle, type DayPlan, type PlanTask } from '@blok/domain/study-plan';
import { plainText } from '@blok/domain/markup';
import { dayTime } from '@blok/domain/course-plan';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { PlanRepository, type ChapterStatsRow, type ExamPlanRow, type StatsDelta } from './repository.ts';
import { DEFAULT_TIME_ZONE, localDate, startOfLocalDay } from './zone.ts';
import type { AnswerEvent, CardEvent, MockExamClosedEvent, ReadEvent } from '../write/events.ts';
import { questionCountsOf, studentsMarkedOn, type ReadinessService, type WriteTime } from '../standing/readiness.ts';

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

/**
 * What the plan needs of the standing (decisions 035, 046, 047): where she stands (her evidence, the
 * estimate, her cards' FSRS state, her expected grade per day), and, in its hooks and backfill, to
 * hand on her answers with her local date.
 */
export type PlanStandingSource = Pick<ReadinessService, 'evidenceOf' | 'estimate' | 'cardStates' | 'history' | 'recordAnswer' | 'recordCard' | 'recordMockExam' | 'rebuildMarks'>;

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
  standing: PlanStandingSource;
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

/** Voortgang's expected grade over time: the same twelve weeks as its calendar. */
const HISTORY_DAYS = 84;

/**
 * Answers to these questions of a subject no longer count as they did (a release changed their correct
 * answer, removed them or moved them to another chapter, decision 029): the plan rebuilds the
 * aggregates of every student who answered one (the standing's marks name her) on her next read. For
 * the writers of the catalogue without a PlanService at hand (the command-line import, the seed), in
 * their transaction.
 */
export async function forgetOutdatedAnswers(tx: Executor, subjectId: string, questionIds: readonly string[]): Promise<void> {
  if (questionIds.length > 0) await new PlanRepository(tx).forgetRebuilds(subjectId, questionIds, (chunk) => studentsMarkedOn(tx, subjectId, chunk));
}

/**
 * Exam-ready (issue 27, decision 021): her exam date per subject, and today's plan, with readiness per
 * chapter and subject as the standing estimates it (decisions 035, 046, 047). The plan keeps its own
 * per-chapter aggregates (read, answered, right, cards known) and the day's activity: the questions,
 * flashcards, library and mock exam services call `recordAnswer`, `recordCard`, `recordRead` and
 * `recordMockExam` inside their own unit of work, and each hook hands the answer on to the standing in
 * that same transaction. A subject's aggregates (and the standing's marks) are built from her history
 * once, on its first read (`ensureRebuilt`: students from before this feature).
 */
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
    const history = await this.sources.standing.history(student.id, subjectId, addDays(today, -(HISTORY_DAYS - 1)));
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
    const standingOf = this.sources.standing;
    const [titles, chapters, lists, cardCounts, stats, cardMarks, evidence] = await Promise.all([
      this.sources.library.subjectTitles([subjectId]),
      this.sources.library.chaptersOf(subjectId),
      this.sources.practice.listsOfSubject(subjectId),
      cards ? cards.cardCounts(subjectId) : Promise.resolve(new Map<string, number>()),
      this.repo.chapterStats(userId, subjectId),
      cards?.spacedRepetition ? standingOf.cardStates(userId, subjectId) : Promise.resolve([]),
      standingOf.evidenceOf(userId, subjectId),
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
    const known = standingOf.estimate(evidence, chapters, questionCounts, nowMs);
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

  /** Her day for the reminders: what is left today and the nearest exam, over Blok's subjects and her own courses. */
  async daySummary(userId: string): Promise<DaySummary> {
    const plans = await this.repo.examPlansOf(userId);
    const student: Student = this.students ? await this.students(userId) : { id: userId, study: '', year: '', hasSubscription: false, firstName: '' };
    const zone = plans[0]?.time_zone ?? DEFAULT_TIME_ZONE;
    const date = localDate(this.now().getTime(), zone);
    const days: SubjectDayPlan[] = [];
    for (const plan of plans) {
      if (this.students && !(await this.sources.library.inLibrary(student, plan.subject_id))) continue;
      days.push(await this.subjectDay(student, plan, date, zone));
    }
    // her own courses with an exam date (issue 41), as 'Vandaag' plans them
    const courses = await this.courseDays(userId, plans, date, zone, days);
    if (plans.length === 0 && courses.length === 0) return { hasPlan: false, tasksLeft: 0, minutesLeft: 0, tasks: 0, nearestExam: null };
    let tasksLeft = 0;
    let minutesLeft = 0;
    let tasks = 0;
    let nearestExam: DaySummary['nearestExam'] = null;
    for (const day of [...days, ...courses]) {
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

  /** The time of a hook's write, with her local date read once, when first asked (the standing asks for its day's grade). */
  private writeTime(repo: PlanRepository, userId: string, subjectId: string): WriteTime {
    let date: Promise<string> | undefined;
    return { nowIso: this.now().toISOString(), date: () => (date ??= this.dateFor(repo, userId, subjectId)) };
  }

  /**
   * An answer (or a skip, or the assessment of an open answer) was stored: called by the questions
   * service inside its unit of work. The standing keeps it as her latest answer to the question (and
   * as evidence); its value replaces the one before in the chapter's aggregates.
   */
  async recordAnswer(tx: Executor, e: AnswerEvent): Promise<void> {
    const repo = new PlanRepository(tx);
    await this.lock(repo, e.userId, e.subjectId);
    const time = this.writeTime(repo, e.userId, e.subjectId);
    const { before: mark, previous } = await this.sources.standing.recordAnswer(tx, e, time);
    const sameSession = mark?.sessionId === e.sessionId;
    // A real answer counts as today's activity once per session (a skip does not; its later answer does).
    const counts = e.status !== 3 && (!mark || !sameSession || mark.state === 3);
    if (e.chapterId) {
      const before = mark ? questionValue(mark.state, mark.previousState) : 0;
      const after = questionValue(e.status, previous);
      const delta: StatsDelta = {
        questionPoints: Math.round(after * MILLI) - Math.round(before * MILLI),
        questionsAnswered: mark ? 0 : 1,
        questionsCorrect: (e.status === 1 ? 1 : 0) - (mark?.state === 1 ? 1 : 0),
      };
      await repo.addToStats(e.userId, e.subjectId, e.chapterId, delta, time.nowIso);
    }
    if (counts) await repo.addActivity(e.userId, e.subjectId, await time.date(), e.chapterId ?? '', { questions: 1 }, time.nowIso);
  }

  /** A card verdict ('Wist ik' / 'Wist ik niet', an FSRS rating, a typed answer) was stored: called by the flashcards service in its unit of work. */
  async recordCard(tx: Executor, e: CardEvent): Promise<void> {
    const repo = new PlanRepository(tx);
    await this.lock(repo, e.userId, e.subjectId);
    const time = this.writeTime(repo, e.userId, e.subjectId);
    const state = e.known ? 1 : 0;
    const { before } = await this.sources.standing.recordCard(tx, e, time);
    if (e.chapterId && before !== state) {
      const delta: StatsDelta = { cardsKnown: (state === 1 ? 1 : 0) - (before === 1 ? 1 : 0), cardsUnknown: (state === 0 ? 1 : 0) - (before === 0 ? 1 : 0) };
      await repo.addToStats(e.userId, e.subjectId, e.chapterId, delta, time.nowIso);
    }
    await repo.addActivity(e.userId, e.subjectId, await time.date(), e.chapterId ?? '', { cards: 1 }, time.nowIso);
  }

  /**
   * A mock exam closed (handed in, or at its deadline): called in the transaction that closed it. Its
   * judged answers are the standing's evidence (decision 035); the plan gives her day and her lock.
   */
  async recordMockExam(tx: Executor, e: MockExamClosedEvent): Promise<void> {
    const repo = new PlanRepository(tx);
    await this.lock(repo, e.userId, e.subjectId);
    await this.sources.standing.recordMockExam(tx, e, this.writeTime(repo, e.userId, e.subjectId));
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
   * A release (the studio's publish or roll-back) changed the correct answer of these questions,
   * removed them or moved them to another chapter, in transaction `tx`: answers to them no longer
   * count as they did (decision 029), so the aggregates of every student who answered one are rebuilt
   * from her history (which leaves changed answers out, and follows a move) on her next read of the
   * plan. Bounded: one statement in the release's transaction, whatever the number of students; the
   * rebuild itself runs per student, when she looks.
   */
  async questionsOutdated(tx: Executor, subjectId: string, questionIds: readonly string[]): Promise<void> {
    await forgetOutdatedAnswers(tx, subjectId, questionIds);
  }

  /** A course of hers was deleted (`course.deleted`, in the delete's transaction): the days planned for it go too. */
  async courseDeleted(tx: Executor, e: { userId: string; courseId: string }): Promise<void> {
    await new PlanRepository(tx).deleteDays(e.userId, `course:${e.courseId}`);
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
      // her marks (her latest answer per item, the standing's) are made again from the same history
      await this.sources.standing.rebuildMarks(tx, userId, subjectId, { answers: history, cards: cardStates }, nowIso);
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
      for (const q of byQuestion.values()) {
        if (!q.chapterId) continue;
        const latest = q.sessions[q.sessions.length - 1]!;
        const previous = q.sessions.length > 1 ? q.sessions[q.sessions.length - 2]!.status : null;
        const d = deltaOf(q.chapterId);
        d.questionPoints += Math.round(questionValue(latest.status, previous) * MILLI);
        d.questionsAnswered += 1;
        if (latest.status === 1) d.questionsCorrect += 1;
      }
      for (const c of cardStates) {
        if (!c.chapterId || c.known === null) continue;
        const d = deltaOf(c.chapterId);
        if (c.known) d.cardsKnown += 1;
        else d.cardsUnknown += 1;
      }
      for (const chapterId of readSet) deltaOf(chapterId);
      for (const [chapterId, d] of deltas) {
        const { read: _read, ...rest } = d;
        await repo.addToStats(userId, subjectId, chapterId, readSet.has(chapterId) ? { ...rest, read: 1 } : rest, nowIso);
      }
    });
  }
}
