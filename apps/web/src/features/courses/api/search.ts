import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SearchResultSchema } from '@blok/contract/search';
import { api } from '../../../lib/api-client.ts';
import { courseKeys } from './keys.ts';

/** GET search?q=: her PDFs' pages, her cards and Blok's summaries, best match first. */
export const searchMaterial = (query: string, signal?: AbortSignal) => api.get(`search?q=${encodeURIComponent(query)}`, SearchResultSchema, { signal, skipErrorPopup: true });

export const searchQueryOptions = (query: string) =>
  queryOptions({ queryKey: courseKeys.search(query), queryFn: ({ signal }) => searchMaterial(query, signal), staleTime: 30_000, placeholderData: keepPreviousData });

export const useSearchMaterial = (query: string) => useQuery({ ...searchQueryOptions(query), enabled: query.trim() !== '' });
