import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SubjectSearchResultSchema } from '@blok/contract/library';
import { api } from '../../../lib/api-client.ts';

export const SEARCH_LIMIT = 20;

/** GET subjects?query=: all subjects matching the query (empty lists all), flagged inLibrary. */
export const searchSubjects = (query: string, signal?: AbortSignal) =>
  api.get(`subjects?${new URLSearchParams({ query, limit: String(SEARCH_LIMIT) })}`, SubjectSearchResultSchema, { signal });

export const subjectSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['subjects', 'search', query],
    queryFn: ({ signal }) => searchSubjects(query, signal),
  });

export const useSubjectSearch = (query: string) =>
  useQuery({ ...subjectSearchQueryOptions(query.trim()), placeholderData: keepPreviousData });
