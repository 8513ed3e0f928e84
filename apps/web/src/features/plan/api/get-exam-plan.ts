import { queryOptions, useQuery } from '@tanstack/react-query';
import { ExamPlanSchema } from '@blok/contract/plan';
import { api } from '../../../lib/api-client.ts';
import { timeZone } from '../utils/time-zone.ts';

/** GET subjects/{id}/exam-plan: her exam date, minutes per day and study days (isSet false: none yet). */
export const getExamPlan = (subjectId: string, signal?: AbortSignal) =>
  api.get(`subjects/${encodeURIComponent(subjectId)}/exam-plan?timeZone=${encodeURIComponent(timeZone())}`, ExamPlanSchema, { signal, skipErrorPopup: true });

export const examPlanQueryOptions = (subjectId: string) =>
  queryOptions({
    queryKey: ['plan', 'exam-plan', subjectId],
    queryFn: ({ signal }) => getExamPlan(subjectId, signal),
    staleTime: 0,
  });

export const useExamPlan = (subjectId: string) => useQuery(examPlanQueryOptions(subjectId));
