import { useMutation } from '@tanstack/react-query';
import { OwnCardSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { setChanged } from './cache.ts';

type Side = 'front' | 'back';

/** PUT own-flashcards/{id}/pictures/{side} with the file itself as the body (jpg, png or webp, at most 5 MB). */
export const uploadCardPicture = ({ cardId, side, file }: { cardId: string; side: Side; file: File }) =>
  api.put(`own-flashcards/${encodeURIComponent(cardId)}/pictures/${side}`, file, OwnCardSchema, { skipErrorPopup: true });

export const useUploadCardPicture = () => useMutation({ mutationFn: uploadCardPicture, onSuccess: (card) => setChanged(card.setId) });
