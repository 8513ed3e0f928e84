import type { ItemPair, SessionOverview, SessionQuestion, SessionStep } from '@blok/contract/questions';
import { moveNext, progressOf, skip, type NavigationState } from '@blok/domain/navigation';
import { assessmentStatus, QUESTION_STATUS, type Assessment } from '@blok/domain/status';

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

/**
 * Her queued answer, shown on the question until the server has evaluated it. An answer to one of
 * issue 40's types (`rule`: order, pairs, gaps, or the text of a typed or numeric one) shows as her
 * response; its verdict is never on the device.
 */
export function withPendingAnswer(
  question: SessionQuestion,
  answerIds: readonly string[] | undefined,
  textAnswer: string | undefined,
  rule?: { order?: string[]; pairs?: ItemPair[]; gaps?: string[] },
): SessionQuestion {
  const picked = new Set(answerIds ?? []);
  if (question.interaction) {
    return {
      ...question,
      response: { text: textAnswer ?? null, order: rule?.order ?? [], pairs: rule?.pairs ?? [], gaps: rule?.gaps ?? [] },
    };
  }
  return {
    ...question,
    answers: question.answers.map((a) => ({ ...a, isChecked: picked.has(a.id) })),
    userAnswerId: answerIds?.[0] ?? null,
    userAnswerIds: [...picked],
    textAnswer: textAnswer ?? question.textAnswer,
  };
}

/**
 * An open answer given offline, when the server would reveal the model answer now (answers shown
 * in between, or a run past its results): the question goes into review with the model answer the
 * API sent ahead for OPEN questions (`selfAssessmentModelAnswer`), so she can assess her answer
 * without a connection. Null when that is not so: then it waits like any other answer.
 */
export function openAnswerForReviewOffline(overview: SessionOverview, question: SessionQuestion, textAnswer: string): SessionQuestion | null {
  const revealsNow = overview.showAnswers || overview.finishedAt !== null;
  if (question.type !== 'OPEN' || !revealsNow || question.selfAssessmentModelAnswer === null) return null;
  return {
    ...withPendingAnswer(question, undefined, textAnswer),
    isCorrect: QUESTION_STATUS.review,
    revealed: true,
    modelAnswer: question.selfAssessmentModelAnswer,
  };
}

/** Her own verdict on an open answer given offline: the status the server's assess sets. */
export function assessedOffline(question: SessionQuestion, result: Assessment): SessionQuestion {
  return { ...question, isCorrect: assessmentStatus(result) };
}

/** Whether a failed call failed for lack of a connection (not a refusal of the server). */
export const isOfflineError = (error: unknown): boolean =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) ||
  (typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 0);
