import { QueryClient, onlineManager } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/** The one query client of the app; signing out clears it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      // Kept (and saved to IndexedDB, lib/offline) for a week, so what she opened shows offline.
      gcTime: 7 * 24 * 60 * 60 * 1000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) do not get better by asking again.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
    // Writes run offline too: the outbox keeps what must survive (decision 013); any other write
    // fails at once with the offline error instead of hanging paused.
    mutations: { retry: false, networkMode: 'always' },
  },
});

// TanStack Query assumes online at start; a page loaded offline (from the service worker) must
// pause its queries and show the saved data instead of failing them.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
