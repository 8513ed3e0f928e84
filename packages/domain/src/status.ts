import type { Assessment } from '@blok/contract';

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
export const isLocked = (status: number): boolean => status === 0 || status === 1 || status === 2 || status === 4;

/** Not answered in the session (spec section 4): not yet, skipped, or awaiting review. */
export const isUnanswered = (status: number): boolean => status === -1 || status === 3 || status === 4;

/** The question may still receive an answer: never answered, or skipped. */
export const canAnswer = (status: number): boolean => status === -1 || status === 3;
