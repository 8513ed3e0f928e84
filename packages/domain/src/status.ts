/*
 * Answer statuses (spec section 4, field `isCorrect` of a session question):
 *   -1 not answered yet, 0 wrong, 1 correct, 2 partially correct, 3 skipped, 4 review (an open
 *   answer awaiting the student's own assessment). -1, 3 and 4 count as "not answered".
 */

/** Status of a question in a session (spec section 4). */
export const QUESTION_STATUS = {
  notAnswered: -1,
  wrong: 0,
  correct: 1,
  partial: 2,
  skipped: 3,
  review: 4,
} as const;
export type QuestionStatus = (typeof QUESTION_STATUS)[keyof typeof QUESTION_STATUS];

/** Statuses that lock a question: a second answer is refused with 409 answer_locked. */
export const LOCKED_STATUSES: readonly number[] = [QUESTION_STATUS.wrong, QUESTION_STATUS.correct, QUESTION_STATUS.partial, QUESTION_STATUS.review];
/** Statuses that count as not answered in a session (spec section 4). */
export const UNANSWERED_STATUSES: readonly number[] = [QUESTION_STATUS.notAnswered, QUESTION_STATUS.skipped, QUESTION_STATUS.review];
/** Statuses that may still receive an answer: never answered, or skipped. */
export const ANSWERABLE_STATUSES: readonly number[] = [QUESTION_STATUS.notAnswered, QUESTION_STATUS.skipped];
/** Statuses of a question answered for good (evaluated or self-assessed): wrong, correct, partially correct. */
export const ANSWERED_STATUSES: readonly number[] = [QUESTION_STATUS.wrong, QUESTION_STATUS.correct, QUESTION_STATUS.partial];

/** The student's own assessment of an open answer. */
export const ASSESSMENTS = ['goed', 'deels goed', 'fout'] as const;
export type Assessment = (typeof ASSESSMENTS)[number];

/**
 * Evaluates the picked answers of a SELECT question:
 * - 1 correct: exactly the set of correct answers is picked;
 * - 2 partially correct: at least one correct answer picked and no wrong one, but not all correct
 *   ones (only possible when a question has several correct answers);
 * - 0 wrong: anything else, i.e. any wrong answer picked or nothing correct picked.
 * Picking a wrong answer alongside correct ones counts as wrong, so picking everything never pays.
 */
export function evaluateSelect(picked: readonly string[], correct: readonly string[]): 0 | 1 | 2 {
  const pickedSet = new Set(picked);
  const correctSet = new Set(correct);
  const wrongPicked = [...pickedSet].some((id) => !correctSet.has(id));
  if (wrongPicked) return 0;
  const correctPicked = [...pickedSet].filter((id) => correctSet.has(id)).length;
  if (correctPicked === 0) return 0;
  return correctPicked === correctSet.size ? 1 : 2;
}

/** The status an open question gets from the student's own assessment. */
export function assessmentStatus(result: Assessment | 0 | 1 | 2): 0 | 1 | 2 {
  switch (result) {
    case 'goed':
    case 1:
      return 1;
    case 'deels goed':
    case 2:
      return 2;
    default:
      return 0;
  }
}

/** Answered and locked: wrong, correct, partially correct, or an open answer awaiting review. */
export const isLocked = (status: number): boolean => LOCKED_STATUSES.includes(status);

/** Not answered in the session (spec section 4): not yet, skipped, or awaiting review. */
export const isUnanswered = (status: number): boolean => UNANSWERED_STATUSES.includes(status);

/** The question may still receive an answer: never answered, or skipped. */
export const canAnswer = (status: number): boolean => ANSWERABLE_STATUSES.includes(status);

/** How a question ended, for icons, colours and texts. */
export type StatusKind = 'correct' | 'partial' | 'wrong' | 'open';

/** 1 correct, 2 partially correct, 0 wrong; -1, 3 and 4 are still open (not answered, skipped, review). */
export function statusKind(status: number): StatusKind {
  if (status === QUESTION_STATUS.correct) return 'correct';
  if (status === QUESTION_STATUS.partial) return 'partial';
  if (status === QUESTION_STATUS.wrong) return 'wrong';
  return 'open';
}
