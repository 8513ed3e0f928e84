import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProgressSchema } from '@blok/contract/progress';
import { api } from '../../../lib/api-client.ts';

/** Her time zone, so that her days start at her midnight. */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** GET subjects/{id}/progress: grades per chapter over time, days studied, cards due. */
export const getProgress = (subjectId: string, signal?: AbortSignal) =>
  api.get(`subjects/${encodeURIComponent(subjectId)}/progress?timeZone=${encodeURIComponent(deviceTimeZone())}`, ProgressSchema, { signal, skipErrorPopup: true });

export const progressQueryOptions = (subjectId: string) =>
  queryOptions({
    queryKey: ['progress', subjectId],
    queryFn: ({ signal }) => getProgress(subjectId, signal),
    staleTime: 0,
  });

export const useProgress = (subjectId: string) => useQuery(progressQueryOptions(subjectId));
