import { computeProgress } from './grade.ts';
import { isUnanswered } from './status.ts';

/**
 * Where a session is. `current` is the 0-based position of the current question; it equals the
 * number of questions once the run has reached its end (the results).
 */
export interface NavigationState {
  current: number;
  skippedMode: boolean;
  reviewIndex: number | null;
}

/** The first question after `from` that is not answered (-1, 3 or 4), or null when none. */
export function nextUnanswered(statuses: readonly number[], from: number): number | null {
  for (let i = Math.max(0, from + 1); i < statuses.length; i++) {
    if (isUnanswered(statuses[i]!)) return i;
  }
  return null;
}

/** The first question that is not answered, or null. */
export const firstUnanswered = (statuses: readonly number[]): number | null => nextUnanswered(statuses, -1);

export const isAtEnd = (state: NavigationState, total: number): boolean => state.current >= total;

/** Progress of a state: the current question number over the total, 100 at the end. */
export function progressOf(state: NavigationState, total: number): number {
  return isAtEnd(state, total) ? 100 : computeProgress(state.current + 1, total);
}

/**
 * Next (spec section 4): moves to the next question not answered with a higher index, in normal
 * and in skipped mode alike. When there is none, the run is at its end: the position becomes the
 * question count (progress 100) and skipped mode is left.
 */
export function moveNext(statuses: readonly number[], state: NavigationState): NavigationState {
  const total = statuses.length;
  if (isAtEnd(state, total)) return { ...state, current: total, skippedMode: false };
  const next = nextUnanswered(statuses, state.current);
  if (next === null) return { current: total, skippedMode: false, reviewIndex: state.reviewIndex };
  return { ...state, current: next };
}

/**
 * Skip: the current question, when not answered yet (-1), becomes skipped (3); an open answer
 * awaiting review (4) stays in review and an answered question keeps its status. Then it moves on
 * as `moveNext` does; in skipped mode that is the next skipped or review question. Returns the
 * new statuses and state; at the end nothing changes.
 */
export function skip(statuses: readonly number[], state: NavigationState): { statuses: number[]; state: NavigationState; skippedIndex: number | null } {
  const total = statuses.length;
  const next = [...statuses];
  if (isAtEnd(state, total)) return { statuses: next, state: { ...state, current: total, skippedMode: false }, skippedIndex: null };
  let skippedIndex: number | null = null;
  if (next[state.current] === -1) {
    next[state.current] = 3;
    skippedIndex = state.current;
  }
  return { statuses: next, state: moveNext(next, state), skippedIndex };
}

/** Previous/{index}: go to any question of the session (answered or not); leaves the end. */
export function goTo(state: NavigationState, index: number): NavigationState {
  return { ...state, current: index };
}

/**
 * Review of skipped questions (results button 'Beantwoord vragen', or a tapped row): jumps to the
 * given question, or the first one not answered, sets the review index to it and enters skipped
 * mode. With nothing left to answer the state goes to the end. Returns null when the given
 * question is already answered.
 */
export function startReview(statuses: readonly number[], state: NavigationState, index?: number): NavigationState | null {
  const total = statuses.length;
  if (index !== undefined) {
    if (index >= total || !isUnanswered(statuses[index]!)) return null;
    return { current: index, skippedMode: true, reviewIndex: index };
  }
  const first = firstUnanswered(statuses);
  if (first === null) return { current: total, skippedMode: false, reviewIndex: state.reviewIndex };
  return { current: first, skippedMode: true, reviewIndex: first };
}
