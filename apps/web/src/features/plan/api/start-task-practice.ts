import { useMutation } from '@tanstack/react-query';
import { StartSessionResponseSchema } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';

/**
 * POST session/{listId}/start with a count: a practice task's "Oefen 6 vragen" opens a session of
 * the questions it still asks for (issue 39), those she has not answered right yet first.
 */
export const startTaskPractice = ({ questionListId, count }: { questionListId: string; count: number }) =>
  api.post(`session/${encodeURIComponent(questionListId)}/start`, { count }, StartSessionResponseSchema, { skipErrorPopup: true });

export const useStartTaskPractice = () => useMutation({ mutationFn: startTaskPractice });
