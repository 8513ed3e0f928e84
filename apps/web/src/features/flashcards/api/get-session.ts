import { queryOptions, useQuery } from '@tanstack/react-query';
import { FlashcardSessionSchema } from '@blok/contract/flashcards';
import { api } from '../../../lib/api-client.ts';
import { flashcardKeys } from './keys.ts';

/** GET flashcard-sessions/{id}: the session with its cards, her verdicts and where she is. */
export const getFlashcardSession = (sessionId: string, signal?: AbortSignal) =>
  api.get(`flashcard-sessions/${encodeURIComponent(sessionId)}`, FlashcardSessionSchema, { signal, skipErrorPopup: true });

export const flashcardSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: flashcardKeys.session(sessionId),
    queryFn: ({ signal }) => getFlashcardSession(sessionId, signal),
    // Always fresh when she opens it: she may have gone on on another device.
    staleTime: 0,
  });

export const useFlashcardSession = (sessionId: string) => useQuery(flashcardSessionQueryOptions(sessionId));
