import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubjectReadinessSchema } from '@blok/contract/plan';
import { api } from '../../../lib/api-client.ts';
import { timeZone } from '../utils/time-zone.ts';

/** GET subjects/{id}/readiness: where she stands per chapter, with the reason in Dutch. */
export const getReadiness = (subjectId: string, signal?: AbortSignal) =>
  api.get(`subjects/${encodeURIComponent(subjectId)}/readiness?timeZone=${encodeURIComponent(timeZone())}`, SubjectReadinessSchema, { signal, skipErrorPopup: true });

export const readinessQueryOptions = (subjectId: string) =>
  queryOptions({
    queryKey: ['plan', 'readiness', subjectId],
    queryFn: ({ signal }) => getReadiness(subjectId, signal),
    staleTime: 0,
  });

export const useReadiness = (subjectId: string) => useQuery(readinessQueryOptions(subjectId));
