import { queryOptions, useQuery } from '@tanstack/react-query';
import { SummaryDetailSchema } from '@blok/contract/library';
import { api } from '../../../lib/api-client.ts';

/** GET summaries/{id}: a summary with its valid chapters and her reading progress. */
export const getSummary = (id: string, signal?: AbortSignal) =>
  api.get(`summaries/${encodeURIComponent(id)}`, SummaryDetailSchema, { signal, skipErrorPopup: true });

/** How long a fetched summary counts as fresh (see `summaryQueryOptions`). */
export const SUMMARY_FRESH_MS = 5_000;

export const summaryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['summaries', id],
    queryFn: ({ signal }) => getSummary(id, signal),
    // Read states and the saved place change as she reads: fetched again on opening. An answer of the
    // last few seconds counts as fresh: the one the route's loader (or a first visit's early read)
    // fetched while the screen's code was loading, which the screen would otherwise ask for again.
    staleTime: SUMMARY_FRESH_MS,
  });

export const useSummary = (id: string) => useQuery(summaryQueryOptions(id));
