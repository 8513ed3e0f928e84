import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_SEED, orderAnswers as order } from './answer-order.ts';

type A = { id: string; pinned: boolean };
const orderAnswers = (answers: A[], seed: number | null, questionId: string) => order(answers, seed, questionId, (a) => a.pinned);

const answers = (n: number, pinned: number[] = []) => Array.from({ length: n }, (_, i) => ({ id: `q-a${i + 1}`, pinned: pinned.includes(i) }));
const ids = (list: Array<{ id: string }>) => list.map((a) => a.id);

describe('orderAnswers', () => {
  it('keeps the written order without a seed (sessions from before the shuffle)', () => {
    expect(ids(orderAnswers(answers(5), null, 'q'))).toEqual(['q-a1', 'q-a2', 'q-a3', 'q-a4', 'q-a5']);
  });

  it('is a permutation and the same for the same seed and question, every time', () => {
    const first = ids(orderAnswers(answers(6), 123456, 'vraag-1'));
    expect([...first].sort()).toEqual(ids(answers(6)).sort());
    for (let i = 0; i < 5; i++) expect(ids(orderAnswers(answers(6), 123456, 'vraag-1'))).toEqual(first);
  });

  it('differs between seeds and between questions of one session', () => {
    const bySeed = new Set(Array.from({ length: 50 }, (_, s) => ids(orderAnswers(answers(5), s + 1, 'vraag-1')).join()));
    const byQuestion = new Set(Array.from({ length: 50 }, (_, q) => ids(orderAnswers(answers(5), 42, `vraag-${q}`)).join()));
    // 120 orders are possible; 50 draws give far more than 20 distinct ones
    expect(bySeed.size).toBeGreaterThan(20);
    expect(byQuestion.size).toBeGreaterThan(20);
  });

  it('keeps pinned answers at their written position', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const order = ids(orderAnswers(answers(5, [0, 4]), seed, 'vraag'));
      expect(order[0]).toBe('q-a1');
      expect(order[4]).toBe('q-a5');
      expect(order.slice(1, 4).sort()).toEqual(['q-a2', 'q-a3', 'q-a4']);
    }
    expect(ids(orderAnswers(answers(4, [0, 1, 2, 3]), 99, 'schaal'))).toEqual(['q-a1', 'q-a2', 'q-a3', 'q-a4']);
  });

  it('puts the first written answer at each position about equally often (no position favoured)', () => {
    // 4000 deterministic seeds over 4 answers: each position expects 1000; a fixed run, so it cannot flake
    const counts = [0, 0, 0, 0];
    for (let seed = 1; seed <= 4000; seed++) counts[ids(orderAnswers(answers(4), seed, 'vraag')).indexOf('q-a1')]! += 1;
    for (const c of counts) expect(c).toBeGreaterThan(880);
    for (const c of counts) expect(c).toBeLessThan(1120);
  });

  it('spreads over questions too, with the largest seed as well', () => {
    const counts = [0, 0, 0];
    for (let q = 0; q < 3000; q++) counts[ids(orderAnswers(answers(3), MAX_ANSWER_SEED, `vraag-${q}`)).indexOf('q-a1')]! += 1;
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(120);
  });

  it('does not change its input', () => {
    const input = answers(4);
    orderAnswers(input, 7, 'vraag');
    expect(ids(input)).toEqual(['q-a1', 'q-a2', 'q-a3', 'q-a4']);
  });
});
