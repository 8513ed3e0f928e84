import { SessionStepSchema } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';

/** GET session/{id}/next: moves to the next question not answered with a higher index (or the end). */
export const nextQuestion = (sessionId: string) => api.get(`session/${encodeURIComponent(sessionId)}/next`, SessionStepSchema);
