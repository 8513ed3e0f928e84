import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setChanged } from './cache.ts';

/** DELETE own-flashcards/{id}: the card and its pictures. */
export const deleteOwnCard = ({ cardId }: { cardId: string; setId: string }) => api.delete(`own-flashcards/${encodeURIComponent(cardId)}`, null, { skipErrorPopup: true });

export const useDeleteOwnCard = () => useMutation({ mutationFn: deleteOwnCard, onSuccess: (_none, { setId }) => setChanged(setId) });
