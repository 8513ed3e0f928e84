import { z } from 'zod/mini';
import { TimeZoneSchema } from './flashcards.ts';
import { WeekdaySchema } from './push.ts';

/*
 * Exam-ready (issue 27, decision 021): her exam date per subject, where she stands per chapter
 * (readiness) and today's plan ("Vandaag"). Readiness and plan are computed by @blok/domain
 * (standing.ts, study-plan.ts) from what the API keeps current with every answer, card verdict,
 * mock exam and read chapter (decision 035: readiness from graded answers only).
 */

const ContentId = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));
const IsoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'ongeldige datum'), z.refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'ongeldige datum'));

/** Fewest and most minutes per day she may plan. */
export const PLAN_MIN_MINUTES = 5;
export const PLAN_MAX_MINUTES = 600;
/** Farthest exam date ahead, in days. */
export const PLAN_MAX_DAYS_AHEAD = 730;

export const ExamPlanParamsSchema = z.object({ subjectId: ContentId });
export const PlanQuerySchema = z.object({
  /** her time zone: her day starts at midnight there; the stored one (or Europe/Amsterdam) when absent */
  timeZone: z.optional(TimeZoneSchema),
});


/** PUT /api/subjects/{subjectId}/exam-plan: set or change her exam date, minutes per day and study days in one step. */
export const SaveExamPlanBodySchema = z.object({
  /** YYYY-MM-DD (today or later), or null: plan without a deadline */
  examDate: z.nullable(IsoDate),
  /** null: the default (30) */
  minutesPerDay: z.nullable(z.int().check(z.minimum(PLAN_MIN_MINUTES), z.maximum(PLAN_MAX_MINUTES))),
  /** at least one day */
  studyDays: z.array(WeekdaySchema).check(z.minLength(1), z.maxLength(7)),
  timeZone: TimeZoneSchema,
});
export type SaveExamPlanBody = z.infer<typeof SaveExamPlanBodySchema>;

/** Her exam plan of a subject; `isSet` false: none saved (the defaults are shown). */
export const ExamPlanSchema = z.object({
  subjectId: z.string(),
  isSet: z.boolean(),
  examDate: z.nullable(z.string()),
  minutesPerDay: z.nullable(z.int()),
  studyDays: z.array(z.int()),
  timeZone: z.string(),
  /** calendar days from her today until the exam; null without a date */
  daysUntilExam: z.nullable(z.int()),
});
export type ExamPlan = z.infer<typeof ExamPlanSchema>;

/** "Verwacht cijfer 6,4 (5,6-7,2)": the grade she can expect on a mock exam, with the range it lies in with 80 %. */
export const ExpectedGradeSchema = z.object({
  grade: z.number(),
  low: z.number(),
  high: z.number(),
});
export type ExpectedGrade = z.infer<typeof ExpectedGradeSchema>;

/** One chapter's readiness. */
export const ChapterReadinessSchema = z.object({
  chapterId: z.string(),
  /** 1-based position in the subject ("Hoofdstuk 3") */
  number: z.int(),
  /** plain text title */
  title: z.string(),
  summaryId: z.string(),
  priority: z.int(),
  /** a Premium chapter she cannot read (no subscription): the plan gives no task for it and counts no work of it */
  locked: z.boolean(),
  /**
   * 0..100: the probability (in %) that she answers an exam question of this chapter right, from her
   * graded answers (decision 035); null: no graded answer yet ("nog niet getoetst")
   */
  readiness: z.nullable(z.int().check(z.minimum(0), z.maximum(100))),
  /** graded answers (practice, mock exam, typed cards) the figure rests on */
  gradedAnswers: z.int(),
  read: z.boolean(),
  questionListId: z.nullable(z.string()),
  questionCount: z.int(),
  questionsAnswered: z.int(),
  questionsCorrect: z.int(),
  /** the chapter's cards and her own cards linked to it */
  cardCount: z.int(),
  /** of cardCount: known by her latest verdict */
  cardsKnown: z.int(),
  /** the chapter's cards she said she did not know (her own cards not included) */
  cardsUnknown: z.int(),
  /** of cardCount: her own cards linked to the chapter, and how many of them she knows */
  ownCardCount: z.int(),
  ownCardsKnown: z.int(),
  /** spaced repetition on: mean FSRS retrievability of its cards today and on the exam date (0..1), else null */
  retentionToday: z.nullable(z.number()),
  retentionOnExam: z.nullable(z.number()),
  readingMinutes: z.int(),
  /** Dutch: why, e.g. "Hoofdstuk 3: 2 van de 5 vragen goed, 12 kaarten nog niet gekend" */
  reason: z.string(),
});
export type ChapterReadiness = z.infer<typeof ChapterReadinessSchema>;

