import { SessionStepSchema } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';

/** GET session/{id}/previous/{index}: goes to the question at a 0-based index. */
export const goToQuestion = (sessionId: string, index: number) =>
  api.get(`session/${encodeURIComponent(sessionId)}/previous/${index}`, SessionStepSchema);
