import { queryOptions, useQuery } from '@tanstack/react-query';
import { StudioReleaseListSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

/** GET studio/subjects/{id}/releases: newest first, with their change lists. */
export const getReleases = (subjectId: string, signal?: AbortSignal) =>
  api.get(`studio/subjects/${encodeURIComponent(subjectId)}/releases`, StudioReleaseListSchema, { signal, skipErrorPopup: true });

export const releasesQueryKey = (subjectId: string) => ['studio', 'releases', subjectId] as const;

export const useReleases = (subjectId: string) => useQuery(queryOptions({ queryKey: releasesQueryKey(subjectId), queryFn: ({ signal }) => getReleases(subjectId, signal) }));
