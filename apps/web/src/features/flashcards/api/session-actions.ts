import { useMutation } from '@tanstack/react-query';
import { FlashcardSessionSchema, type AnswerFlashcardBody, type FlashcardSession, type RateFlashcardBody } from '@blok/contract/flashcards';
import { api } from '../../../lib/api-client.ts';
import { sendThroughOutbox } from '../../../lib/offline/outbox.ts';
import { queryClient } from '../../../lib/react-query.ts';
import { answerLocally, rateLocally } from '../utils/offline-answer.ts';
import { flashcardKeys } from './keys.ts';

const path = (sessionId: string, action: string) => `flashcard-sessions/${encodeURIComponent(sessionId)}/${action}`;

/**
 * POST flashcard-sessions/{id}/answer: 'Wist ik' / 'Wist ik niet'; answers the updated session.
 * Through the outbox (decision 013): offline it waits there and resolves 'queued'.
 */
export const answerFlashcard = ({ sessionId, ...body }: AnswerFlashcardBody & { sessionId: string }) =>
  sendThroughOutbox(
    { kind: 'flashcard', method: 'POST', path: path(sessionId, 'answer'), body, refreshOnRefusal: [[...flashcardKeys.session(sessionId)]] },
    FlashcardSessionSchema,
  );

/**
 * POST flashcard-sessions/{id}/rate: an FSRS rating (1-4); answers the updated session. Through the
 * outbox like the answers (decision 013). It carries the schedule version she saw: when the card
 * was reviewed on another device before the queued rating arrives, the server answers 409
 * `conflict`, which the outbox treats as a refusal (dropped, not retried); the session is then
 * fetched again so the card shows unrated, and she is told (lib/offline/setup.ts).
 */
export const rateFlashcard = ({ sessionId, ...body }: RateFlashcardBody & { sessionId: string }) =>
  sendThroughOutbox(
    { kind: 'flashcard-rating', method: 'POST', path: path(sessionId, 'rate'), body, refreshOnRefusal: [[...flashcardKeys.session(sessionId)]] },
    FlashcardSessionSchema,
  );

/** PUT flashcard-sessions/{id}/position: go to a card (back to the previous one). */
export const goToFlashcard = ({ sessionId, position }: { sessionId: string; position: number }) =>
  api.put(path(sessionId, 'position'), { position }, FlashcardSessionSchema);

/** POST flashcard-sessions/{id}/repeat: a new session with the cards she did not know. */
export const repeatUnknownFlashcards = ({ sessionId }: { sessionId: string }) => api.post(path(sessionId, 'repeat'), undefined, FlashcardSessionSchema);

/** Keeps the cache on the server's answer: the session as it now is, and a stale overview. */
function remember(session: FlashcardSession) {
  queryClient.setQueryData(flashcardKeys.session(session.id), session);
  void queryClient.invalidateQueries({ queryKey: flashcardKeys.overview(session.subjectId), refetchType: 'none' });
}

export const useAnswerFlashcard = () =>
  useMutation({
    mutationFn: answerFlashcard,
    onSuccess: (sent, { sessionId, position, known }) => {
      if (sent.status === 'sent') return remember(sent.data);
      // Offline: the session goes on with the cards it has; the answer is sent later.
      queryClient.setQueryData<FlashcardSession>(flashcardKeys.session(sessionId), (old) => (old ? answerLocally(old, { position, known }) : old));
    },
  });
export const useRateFlashcard = () =>
  useMutation({
    mutationFn: rateFlashcard,
    onSuccess: (sent, { sessionId, position, rating }) => {
      if (sent.status === 'sent') return remember(sent.data);
      queryClient.setQueryData<FlashcardSession>(flashcardKeys.session(sessionId), (old) => (old ? rateLocally(old, { position, rating }) : old));
    },
  });
export const useGoToFlashcard = () => useMutation({ mutationFn: goToFlashcard, onSuccess: remember });
export const useRepeatUnknownFlashcards = (options: { onSuccess?: (session: FlashcardSession) => void } = {}) =>
  useMutation({
    mutationFn: repeatUnknownFlashcards,
    onSuccess: (session) => {
      remember(session);
      options.onSuccess?.(session);
    },
  });
