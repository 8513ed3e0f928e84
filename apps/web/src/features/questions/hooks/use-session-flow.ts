import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemPair, SessionOverview, SessionQuestion, SessionStep } from '@blok/contract/questions';
import type { Assessment } from '@blok/domain/status';
import { ApiError } from '../../../lib/api-error.ts';
import { assessAnswer } from '../api/assess-answer.ts';
import { useSession } from '../api/get-session.ts';
import { goToQuestion } from '../api/go-to-question.ts';
import { questionKeys } from '../api/keys.ts';
import { nextQuestion } from '../api/next-question.ts';
import { resetSession } from '../api/reset-session.ts';
import { reviewQuestions } from '../api/review-questions.ts';
import { saveAnswer } from '../api/save-answer.ts';
import { skipQuestion } from '../api/skip-question.ts';
import { assessedOffline, isOfflineError, nextStepOffline, openAnswerForReviewOffline, skipStepOffline, withPendingAnswer } from '../utils/offline-session.ts';
import { mergeQuestion, mergeStep } from '../utils/session.ts';

/** Everything the answering and results screens can do with a session. */
export type FlowAction =
  | { type: 'answer'; question: SessionQuestion; answerIds?: string[]; textAnswer?: string; order?: string[]; pairs?: ItemPair[]; gaps?: string[] }
  | { type: 'assess'; question: SessionQuestion; result: Assessment }
  | { type: 'next' }
  | { type: 'skip' }
  | { type: 'previous'; index: number }
  | { type: 'review'; questionIndex?: number }
  | { type: 'reset' };

/** What an action led to, so the screen can move focus. */
export type FlowOutcome = 'feedback' | 'question' | 'results';

/**
 * The session screen's data and actions. The overview lives in the query cache while the screen is
 * open; each answer to an action is merged in at once, then the overview is fetched again so
 * counts and grade come from the server. Leaving the screen drops the session data (spec section 4).
 */
export function useSessionFlow(sessionId: string) {
  const queryClient = useQueryClient();
  const key = questionKeys.session(sessionId);
  const query = useSession(sessionId);

  useEffect(() => () => queryClient.removeQueries({ queryKey: questionKeys.session(sessionId), exact: true }), [queryClient, sessionId]);

  const apply = (update: (old: SessionOverview) => SessionOverview) =>
    queryClient.setQueryData<SessionOverview>(key, (old) => (old ? update(old) : old));
  const applyStep = (step: SessionStep): FlowOutcome => {
    apply((old) => mergeStep(old, step));
    return step.finished ? 'results' : 'question';
  };

  /** A navigation call, or the same step by the shared rules when there is no connection. */
  async function navigate(call: () => Promise<SessionStep>, offline: (overview: SessionOverview) => SessionStep): Promise<FlowOutcome> {
    try {
      return applyStep(await call());
    } catch (error) {
      const overview = queryClient.getQueryData<SessionOverview>(key);
      if (!overview || !isOfflineError(error)) throw error;
      return applyStep(offline(overview));
    }
  }

  async function run(action: FlowAction): Promise<FlowOutcome> {
    switch (action.type) {
      case 'answer': {
        const { question } = action;
        const sent = await saveAnswer({
          questionListId: question.questionListId,
          sessionId,
          questionId: question.questionId,
          ...(action.answerIds ? { answerIds: action.answerIds } : {}),
          ...(action.textAnswer !== undefined ? { textAnswer: action.textAnswer } : {}),
          // the types of issue 40: the same call, the same outbox when offline
          ...(action.order ? { order: action.order } : {}),
          ...(action.pairs ? { pairs: action.pairs } : {}),
          ...(action.gaps ? { gaps: action.gaps } : {}),
        });
        if (sent.status === 'queued') {
          // Offline: her answer waits in the outbox. An open one goes into review with the model
          // answer sent ahead, as the server would reveal it now; any other answer shows as picked
          // and the session goes on with what is loaded.
          const current = queryClient.getQueryData<SessionOverview>(key);
          const inReview = current && action.textAnswer !== undefined && question.type === 'OPEN' ? openAnswerForReviewOffline(current, question, action.textAnswer) : null;
          if (inReview) {
            apply((old) => mergeQuestion(old, inReview));
            return 'feedback';
          }
          apply((old) => mergeQuestion(old, withPendingAnswer(question, action.answerIds, action.textAnswer, action)));
          const overview = queryClient.getQueryData<SessionOverview>(key);
          return overview ? applyStep(nextStepOffline(overview)) : 'question';
        }
        const evaluated = sent.data;
        apply((old) => mergeQuestion(old, evaluated));
        // Answers not shown in between: straight on to the next question (spec section 4).
        if (!evaluated.revealed) return navigate(() => nextQuestion(sessionId), nextStepOffline);
        return 'feedback';
      }
      case 'assess': {
        const sent = await assessAnswer({ sessionId, questionId: action.question.questionId, result: action.result });
        if (sent.status === 'queued') {
          // Offline: her verdict waits in the outbox behind her answer and shows at once, as online.
          apply((old) => mergeQuestion(old, assessedOffline(action.question, action.result)));
          return 'feedback';
        }
        apply((old) => mergeQuestion(old, sent.data));
        return 'feedback';
      }
      case 'next':
        return navigate(() => nextQuestion(sessionId), nextStepOffline);
      case 'skip':
        return navigate(() => skipQuestion(sessionId), skipStepOffline);
      case 'previous':
        return applyStep(await goToQuestion(sessionId, action.index));
      case 'review':
        return applyStep(await reviewQuestions(sessionId, action.questionIndex));
      case 'reset':
        return applyStep(await resetSession(sessionId));
    }
  }

  const mutation = useMutation({
    mutationFn: async (action: FlowAction) => {
      try {
        return await run(action);
      } finally {
        // Counts, grade and revealed feedback come from the server; a refused answer
        // (answer_locked) shows the state the server holds. Offline the local state stands.
        if (navigator.onLine) await queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    },
  });

  return {
    query,
    overview: query.data,
    act: mutation.mutateAsync,
    isBusy: mutation.isPending,
    pendingAction: mutation.isPending ? mutation.variables : undefined,
    error: mutation.error instanceof ApiError ? mutation.error : null,
  };
}
