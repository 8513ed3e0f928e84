import { SessionQuestionSchema } from '@blok/contract/questions';
import type { Assessment } from '@blok/domain/status';
import { sendThroughOutbox } from '../../../lib/offline/outbox.ts';
import { questionKeys } from './keys.ts';

export type AssessInput = { sessionId: string; questionId: string; result: Assessment };

/**
 * POST session/{id}/assess: her own assessment of an open answer (goed / deels goed / fout).
 * Through the outbox like an answer (decision 013).
 */
export const assessAnswer = ({ sessionId, questionId, result }: AssessInput) =>
  sendThroughOutbox(
    {
      kind: 'assessment',
      method: 'POST',
      path: `session/${encodeURIComponent(sessionId)}/assess`,
      body: { questionId, result },
      refreshOnRefusal: [[...questionKeys.session(sessionId)]],
    },
    SessionQuestionSchema,
  );
