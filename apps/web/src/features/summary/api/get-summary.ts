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
    // Read states and the saved place change as she reads: always fetch again on opening. Each
    // screen that shows them (details, chapter list, reader) opens through its route loader, whose
    // prefetch is that fetch (app/router.tsx).
    staleTime: 0,
  });

/**
 * A screen's view of the summary. The reader passes `openedByLoader`: its route loader's prefetch (or a
 * first visit's early read) is this opening's fetch, so mounting does not ask again (issue 30: it
 * asked twice). The details and the chapter list ask again on mount, as read states may have changed
 * since (a place saved as she left a chapter). Without data yet every screen fetches as usual.
 */
export const useSummary = (id: string, { openedByLoader = false }: { openedByLoader?: boolean } = {}) =>
  useQuery({ ...summaryQueryOptions(id), refetchOnMount: !openedByLoader });
