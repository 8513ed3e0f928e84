import { queryOptions, useQuery } from '@tanstack/react-query';
import { QuestionListsResponseSchema } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';
import { questionKeys } from './keys.ts';

/** GET question-lists?subjectId=: the subject's question lists with her progress (settings screen). */
export const getQuestionLists = (subjectId: string, signal?: AbortSignal) =>
  api.get(`question-lists?subjectId=${encodeURIComponent(subjectId)}`, QuestionListsResponseSchema, { signal, skipErrorPopup: true });

export const questionListsQueryOptions = (subjectId: string) =>
  queryOptions({
    queryKey: questionKeys.lists(subjectId),
    queryFn: ({ signal }) => getQuestionLists(subjectId, signal),
    staleTime: 0,
  });

export const useQuestionLists = (subjectId: string) => useQuery(questionListsQueryOptions(subjectId));
