import { queryOptions, useQuery } from '@tanstack/react-query';
import { QuestionListSchema } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';
import { questionKeys } from './keys.ts';

/** GET question-list/{id}: one question list with her progress and open session (spec section 7). */
export const getQuestionList = (listId: string, signal?: AbortSignal) =>
  api.get(`question-list/${encodeURIComponent(listId)}`, QuestionListSchema, { signal, skipErrorPopup: true });

export const questionListQueryOptions = (listId: string) =>
  queryOptions({
    queryKey: questionKeys.list(listId),
    queryFn: ({ signal }) => getQuestionList(listId, signal),
    staleTime: 0,
  });

export const useQuestionList = (listId: string) => useQuery(questionListQueryOptions(listId));
