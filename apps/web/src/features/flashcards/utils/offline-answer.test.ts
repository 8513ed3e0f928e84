import { describe, expect, it } from 'vitest';
import type { FlashcardSession } from '@blok/contract/flashcards';
import { answerLocally, rateLocally } from './offline-answer.ts';

const card = (position: number) => ({
  position,
  flashcardId: `f${position}`,
  flashcardSetId: 'set',
  front: { html: '<p>voor</p>', imageUrl: null },
  back: { html: '<p>achter</p>', imageUrl: null },
  isFavorite: false,
  known: null,
  rating: null,
  scheduleVersion: null,
  intervals: null,
});

const session = {
  id: 's1',
  subjectId: 'sub',
  subjectTitle: 'Vak',
  source: 'set',
  flashcardSetId: 'set',
  title: 'Set',
  order: 'default',
  firstSide: 'front',
  onlyUnknown: false,
  currentIndex: 0,
  cardCount: 2,
  knownCount: 0,
  unknownCount: 0,
  finished: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  cards: [card(0), card(1)],
} as unknown as FlashcardSession;

describe('a flashcard answer offline', () => {
  it('keeps the verdict on the card, counts it and moves on to the next card, then the end', () => {
    const first = answerLocally(session, { position: 0, known: true });
    expect(first).toMatchObject({ currentIndex: 1, knownCount: 1, unknownCount: 0, finished: false });
    expect(first.cards[0]!.known).toBe(true);
    const second = answerLocally(first, { position: 1, known: false });
    expect(second).toMatchObject({ currentIndex: 2, knownCount: 1, unknownCount: 1, finished: true });
  });
});

describe('an FSRS rating offline', () => {
  const review = {
    ...session,
    source: 'review',
    cards: [card(0), card(1)].map((c, i) => ({ ...c, scheduleVersion: i + 2, intervals: { again: 60, hard: 600, good: 86400, easy: 345600 } })),
  } as unknown as FlashcardSession;

  it('keeps the rating and its verdict on the card, moves its schedule on and the session to the next card, as the server does', () => {
    const first = rateLocally(review, { position: 0, rating: 1 });
    expect(first).toMatchObject({ currentIndex: 1, knownCount: 0, unknownCount: 1, finished: false });
    expect(first.cards[0]).toMatchObject({ rating: 1, known: false, scheduleVersion: 3, intervals: null });
    expect(first.cards[1]).toEqual(review.cards[1]);
    const second = rateLocally(first, { position: 1, rating: 4 });
    expect(second).toMatchObject({ currentIndex: 2, knownCount: 1, unknownCount: 1, finished: true });
    expect(second.cards[1]).toMatchObject({ rating: 4, known: true, scheduleVersion: 4 });
  });

  it('leaves a card already rated as it is (the server would answer answer_locked)', () => {
    const rated = rateLocally(review, { position: 0, rating: 3 });
    expect(rateLocally({ ...rated, currentIndex: 0 }, { position: 0, rating: 1 })).toEqual({ ...rated, currentIndex: 0 });
  });
});
