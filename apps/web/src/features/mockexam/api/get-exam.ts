import { queryOptions, useQuery } from '@tanstack/react-query';
import { MockExamSchema } from '@blok/contract/mockexam';
import { api } from '../../../lib/api-client.ts';
import { mockExamKeys } from './keys.ts';

/** GET mock-exams/{id}: the exam; once closed with the correct answers and the grades. */
export const getMockExam = (examId: string, signal?: AbortSignal) =>
  api.get(`mock-exams/${encodeURIComponent(examId)}`, MockExamSchema, { signal, skipErrorPopup: true });

export const mockExamQueryOptions = (examId: string) =>
  queryOptions({
    queryKey: mockExamKeys.exam(examId),
    queryFn: ({ signal }) => getMockExam(examId, signal),
    // The screen owns it while open: answers update it in place; the clock comes from the server's reply.
    staleTime: Infinity,
  });

export const useMockExam = (examId: string) => useQuery(mockExamQueryOptions(examId));
