/** Passing grade on the Dutch 1-10 scale (spec section 9). */
export const PASSING_GRADE = 5.5;
/** Lowest grade shown (spec section 9: the score is clamped to a minimum of 1). */
export const MIN_GRADE = 1;

/** How many questions of a session ended in each status. */
export interface StatusCounts {
  correct: number;
  partial: number;
  wrong: number;
  skipped: number;
  review: number;
  unanswered: number;
  total: number;
}

/** Counts the statuses (-1 not answered, 0 wrong, 1 correct, 2 partial, 3 skipped, 4 review). */
export function countStatuses(statuses: readonly number[]): StatusCounts {
  const counts: StatusCounts = { correct: 0, partial: 0, wrong: 0, skipped: 0, review: 0, unanswered: 0, total: statuses.length };
  for (const s of statuses) {
    if (s === 1) counts.correct++;
    else if (s === 2) counts.partial++;
    else if (s === 0) counts.wrong++;
    else if (s === 3) counts.skipped++;
    else if (s === 4) counts.review++;
    else counts.unanswered++;
  }
  return counts;
}

/**
 * Percentage of points earned, as an integer 0-100: a correct answer earns 1 point, a partially
 * correct one half a point, anything else nothing. Computed in half points so that x.5 rounds
 * up exactly instead of at the mercy of binary fractions.
 */
export function computeScore(counts: Pick<StatusCounts, 'correct' | 'partial' | 'total'>): number {
  if (counts.total <= 0) return 0;
  const halfPoints = 2 * counts.correct + counts.partial;
  return Math.round((50 * halfPoints) / counts.total);
}

/**
 * The grade on the Dutch 1-10 scale (spec section 9): 10 x (correct + 0.5 x partial) / total,
 * rounded to one decimal, at least 1. Null when the session has no questions or when any question
 * is not answered, skipped or awaiting review: the results then show '?'.
 */
export function computeGrade(counts: StatusCounts): number | null {
  if (counts.total <= 0) return null;
  if (counts.skipped + counts.review + counts.unanswered > 0) return null;
  return gradeFromScore(computeScore(counts));
}

/** A score (0-100, grade x 10 rounded) as the grade: one decimal, at least 1. */
export const gradeFromScore = (score: number): number => Math.max(MIN_GRADE, Math.round(score) / 10);

/** A grade of 5.5 or more passes (spec section 9). */
export const isPassing = (grade: number): boolean => grade >= PASSING_GRADE;

/** The colour of a grade: green when it passes, red below, orange '?' while it is unknown. */
export type GradeTone = 'pass' | 'fail' | 'unknown';

export const gradeTone = (grade: number | null): GradeTone => (grade === null ? 'unknown' : isPassing(grade) ? 'pass' : 'fail');

const gradeFormat = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A grade in Dutch notation with one decimal (7,5), or '?' while it is unknown. */
export const formatGrade = (grade: number | null): string => (grade === null ? '?' : gradeFormat.format(grade));

/**
 * Progress (spec section 9): the rounded percentage of the current question number over the
 * total, between 0 and 100.
 */
export function computeProgress(currentNumber: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((100 * currentNumber) / total)));
}
