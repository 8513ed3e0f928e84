import { describe, expect, it } from 'vitest';
import { calibrate, type Prediction } from './calibration.ts';

const exam = (predicted: number, achieved: number, extra: Partial<Prediction> = {}): Prediction => ({
  predicted,
  low: predicted - 0.8,
  high: predicted + 0.8,
  achieved,
  questions: 10,
  brierSum: 2,
  ...extra,
});

describe('calibration of the expected grade', () => {
  it('has no figures without exams', () => {
    expect(calibrate([])).toEqual({ exams: 0, meanAbsoluteError: null, bias: null, withinRange: null, questions: 0, brier: null, bins: [] });
  });

  it('bins exams by their expected grade and compares the means', () => {
    const c = calibrate([exam(3.5, 3), exam(6.2, 7), exam(6.8, 6), exam(9.1, 8.5)]);
    expect(c.bins).toEqual([
      { from: 1, to: 4, exams: 1, meanPredicted: 3.5, meanAchieved: 3 },
      { from: 6, to: 7, exams: 2, meanPredicted: 6.5, meanAchieved: 6.5 },
      { from: 8, to: 10, exams: 1, meanPredicted: 9.1, meanAchieved: 8.5 },
    ]);
    expect(c.exams).toBe(4);
    expect(c.meanAbsoluteError).toBeCloseTo((0.5 + 0.8 + 0.8 + 0.6) / 4, 1);
    expect(c.bias).toBeCloseTo((-0.5 + 0.8 - 0.8 - 0.6) / 4, 1);
    // 6,2 -> 7 and 6,8 -> 6 lie in their ±0,8 ranges, 3,5 -> 3 and 9,1 -> 8,5 too
    expect(c.withinRange).toBe(1);
  });

  it('gives the Brier score per question over all exams', () => {
    const c = calibrate([exam(5, 5, { questions: 10, brierSum: 1 }), exam(7, 4, { questions: 30, brierSum: 9, low: 6, high: 8 })]);
    expect(c.questions).toBe(40);
    expect(c.brier).toBe(0.25);
    expect(c.withinRange).toBe(0.5);
  });
});
