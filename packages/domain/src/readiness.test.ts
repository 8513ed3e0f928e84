import { describe, expect, it } from 'vitest';
import { chapterReadiness, questionValue, retrievability, subjectReadiness, type ChapterStanding } from './readiness.ts';

const base: ChapterStanding = {
  number: 3,
  priority: 1,
  read: false,
  questionCount: 5,
  questionPoints: 0,
  questionsCorrect: 0,
  cardCount: 12,
  cardsKnown: 0,
  retention: null,
};

describe('readiness', () => {
  it('is 0 before she did anything and says why in Dutch', () => {
    const r = chapterReadiness(base);
    expect(r.readiness).toBe(0);
    expect(r.reason).toBe('Hoofdstuk 3: nog niet gelezen, 0 van de 5 vragen goed, 12 kaarten nog niet gekend');
  });

  it('weighs reading 20, questions 45 and cards 35', () => {
    expect(chapterReadiness({ ...base, read: true }).readiness).toBe(20);
    expect(chapterReadiness({ ...base, questionPoints: 5, questionsCorrect: 5 }).readiness).toBe(45);
    expect(chapterReadiness({ ...base, cardsKnown: 12 }).readiness).toBe(35);
    expect(chapterReadiness({ ...base, read: true, questionPoints: 5, questionsCorrect: 5, cardsKnown: 12 }).reason).toBe('Hoofdstuk 3: gelezen, alle 5 vragen goed, alle kaarten gekend');
  });

  it('drops a part the chapter has no content for', () => {
    expect(chapterReadiness({ ...base, read: true, questionCount: 0, cardCount: 0 }).readiness).toBe(100);
    expect(chapterReadiness({ ...base, questionCount: 0, cardsKnown: 12 }).readiness).toBe(Math.round((100 * 0.35) / 0.55));
  });

  it('counts skipped and open-for-review as not known, and the latest session more', () => {
    expect(questionValue(3, null)).toBe(0);
    expect(questionValue(4, null)).toBe(0);
    expect(questionValue(1, 0)).toBeCloseTo(0.7);
    expect(questionValue(0, 1)).toBeCloseTo(0.3);
    expect(questionValue(2, null)).toBe(0.5);
  });

  it('uses retrievability on the exam date when spaced repetition is on', () => {
    expect(retrievability(10, 10)).toBeCloseTo(0.9, 6);
    expect(retrievability(0, 10)).toBe(1);
    expect(retrievability(30, 10)).toBeLessThan(retrievability(10, 10));
    const r = chapterReadiness({ ...base, cardsKnown: 12, retention: { today: 0.95, onExam: 0.5 } });
    expect(r.parts.cards).toBe(0.5);
  });

  it('counts her own cards linked to the chapter beside its cards', () => {
    // 12 of the chapter's cards, none known; 4 of her own, 3 known: 3 / 16 of the cards part.
    const r = chapterReadiness({ ...base, ownCards: { count: 4, known: 3 } });
    expect(r.parts.cards).toBeCloseTo(3 / 16);
    expect(r.readiness).toBe(Math.round(100 * 0.35 * (3 / 16)));
    expect(r.reason).toBe('Hoofdstuk 3: nog niet gelezen, 0 van de 5 vragen goed, 13 kaarten nog niet gekend');
    // More of her own cards known moves it up; a chapter without cards of its own gets a cards part.
    expect(chapterReadiness({ ...base, ownCards: { count: 4, known: 4 } }).readiness).toBeGreaterThan(r.readiness);
    const onlyOwn = chapterReadiness({ ...base, questionCount: 0, cardCount: 0, ownCards: { count: 2, known: 1 } });
    expect(onlyOwn.parts.cards).toBe(0.5);
    expect(onlyOwn.reason).toBe('Hoofdstuk 3: nog niet gelezen, 1 kaart nog niet gekend');
    // With spaced repetition: the chapter's cards by retrievability, her own by their verdict.
    expect(chapterReadiness({ ...base, retention: { today: 0.9, onExam: 0.5 }, ownCards: { count: 4, known: 4 } }).parts.cards).toBeCloseTo((0.5 * 12 + 4) / 16);
    // Without own cards nothing changes.
    expect(chapterReadiness({ ...base, cardsKnown: 6, ownCards: { count: 0, known: 0 } })).toEqual(chapterReadiness({ ...base, cardsKnown: 6 }));
  });

  it('weighs a subject by chapter priority', () => {
    expect(subjectReadiness([{ readiness: 90, priority: 1 }, { readiness: 0, priority: 3 }])).toBe(Math.round((3 * 90) / 4));
    expect(subjectReadiness([])).toBe(0);
  });
});
