import { SessionStepSchema } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';

/**
 * POST session/{id}/review ('Beantwoord vragen', or a tapped row): jumps to the first skipped or
 * review question (or the given one) in skipped mode.
 */
export const reviewQuestions = (sessionId: string, questionIndex?: number) =>
  api.post(`session/${encodeURIComponent(sessionId)}/review`, questionIndex === undefined ? {} : { questionIndex }, SessionStepSchema);
