import { SessionStepSchema } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';

/** GET session/{id}/skip: skips the current question and moves on (in skipped mode: the next skipped one). */
export const skipQuestion = (sessionId: string) => api.get(`session/${encodeURIComponent(sessionId)}/skip`, SessionStepSchema);
