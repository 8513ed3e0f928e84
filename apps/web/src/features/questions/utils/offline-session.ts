import type { SessionOverview, SessionQuestion, SessionStep } from '@blok/contract/questions';
import { moveNext, progressOf, skip, type NavigationState } from '@blok/domain/navigation';

/**
 * The practice session without a connection (decision 013): the questions already loaded go on
 * with the shared navigation rules of @blok/domain; answers wait in the outbox. An answer given
 * offline is shown as picked but not yet evaluated (the right answers are never on the device).
 */

const stateOf = (overview: SessionOverview): NavigationState => ({
  current: overview.currentIndex,
  skippedMode: overview.skippedMode,
  reviewIndex: overview.reviewIndex,
});

function stepAt(overview: SessionOverview, state: NavigationState, questions = overview.questions): SessionStep {
  const total = questions.length;
  const finished = state.current >= total;
  return {
    sessionId: overview.sessionId,
    currentIndex: state.current,
    questionsCount: total,
    progress: progressOf(state, total),
    skippedMode: state.skippedMode,
    reviewIndex: state.reviewIndex,
    finished,
    question: finished ? null : (questions.find((q) => q.questionIndex === state.current) ?? null),
  };
}

/** 'Volgende' offline: the next question not answered with a higher index, or the end. */
export function nextStepOffline(overview: SessionOverview): SessionStep {
  const statuses = overview.questions.map((q) => q.isCorrect);
  return stepAt(overview, moveNext(statuses, stateOf(overview)));
}

/** 'Overslaan' offline: moves on as the server would; the server marks it skipped when she skips again online. */
export function skipStepOffline(overview: SessionOverview): SessionStep {
  const statuses = overview.questions.map((q) => q.isCorrect);
  return stepAt(overview, skip(statuses, stateOf(overview)).state);
}

/** Her queued answer, shown on the question until the server has evaluated it. */
export function withPendingAnswer(question: SessionQuestion, answerIds: readonly string[] | undefined, textAnswer: string | undefined): SessionQuestion {
  const picked = new Set(answerIds ?? []);
  return {
    ...question,
    answers: question.answers.map((a) => ({ ...a, isChecked: picked.has(a.id) })),
    userAnswerId: answerIds?.[0] ?? null,
    userAnswerIds: [...picked],
    textAnswer: textAnswer ?? question.textAnswer,
  };
}

/** Whether a failed call failed for lack of a connection (not a refusal of the server). */
export const isOfflineError = (error: unknown): boolean =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) ||
  (typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 0);