/** GET /api/subjects/{subjectId}/readiness */
export const SubjectReadinessSchema = z.object({
  subjectId: z.string(),
  subjectTitle: z.string(),
  examDate: z.nullable(z.string()),
  daysUntilExam: z.nullable(z.int()),
  /**
   * 0..100: the share (in %) of a 40-question mock exam she is expected to answer right, chapters
   * weighted as the exam draws them; null without a graded answer in the subject ("nog niet getoetst")
   */
  readiness: z.nullable(z.int().check(z.minimum(0), z.maximum(100))),
  /** the grade she can expect on a mock exam (1-10, one decimal) with its 80 % range; null without a graded answer */
  expectedGrade: z.nullable(ExpectedGradeSchema),
  /** her expected grade over the last twelve weeks: per local day, after her last graded answer that day, oldest first */
  expectedGradeHistory: z.array(z.extend(ExpectedGradeSchema, { date: z.string() })),
  /** graded answers in the subject */
  gradedAnswers: z.int(),
  spacedRepetition: z.boolean(),
  /** the weakest chapter she can open (lowest estimate, untested ones count low), or null */
  weakestChapterId: z.nullable(z.string()),
  chapters: z.array(ChapterReadinessSchema),
});
export type SubjectReadiness = z.infer<typeof SubjectReadinessSchema>;

/**
 * own-cards: her own flashcard set (its cards due, or not known yet without spaced repetition);
 * read-pages: pages of a PDF in one of her own courses (issue 41), `courseId`, `fileId` and `page`;
 * own-questions: her own questions to practise in one of her own courses (issue 41), `courseId`
 */
export const PLAN_TASK_KINDS = ['read', 'practice', 'cards', 'review', 'own-cards', 'read-pages', 'own-questions'] as const;

/** One task of today's plan; it ticks off by itself from what she does. */
export const PlanTaskSchema = z.object({
  /** stable within the day: kind and chapter (or her set) */
  id: z.string(),
  kind: z.enum(PLAN_TASK_KINDS),
  /** Dutch, e.g. "Lees hoofdstuk 2" */
  title: z.string(),
  minutes: z.int(),
  chapterId: z.nullable(z.string()),
  chapterNumber: z.nullable(z.int()),
  /** read: the summary to open */
  summaryId: z.nullable(z.string()),
  /** practice: the question list to open (with `target - progress` questions, the count it asks for) */
  questionListId: z.nullable(z.string()),
  /** cards: the chapter's card set to open */
  flashcardSetId: z.nullable(z.string()),
  /** own-cards: her set to open */
  ownSetId: z.nullable(z.string()),
  /**
   * read-pages (her own course, issue 41): the course and PDF to open, at `page` (the first page of the
   * task she has not read yet); own-questions: the course whose practice to open
   */
  courseId: z.optional(z.string()),
  fileId: z.optional(z.string()),
  page: z.optional(z.int()),
  /** how much is done of the target (questions answered, cards gone through, 1 = read, pages read; own-questions: her questions of the course answered today) */
  progress: z.int(),
  target: z.int(),
  done: z.boolean(),
});
export type PlanTask = z.infer<typeof PlanTaskSchema>;

export const PLAN_PHASES = ['no-exam', 'learn', 'review', 'exam-day', 'after-exam', 'rest-day'] as const;

/** One subject's plan for today; or one of her own courses (issue 41: `courseId` set, `subjectId` its id too). */
export const SubjectDayPlanSchema = z.object({
  subjectId: z.string(),
  /** her own course ("Eigen vak") this day is of; absent for Blok's subjects */
  courseId: z.optional(z.string()),
  subjectTitle: z.string(),
  examDate: z.nullable(z.string()),
  daysUntilExam: z.nullable(z.int()),
  studyDaysLeft: z.nullable(z.int()),
  /** no-exam, learn, review (the last days: mixed review), exam-day, after-exam, rest-day */
  phase: z.enum(PLAN_PHASES),
  minutesPerDay: z.int(),
  /** minutes of today's tasks */
  minutes: z.int(),
  /** minutes of all work left */
  minutesLeft: z.int(),
  /** the work left does not fit her minutes before the exam */
  tooShort: z.boolean(),
  /** as the subject's readiness: null without a graded answer */
  readiness: z.nullable(z.int()),
  /** as the subject's readiness answer: the grade she can expect with its 80 % range, null without a graded answer */
  expectedGrade: z.nullable(ExpectedGradeSchema),
  tasks: z.array(PlanTaskSchema),
  done: z.boolean(),
});
export type SubjectDayPlan = z.infer<typeof SubjectDayPlanSchema>;

/** GET /api/plan/today: her plan for today over the subjects she planned (an exam plan saved). */
export const TodayPlanSchema = z.object({
  /** her local date */
  date: z.string(),
  timeZone: z.string(),
  subjects: z.array(SubjectDayPlanSchema),
  /** every task of today is done (false without tasks) */
  allDone: z.boolean(),
});
export type TodayPlan = z.infer<typeof TodayPlanSchema>;
