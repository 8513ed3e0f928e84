import { useMutation } from '@tanstack/react-query';
import { OwnSetDetailSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { rememberSet } from './cache.ts';

/** PUT own-flashcard-sets/{id}/card-order: the set's cards in a new order (every card once). */
export const reorderOwnCards = ({ setId, cardIds }: { setId: string; cardIds: string[] }) =>
  api.put(`own-flashcard-sets/${encodeURIComponent(setId)}/card-order`, { cardIds }, OwnSetDetailSchema, { skipErrorPopup: true });

export const useReorderOwnCards = () => useMutation({ mutationFn: reorderOwnCards, onSuccess: rememberSet });
