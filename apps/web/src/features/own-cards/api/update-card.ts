import { useMutation } from '@tanstack/react-query';
import { OwnCardSchema, type OwnCardBody } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { setChanged } from './cache.ts';

/** PUT own-flashcards/{id}: a card's new sides. */
export const updateOwnCard = ({ cardId, ...body }: OwnCardBody & { cardId: string }) =>
  api.put(`own-flashcards/${encodeURIComponent(cardId)}`, body, OwnCardSchema, { skipErrorPopup: true });

export const useUpdateOwnCard = () => useMutation({ mutationFn: updateOwnCard, onSuccess: (card) => setChanged(card.setId) });
