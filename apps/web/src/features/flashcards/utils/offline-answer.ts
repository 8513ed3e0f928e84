import type { AnswerFlashcardBody, FlashcardSession } from '@blok/contract/flashcards';

/**
 * 'Wist ik' / 'Wist ik niet' given offline (decision 013): the answer waits in the outbox and the
 * session moves on as the server does (the verdict on the card, then the next card or the end).
 */
export function answerLocally(session: FlashcardSession, { position, known }: AnswerFlashcardBody): FlashcardSession {
  const cards = session.cards.map((card) => (card.position === position ? { ...card, known } : card));
  const currentIndex = Math.min(position + 1, session.cardCount);
  return {
    ...session,
    cards,
    currentIndex,
    knownCount: cards.filter((c) => c.known === true).length,
    unknownCount: cards.filter((c) => c.known === false).length,
    finished: currentIndex >= session.cardCount,
  };
}
