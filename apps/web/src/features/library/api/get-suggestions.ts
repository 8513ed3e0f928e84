import { queryOptions, useQuery } from '@tanstack/react-query';
import { LibrarySuggestionsSchema } from '@blok/contract/library';
import { api } from '../../../lib/api-client.ts';

/** GET library/suggestions: 'Populair bij jouw studie', subjects of earlier years and related studies. */
export const getSuggestions = (signal?: AbortSignal) => api.get('library/suggestions', LibrarySuggestionsSchema, { signal });

/** Under ['library'], so adding or removing a subject refreshes the suggestions too. */
export const suggestionsQueryOptions = () =>
  queryOptions({
    queryKey: ['library', 'suggestions'],
    queryFn: ({ signal }) => getSuggestions(signal),
  });

export const useSuggestions = () => useQuery(suggestionsQueryOptions());
