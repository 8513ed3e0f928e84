import { SessionQuestionSchema, type SaveAnswerBody } from '@blok/contract/questions';
import { sendThroughOutbox } from '../../../lib/offline/outbox.ts';
import { questionKeys } from './keys.ts';

export type SaveAnswerInput = SaveAnswerBody & { questionListId: string };

/**
 * POST question-list/{id}/save-answer: answers and locks a question, answers the evaluated
 * question. Goes through the outbox (decision 013): without a connection it waits there, with its
 * Idempotency-Key, and resolves 'queued'.
 */
export const saveAnswer = ({ questionListId, ...body }: SaveAnswerInput) =>
  sendThroughOutbox(
    {
      kind: 'answer',
      method: 'POST',
      path: `question-list/${encodeURIComponent(questionListId)}/save-answer`,
      body,
      ...(body.sessionId ? { refreshOnRefusal: [[...questionKeys.session(body.sessionId)]] } : {}),
    },
    SessionQuestionSchema,
  );
