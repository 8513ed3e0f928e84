import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibrarySchema } from '@blok/contract/library';
import { api } from '../../../lib/api-client.ts';

/** GET library: the student's subjects with her progress. */
export const getLibrary = (signal?: AbortSignal) => api.get('library', LibrarySchema, { signal });

export const libraryQueryOptions = () =>
  queryOptions({
    queryKey: ['library'],
    queryFn: ({ signal }) => getLibrary(signal),
    // Progress changes while she reads elsewhere in the app: fetch again whenever the screen opens.
    staleTime: 0,
  });

export const useLibrary = () => useQuery(libraryQueryOptions());
