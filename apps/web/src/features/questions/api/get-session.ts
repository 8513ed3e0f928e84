import { queryOptions, useQuery } from '@tanstack/react-query';
import { SessionOverviewSchema } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';
import { questionKeys } from './keys.ts';

/** GET session/{id}: the session overview (current question, every question, counts, grade). */
export const getSession = (sessionId: string, signal?: AbortSignal) =>
  api.get(`session/${encodeURIComponent(sessionId)}`, SessionOverviewSchema, { signal, skipErrorPopup: true });

export const sessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: questionKeys.session(sessionId),
    queryFn: ({ signal }) => getSession(sessionId, signal),
    // The screen owns this data while it is open; it is dropped when she leaves.
    staleTime: Infinity,
  });

export const useSession = (sessionId: string) => useQuery(sessionQueryOptions(sessionId));
