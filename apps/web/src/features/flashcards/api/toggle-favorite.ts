import { useMutation } from '@tanstack/react-query';
import { FlashcardFavoriteSchema, type FlashcardSession } from '@blok/contract/flashcards';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/react-query.ts';
import { flashcardKeys } from './keys.ts';

type Input = { flashcardId: string; isFavorite: boolean; sessionId?: string };

/** PUT (star) or DELETE (unstar) flashcards/{id}/favorite. */
export const setFavorite = ({ flashcardId, isFavorite }: Input) => {
  const path = `flashcards/${encodeURIComponent(flashcardId)}/favorite`;
  return isFavorite ? api.put(path, undefined, FlashcardFavoriteSchema) : api.delete(path, FlashcardFavoriteSchema);
};

/** Stars a card at once on screen; the server's answer confirms it (or the star goes back). */
export const useToggleFavorite = () =>
  useMutation({
    mutationFn: setFavorite,
    onMutate: ({ flashcardId, isFavorite, sessionId }) => {
      if (!sessionId) return;
      queryClient.setQueryData<FlashcardSession>(flashcardKeys.session(sessionId), (s) =>
        s ? { ...s, cards: s.cards.map((c) => (c.flashcardId === flashcardId ? { ...c, isFavorite } : c)) } : s,
      );
    },
    onError: (_error, { flashcardId, isFavorite, sessionId }) => {
      if (!sessionId) return;
      queryClient.setQueryData<FlashcardSession>(flashcardKeys.session(sessionId), (s) =>
        s ? { ...s, cards: s.cards.map((c) => (c.flashcardId === flashcardId ? { ...c, isFavorite: !isFavorite } : c)) } : s,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: flashcardKeys.all, refetchType: 'none' }),
  });
