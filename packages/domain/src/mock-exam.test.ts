import { describe, expect, it } from 'vitest';
import { chapterWeight, drawCounts, gradeMockExam, openQuestionSwap, secondsLeft } from './mock-exam.ts';

const pools = (...specs: Array<[string, number, number]>) => specs.map(([id, weight, available]) => ({ id, weight, available }));

describe('drawCounts', () => {
  it('shares the questions by weight', () => {
    const counts = drawCounts(pools(['h1', 3, 50], ['h2', 2, 50], ['h3', 1, 50]), 12);
    expect([...counts.values()]).toEqual([6, 4, 2]);
  });

  it('gives every chapter one question when there are enough, then the rest by weight', () => {
    const counts = drawCounts(pools(['h1', 3, 10], ['h2', 1, 10], ['h3', 1, 10]), 5);
    expect(counts.get('h1')! + counts.get('h2')! + counts.get('h3')!).toBe(5);
    expect(counts.get('h2')).toBeGreaterThanOrEqual(1);
    expect(counts.get('h1')).toBeGreaterThan(counts.get('h2')!);
  });

  it('never takes more than a chapter has and passes the rest on', () => {
    const counts = drawCounts(pools(['h1', 3, 2], ['h2', 1, 20]), 10);
    expect(counts.get('h1')).toBe(2);
    expect(counts.get('h2')).toBe(8);
  });

  it('stops at what there is', () => {
    const counts = drawCounts(pools(['h1', 3, 2], ['h2', 1, 1], ['leeg', 2, 0]), 40);
    expect(Object.fromEntries(counts)).toEqual({ h1: 2, h2: 1, leeg: 0 });
  });

  it('weighs high priority three times low', () => {
    expect([1, 2, 3].map(chapterWeight)).toEqual([3, 2, 1]);
  });
});

describe('gradeMockExam', () => {
  it('grades like the results screen, counting an unanswered question as earning nothing', () => {
    expect(gradeMockExam([1, 1, 1, 1]).grade).toBe(10);
    expect(gradeMockExam([1, 2, 0, -1])).toMatchObject({ correct: 1, partial: 1, wrong: 1, unanswered: 1, total: 4, score: 38, grade: 3.8 });
    expect(gradeMockExam([-1, -1]).grade).toBe(1);
  });

  it('counts an open answer only once she assessed it: until then it earns nothing and waits', () => {
    expect(gradeMockExam([1, 1, 4, 4])).toMatchObject({ correct: 2, unanswered: 0, awaitingAssessment: 2, score: 50, grade: 5 });
    expect(gradeMockExam([1, 1, 1, 4])).toMatchObject({ awaitingAssessment: 1, grade: 7.5 });
    expect(gradeMockExam([1, 1, 1, 0])).toMatchObject({ correct: 3, wrong: 1, awaitingAssessment: 0, grade: 7.5 });
    expect(gradeMockExam([1, 1, 1, 1])).toMatchObject({ awaitingAssessment: 0, grade: 10 });
  });
});

describe('openQuestionSwap', () => {
  const drawn = [
    { key: 'h1', open: false },
    { key: 'h1', open: false },
    { key: 'h2', open: false },
    { key: 'h3', open: false },
  ];
  it("trades a multiple-choice question of a chapter with an open one left, never changing a chapter's count", () => {
    const left = new Map([['h1', 1], ['h3', 2]]);
    expect([0, 1, 2, 3].map((pick) => openQuestionSwap(drawn, left, pick))).toEqual([0, 1, 3, 0]);
    expect(openQuestionSwap(drawn, left, -1)).toBe(3);
  });
  it('leaves an exam alone that has an open question, or when no chapter drawn from has one', () => {
    expect(openQuestionSwap([...drawn, { key: 'h2', open: true }], new Map([['h1', 1]]), 0)).toBeUndefined();
    expect(openQuestionSwap(drawn, new Map([['h4', 3]]), 0)).toBeUndefined();
    expect(openQuestionSwap(drawn, new Map(), 0)).toBeUndefined();
  });
});

describe('secondsLeft', () => {
  it('counts down to zero, never below', () => {
    const now = new Date('2026-11-26T10:00:00.000Z');
    expect(secondsLeft('2026-11-26T10:01:30.000Z', now)).toBe(90);
    expect(secondsLeft('2026-11-26T09:59:00.000Z', now)).toBe(0);
  });
});
