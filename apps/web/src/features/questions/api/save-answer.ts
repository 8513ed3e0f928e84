import { SessionQuestionSchema, type SaveAnswerBody } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';

export type SaveAnswerInput = SaveAnswerBody & { questionListId: string };

/** POST question-list/{id}/save-answer: answers and locks a question, answers the evaluated question. */
export const saveAnswer = ({ questionListId, ...body }: SaveAnswerInput) =>
  api.post(`question-list/${encodeURIComponent(questionListId)}/save-answer`, body, SessionQuestionSchema);
