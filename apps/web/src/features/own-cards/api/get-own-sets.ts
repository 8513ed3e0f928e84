import { queryOptions, useQuery } from '@tanstack/react-query';
import { OwnSetListSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { ownCardKeys } from './keys.ts';

/** GET own-flashcard-sets: her sets in her order with their counts, and her limits. */
export const getOwnSets = (signal?: AbortSignal) => api.get('own-flashcard-sets', OwnSetListSchema, { signal, skipErrorPopup: true });

export const ownSetsQueryOptions = () => queryOptions({ queryKey: ownCardKeys.sets(), queryFn: ({ signal }) => getOwnSets(signal), staleTime: 0 });

export const useOwnSets = () => useQuery(ownSetsQueryOptions());
