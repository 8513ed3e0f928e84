import { describe, expect, it } from 'vitest';
import { analyseItems, type ItemAnswer, type ItemContent } from './item-analysis.ts';

// A seeded set: eight students of rising ability answer four questions.
const choice = (id: string, longestKey = false): ItemContent => ({
  id,
  options: [
    { id: `${id}-a1`, text: longestKey ? 'Het volledige en uitgebreide juiste antwoord' : 'Juist', correct: true },
    { id: `${id}-a2`, text: 'Fout antwoord twee', correct: false },
    { id: `${id}-a3`, text: 'Fout antwoord drie', correct: false },
  ],
});
const typed: ItemContent = { id: 'typed', options: [] };
const answers: ItemAnswer[] = [];
for (let s = 0; s < 8; s++) {
  const user = `u${s}`;
  const strong = s >= 4;
  // good: the strong get it right
  answers.push({ userId: user, itemId: 'good', score: strong ? 1 : 0, picked: [strong ? 'good-a1' : 'good-a2'] });
  // another good one, right from the fourth student on
  answers.push({ userId: user, itemId: 'good2', score: s >= 3 ? 1 : 0, picked: [s >= 3 ? 'good2-a1' : 'good2-a3'] });
  // easy: everyone right
  answers.push({ userId: user, itemId: 'easy', score: 1, picked: ['easy-a1'] });
  // inverted: the weak get it right (a wrong key?)
  answers.push({ userId: user, itemId: 'inverted', score: strong ? 0 : 1, picked: [strong ? 'inverted-a2' : 'inverted-a1'] });
  // a typed question, right for the strongest three
  answers.push({ userId: user, itemId: 'typed', score: s >= 5 ? 1 : 0, picked: [] });
}

describe('item analysis', () => {
  const stats = new Map(analyseItems([choice('good'), choice('good2'), choice('easy', true), choice('inverted'), typed], answers).map((s) => [s.itemId, s]));

  it('gives the share right, and how often each wrong answer was picked', () => {
    expect(stats.get('good')).toMatchObject({ answers: 8, shareRight: 0.5, distractors: [{ id: 'good-a2', picks: 4 }, { id: 'good-a3', picks: 0 }] });
    expect(stats.get('typed')).toMatchObject({ answers: 8, shareRight: 3 / 8, distractors: [] });
  });

  it('correlates each question with the rest score: positive for a good question, negative for an inverted one', () => {
    expect(stats.get('good')!.discrimination).toBeGreaterThan(0.3);
    expect(stats.get('inverted')!.discrimination).toBeLessThan(0);
    // everyone right: no spread, no correlation
    expect(stats.get('easy')!.discrimination).toBeNull();
  });

  it('flags what an author should fix', () => {
    expect(stats.get('easy')!.flags).toEqual(['too_easy', 'unused_distractor', 'key_longest']);
    expect(stats.get('inverted')!.flags).toEqual(['negative_discrimination', 'unused_distractor']);
    expect(stats.get('good')!.flags).toEqual(['unused_distractor']);
    expect(stats.get('typed')!.flags).toEqual([]);
  });

  it('counts each student once, with her latest answer, and says nothing with too few answers', () => {
    const few = analyseItems([choice('q')], [
      { userId: 'a', itemId: 'q', score: 0, picked: ['q-a2'] },
      { userId: 'a', itemId: 'q', score: 1, picked: ['q-a1'] },
      { userId: 'b', itemId: 'q', score: 0, picked: ['q-a3'] },
    ])[0]!;
    expect(few).toMatchObject({ answers: 2, shareRight: 0.5, discrimination: null, flags: [] });
  });
});
