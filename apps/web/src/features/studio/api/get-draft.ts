import { queryOptions, useQuery } from '@tanstack/react-query';
import { StudioDraftSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

/** GET studio/subjects/{id}/draft: the draft (or what students see) with the importer's problems. */
export const getDraft = (subjectId: string, signal?: AbortSignal) =>
  api.get(`studio/subjects/${encodeURIComponent(subjectId)}/draft`, StudioDraftSchema, { signal, skipErrorPopup: true });

export const draftQueryKey = (subjectId: string) => ['studio', 'draft', subjectId] as const;

export const draftQueryOptions = (subjectId: string) => queryOptions({ queryKey: draftQueryKey(subjectId), queryFn: ({ signal }) => getDraft(subjectId, signal), retry: false });

export const useDraft = (subjectId: string) => useQuery(draftQueryOptions(subjectId));
