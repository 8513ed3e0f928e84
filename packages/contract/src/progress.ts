import { z } from 'zod/mini';
import { TimeZoneSchema } from './flashcards.ts';

/*
 * Voortgang (the progress page of a subject, issue 27; decision 022): the grade per chapter over
 * time (practice sessions and mock exams), the days she studied with their minutes, and the cards
 * due per day for the next two weeks. Readiness per chapter comes from the plan's
 * GET /api/subjects/{subjectId}/readiness. Dates are her local dates, YYYY-MM-DD.
 */

const ContentIdSchema = z.string().check(z.minLength(1), z.maxLength(160), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ongeldige id'));

/** Days of study the page shows: twelve weeks up to today. */
export const PROGRESS_DAYS = 84;
/** Days ahead of the cards-due forecast, today included. */
export const PROGRESS_DUE_DAYS = 14;

export const ProgressParamsSchema = z.object({ subjectId: ContentIdSchema });
export const ProgressQuerySchema = z.object({
  /** her time zone: her days start at midnight there; UTC when absent */
  timeZone: z.optional(TimeZoneSchema),
});

export const ProgressChapterSchema = z.object({
  chapterId: z.string(),
  /** 1-based, in reading order */
  number: z.int(),
  title: z.string(),
  summaryId: z.string(),
});

/** One chapter's grade in one practice session or mock exam. */
export const ProgressGradeSchema = z.object({
  /** when the session or exam ended (or was last answered) */
  at: z.string(),
  date: z.string(),
  source: z.enum(['practice', 'mockexam']),
  chapterId: z.string(),
  /** Dutch 1-10, one decimal: over the questions she answered (practice) or was asked (mock exam) */
  grade: z.number(),
  questions: z.int(),
});
export type ProgressGrade = z.infer<typeof ProgressGradeSchema>;

export const ProgressDaySchema = z.object({
  date: z.string(),
  /** estimated from the times of her answers and cards, plus the reading time of chapters she finished (decision 022) */
  minutes: z.int(),
  activities: z.int(),
});
export type ProgressDay = z.infer<typeof ProgressDaySchema>;

export const ProgressDueSchema = z.object({ date: z.string(), count: z.int() });

/** GET /api/subjects/{subjectId}/progress */
export const ProgressSchema = z.object({
  subjectId: z.string(),
  subjectTitle: z.string(),
  timeZone: z.string(),
  today: z.string(),
  chapters: z.array(ProgressChapterSchema),
  /** oldest first */
  grades: z.array(ProgressGradeSchema),
  /** the first date of the study calendar (PROGRESS_DAYS - 1 days before today) */
  fromDate: z.string(),
  /** only days she studied, oldest first */
  days: z.array(ProgressDaySchema),
  /** spaced repetition is on: cards have due dates */
  dueEnabled: z.boolean(),
  /** PROGRESS_DUE_DAYS days from today (cards overdue count today); empty when dueEnabled is false */
  due: z.array(ProgressDueSchema),
});
export type Progress = z.infer<typeof ProgressSchema>;
