import { queryOptions, useQuery } from '@tanstack/react-query';
import { SummaryDetailSchema } from '@blok/contract/library';
import { api } from '../../../lib/api-client.ts';

/** GET summaries/{id}: a summary with its valid chapters and her reading progress. */
export const getSummary = (id: string, signal?: AbortSignal) =>
  api.get(`summaries/${encodeURIComponent(id)}`, SummaryDetailSchema, { signal, skipErrorPopup: true });

export const summaryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['summaries', id],
    queryFn: ({ signal }) => getSummary(id, signal),
    // Read states and the saved place change as she reads: always fetch again on opening.
    staleTime: 0,
  });

export const useSummary = (id: string) => useQuery(summaryQueryOptions(id));
