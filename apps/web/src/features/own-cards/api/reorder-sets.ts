import { useMutation } from '@tanstack/react-query';
import { OwnSetListSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/react-query.ts';
import { ownCardKeys } from './keys.ts';

/** PUT own-flashcard-sets/order: her sets in a new order (every set once). */
export const reorderOwnSets = (setIds: string[]) => api.put('own-flashcard-sets/order', { setIds }, OwnSetListSchema, { skipErrorPopup: true });

export const useReorderOwnSets = () => useMutation({ mutationFn: reorderOwnSets, onSuccess: (list) => queryClient.setQueryData(ownCardKeys.sets(), list) });
