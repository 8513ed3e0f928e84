import { queryOptions, useQuery } from '@tanstack/react-query';
import { SubjectDetailSchema } from '@blok/contract/library';
import { api } from '../../../lib/api-client.ts';

/** GET subjects/{id}: a subject with its summaries and question lists. */
export const getSubject = (id: string, signal?: AbortSignal) =>
  api.get(`subjects/${encodeURIComponent(id)}`, SubjectDetailSchema, { signal, skipErrorPopup: true });

export const subjectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['subjects', 'detail', id],
    queryFn: ({ signal }) => getSubject(id, signal),
    staleTime: 0,
  });

export const useSubject = (id: string) => useQuery(subjectQueryOptions(id));
