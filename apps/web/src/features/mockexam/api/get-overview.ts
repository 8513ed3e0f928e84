import { queryOptions, useQuery } from '@tanstack/react-query';
import { MockExamOverviewSchema } from '@blok/contract/mockexam';
import { api } from '../../../lib/api-client.ts';
import { mockExamKeys } from './keys.ts';

/** GET mock-exams?subjectId=: what a new exam can hold and her earlier exams of the subject. */
export const getMockExamOverview = (subjectId: string, signal?: AbortSignal) =>
  api.get(`mock-exams?subjectId=${encodeURIComponent(subjectId)}`, MockExamOverviewSchema, { signal, skipErrorPopup: true });

export const mockExamOverviewQueryOptions = (subjectId: string) =>
  queryOptions({
    queryKey: mockExamKeys.overview(subjectId),
    queryFn: ({ signal }) => getMockExamOverview(subjectId, signal),
    staleTime: 0,
  });

export const useMockExamOverview = (subjectId: string) => useQuery(mockExamOverviewQueryOptions(subjectId));
