import { describe, expect, it } from 'vitest';
import { DIFFICULTY_BY_PRIORITY, estimateAbility, predictRight, priorDifficulty, sigmoid, updateDifficulty } from './rasch.ts';

const prior = { mean: 0, variance: 1 };
const answers = (score: number, difficulty: number, n = 1) => Array.from({ length: n }, () => ({ score, weight: 1, difficulty }));

describe('Rasch arithmetic', () => {
  it('predicts one half for an ability equal to the difficulty, nearer one half the less certain the ability', () => {
    expect(predictRight({ mean: 0, variance: 0 }, 0)).toBeCloseTo(0.5);
    expect(predictRight({ mean: 2, variance: 0 }, 0)).toBeCloseTo(sigmoid(2));
    expect(predictRight({ mean: 2, variance: 4 }, 0)).toBeLessThan(sigmoid(2));
    expect(predictRight({ mean: 2, variance: 4 }, 0)).toBeGreaterThan(0.5);
  });

  it('keeps the prior without answers and grows more certain with each answer', () => {
    expect(estimateAbility(prior, [])).toEqual(prior);
    const few = estimateAbility(prior, answers(1, 0, 3));
    const many = estimateAbility(prior, answers(1, 0, 12));
    expect(few.mean).toBeGreaterThan(0);
    expect(many.mean).toBeGreaterThan(few.mean);
    expect(many.variance).toBeLessThan(few.variance);
    expect(few.variance).toBeLessThan(prior.variance);
    // half right on average questions: about average
    expect(Math.abs(estimateAbility(prior, [...answers(1, 0, 6), ...answers(0, 0, 6)]).mean)).toBeLessThan(1e-6);
  });

  it('counts a right answer on a hard question more than one on an easy question, and a wrong one on a hard question less', () => {
    expect(estimateAbility(prior, answers(1, 2)).mean).toBeGreaterThan(estimateAbility(prior, answers(1, -2)).mean);
    expect(estimateAbility(prior, answers(0, 2)).mean).toBeGreaterThan(estimateAbility(prior, answers(0, -2)).mean);
  });

  it('weighs an answer by its weight and ignores one of weight 0', () => {
    const once = estimateAbility(prior, [{ score: 1, weight: 1, difficulty: 0 }]);
    const strong = estimateAbility(prior, [{ score: 1, weight: 1.5, difficulty: 0 }]);
    expect(strong.mean).toBeGreaterThan(once.mean);
    expect(estimateAbility(prior, [{ score: 1, weight: 0, difficulty: 0 }])).toEqual(prior);
  });

  it("starts a question's difficulty from its chapter's priority", () => {
    expect(priorDifficulty(1).difficulty).toBe(DIFFICULTY_BY_PRIORITY[1]);
    expect(priorDifficulty(1).difficulty).toBeLessThan(priorDifficulty(3).difficulty);
    expect(priorDifficulty(9).difficulty).toBe(0);
  });

  it('makes a question harder when answered wrong, easier when right, with smaller steps as it is better known', () => {
    const start = priorDifficulty(2);
    const wrong = updateDifficulty(start, prior, 0);
    expect(wrong.difficulty).toBeGreaterThan(start.difficulty);
    expect(wrong.answers).toBe(1);
    expect(updateDifficulty(start, prior, 1).difficulty).toBeLessThan(start.difficulty);
    let item = start;
    const steps: number[] = [];
    for (let i = 0; i < 20; i++) {
      const next = updateDifficulty(item, prior, 0);
      steps.push(next.difficulty - item.difficulty);
      item = next;
    }
    expect(steps[19]!).toBeLessThan(steps[0]!);
    // a student of uncertain ability moves it less than one whose ability is known
    expect(updateDifficulty(start, { mean: 0, variance: 4 }, 0).difficulty).toBeLessThan(updateDifficulty(start, { mean: 0, variance: 0.1 }, 0).difficulty);
  });

  it('lets a question nobody gets right become hard, so a wrong answer on it costs little', () => {
    let item = priorDifficulty(2);
    for (let i = 0; i < 60; i++) item = updateDifficulty(item, prior, 0);
    expect(item.difficulty).toBeGreaterThan(2);
    const onHard = estimateAbility(prior, answers(0, item.difficulty));
    const onAverage = estimateAbility(prior, answers(0, 0));
    expect(prior.mean - onHard.mean).toBeLessThan((prior.mean - onAverage.mean) / 2);
  });
});
