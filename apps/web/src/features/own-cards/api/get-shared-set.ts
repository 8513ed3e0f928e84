import { queryOptions, useQuery } from '@tanstack/react-query';
import { SharedSetPreviewSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { ownCardKeys } from './keys.ts';

/** GET shared-flashcard-sets/{token}: a classmate's shared set before she copies it (410 once revoked). */
export const getSharedSet = (token: string, signal?: AbortSignal) =>
  api.get(`shared-flashcard-sets/${encodeURIComponent(token)}`, SharedSetPreviewSchema, { signal, skipErrorPopup: true });

export const sharedSetQueryOptions = (token: string) =>
  queryOptions({ queryKey: ownCardKeys.shared(token), queryFn: ({ signal }) => getSharedSet(token, signal), retry: false });

export const useSharedSet = (token: string) => useQuery(sharedSetQueryOptions(token));
