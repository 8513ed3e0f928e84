import type { AnswerFlashcardBody, FlashcardSession, RateFlashcardBody } from '@blok/contract/flashcards';

/**
 * 'Wist ik' / 'Wist ik niet' given offline (decision 013): the answer waits in the outbox and the
 * session moves on as the server does (the verdict on the card, then the next card or the end).
 */
export function answerLocally(session: FlashcardSession, { position, known }: AnswerFlashcardBody): FlashcardSession {
  const cards = session.cards.map((card) => (card.position === position ? { ...card, known } : card));
  return movedOn(session, cards, position);
}

/** The session after the card at `position` got its verdict: counts, then the next card or the end. */
function movedOn(session: FlashcardSession, cards: FlashcardSession['cards'], position: number): FlashcardSession {
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

/**
 * An FSRS rating given offline (decision 013): it waits in the outbox and the session moves on as
 * the server's `rate` does: the rating and its verdict (Opnieuw is 'not known', the rest 'known')
 * on the card, the card's schedule one version further, no next intervals any more, then the next
 * card or the end. A card already rated stays as it is (the server answers answer_locked).
 */
export function rateLocally(session: FlashcardSession, { position, rating }: Pick<RateFlashcardBody, 'position' | 'rating'>): FlashcardSession {
  const target = session.cards.find((card) => card.position === position);
  if (!target || target.rating !== null) return session;
  const known = rating >= 2;
  const cards = session.cards.map((card) =>
    card.position === position ? { ...card, known, rating, scheduleVersion: (card.scheduleVersion ?? 0) + 1, intervals: null } : card,
  );
  return movedOn(session, cards, position);
}
