import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubjectReadinessSchema } from '@blok/contract/plan';
import { api } from '../../../lib/api-client.ts';
import { deviceTimeZone } from './get-progress.ts';

/** GET subjects/{id}/readiness (the plan's): readiness per chapter with its reason, and the weakest chapter. */
export const getReadiness = (subjectId: string, signal?: AbortSignal) =>
  api.get(`subjects/${encodeURIComponent(subjectId)}/readiness?timeZone=${encodeURIComponent(deviceTimeZone())}`, SubjectReadinessSchema, { signal, skipErrorPopup: true });

export const readinessQueryOptions = (subjectId: string) =>
  queryOptions({
    queryKey: ['progress', 'readiness', subjectId],
    queryFn: ({ signal }) => getReadiness(subjectId, signal),
    staleTime: 0,
    // 404: the subject is not in her library; nothing to retry
    retry: false,
  });

export const useReadiness = (subjectId: string) => useQuery(readinessQueryOptions(subjectId));
