import { describe, expect, it } from 'vitest';
import { questionValue, retrievability } from './readiness.ts';

describe('the counts behind the plan', () => {
  it('counts skipped and open-for-review as not known, and the latest session more', () => {
    expect(questionValue(3, null)).toBe(0);
    expect(questionValue(4, null)).toBe(0);
    expect(questionValue(1, 0)).toBeCloseTo(0.7);
    expect(questionValue(0, 1)).toBeCloseTo(0.3);
    expect(questionValue(2, null)).toBe(0.5);
  });

  it('computes FSRS retrievability', () => {
    expect(retrievability(10, 10)).toBeCloseTo(0.9, 6);
    expect(retrievability(0, 10)).toBe(1);
    expect(retrievability(30, 10)).toBeLessThan(retrievability(10, 10));
    expect(retrievability(5, 0)).toBe(0);
  });
});
