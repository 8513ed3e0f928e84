import { queryOptions, useQuery } from '@tanstack/react-query';
import { SharedSetPreviewSchema, type SharedSetPreview } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { queryClient } from '../../../lib/react-query.ts';
import { ownCardKeys } from './keys.ts';

/**
 * What a share link gives: the set, or, once the server says the link is revoked (410) or does not
 * exist (404, 400), only that. That answer replaces the set in the cache (issue 38): a revoked
 * link never shows a copy kept from an earlier visit, and offers nothing to add. (The bare set an
 * earlier version saved for offline use has no status: it shows nothing until the answer comes.)
 */
export type SharedSetView = { status: 'shared'; set: SharedSetPreview } | { status: 'revoked' | 'not-found' };

/** The link is gone for good, by the server's answer: revoked, or no such link. */
export function goneStatus(error: unknown): 'revoked' | 'not-found' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 410) return 'revoked';
  return error.status === 404 || error.status === 400 ? 'not-found' : null;
}

/** GET shared-flashcard-sets/{token}: a classmate's shared set before she copies it (410 once revoked). */
export const getSharedSet = (token: string, signal?: AbortSignal) =>
  api.get(`shared-flashcard-sets/${encodeURIComponent(token)}`, SharedSetPreviewSchema, { signal, skipErrorPopup: true });

async function fetchSharedSet(token: string, signal?: AbortSignal): Promise<SharedSetView> {
  try {
    return { status: 'shared', set: await getSharedSet(token, signal) };
  } catch (error) {
    const gone = goneStatus(error);
    if (gone) return { status: gone };
    throw error;
  }
}

/** Asked again whenever the screen opens: whether the link still works is the owner's to say. */
export const sharedSetQueryOptions = (token: string) =>
  queryOptions({ queryKey: ownCardKeys.shared(token), queryFn: ({ signal }) => fetchSharedSet(token, signal), retry: false, staleTime: 0 });

export const useSharedSet = (token: string) => useQuery(sharedSetQueryOptions(token));

/** The server said the link is gone (an add that came too late): the set leaves the cache and the screen. */
export function forgetSharedSet(token: string, status: 'revoked' | 'not-found'): void {
  queryClient.setQueryData<SharedSetView>(ownCardKeys.shared(token), { status });
}
