import { useMutation } from '@tanstack/react-query';
import { FlashcardSessionSchema, type FlashcardSession, type StartFlashcardSessionBody } from '@blok/contract/flashcards';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/react-query.ts';
import { flashcardKeys } from './keys.ts';

/** POST flashcard-sessions: a new session over a set, her favorites or (FSRS) her due cards. */
export const startFlashcardSession = (body: StartFlashcardSessionBody) => api.post('flashcard-sessions', body, FlashcardSessionSchema, { skipErrorPopup: true });

export const useStartFlashcardSession = (
  options: {
    onSuccess?: (session: FlashcardSession) => void;
    /** another start call that answers the same session (her own set's, decision 023) */
    startWith?: (body: StartFlashcardSessionBody) => Promise<FlashcardSession>;
  } = {},
) =>
  useMutation({
    mutationFn: options.startWith ?? startFlashcardSession,
    onSuccess: (session) => {
      queryClient.setQueryData(flashcardKeys.session(session.id), session);
      void queryClient.invalidateQueries({ queryKey: flashcardKeys.overview(session.subjectId) });
      options.onSuccess?.(session);
    },
  });
