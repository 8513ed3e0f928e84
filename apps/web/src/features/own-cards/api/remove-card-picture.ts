import { useMutation } from '@tanstack/react-query';
import { OwnCardSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { setChanged } from './cache.ts';

/** DELETE own-flashcards/{id}/pictures/{side}: the side keeps its text only. */
export const removeCardPicture = ({ cardId, side }: { cardId: string; side: 'front' | 'back' }) =>
  api.delete(`own-flashcards/${encodeURIComponent(cardId)}/pictures/${side}`, OwnCardSchema, { skipErrorPopup: true });

export const useRemoveCardPicture = () => useMutation({ mutationFn: removeCardPicture, onSuccess: (card) => setChanged(card.setId) });
