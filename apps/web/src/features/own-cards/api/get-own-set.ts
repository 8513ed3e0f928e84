import { queryOptions, useQuery } from '@tanstack/react-query';
import { OwnSetDetailSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { timeZone } from '../utils/time-zone.ts';
import { ownCardKeys } from './keys.ts';

/** GET own-flashcard-sets/{id}: a set of hers with its cards, what she can study and its share link. */
export const getOwnSet = (setId: string, signal?: AbortSignal) =>
  api.get(`own-flashcard-sets/${encodeURIComponent(setId)}?timeZone=${encodeURIComponent(timeZone())}`, OwnSetDetailSchema, { signal, skipErrorPopup: true });

export const ownSetQueryOptions = (setId: string) =>
  queryOptions({ queryKey: ownCardKeys.set(setId), queryFn: ({ signal }) => getOwnSet(setId, signal), staleTime: 0 });

export const useOwnSet = (setId: string) => useQuery(ownSetQueryOptions(setId));
