import { SessionQuestionSchema } from '@blok/contract/questions';
import type { Assessment } from '@blok/domain/status';
import { api } from '../../../lib/api-client.ts';

export type AssessInput = { sessionId: string; questionId: string; result: Assessment };

/** POST session/{id}/assess: her own assessment of an open answer (goed / deels goed / fout). */
export const assessAnswer = ({ sessionId, questionId, result }: AssessInput) =>
  api.post(`session/${encodeURIComponent(sessionId)}/assess`, { questionId, result }, SessionQuestionSchema);
