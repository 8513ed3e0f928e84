import { useMutation } from '@tanstack/react-query';
import { OwnCardSchema, type OwnCardBody } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { setChanged } from './cache.ts';

/** POST own-flashcard-sets/{id}/cards: a new card at the end of the set. */
export const addOwnCard = ({ setId, ...body }: OwnCardBody & { setId: string }) =>
  api.post(`own-flashcard-sets/${encodeURIComponent(setId)}/cards`, body, OwnCardSchema, { skipErrorPopup: true });

export const useAddOwnCard = () => useMutation({ mutationFn: addOwnCard, onSuccess: (card) => setChanged(card.setId) });
