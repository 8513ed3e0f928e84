import { SessionStepSchema } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';

/** PUT session/{id}/reset: clears the session's answers and goes back to its first question. */
export const resetSession = (sessionId: string) => api.put(`session/${encodeURIComponent(sessionId)}/reset`, undefined, SessionStepSchema);
