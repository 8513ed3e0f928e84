import { describe, expect, it } from 'vitest';
import { ANSWERABLE_STATUSES, ANSWERED_STATUSES, assessmentStatus, canAnswer, evaluateSelect, isLocked, isUnanswered, statusKind } from './status.ts';

describe('evaluateSelect', () => {
  describe('single-answer question', () => {
    it('is correct for the correct answer', () => expect(evaluateSelect(['a'], ['a'])).toBe(1));
    it('is wrong for another answer', () => expect(evaluateSelect(['b'], ['a'])).toBe(0));
  });

  describe('multi-answer question (a, b, c correct; d, e wrong)', () => {
    const correct = ['a', 'b', 'c'];
    it('is correct for exactly the correct set, in any order', () => {
      expect(evaluateSelect(['c', 'a', 'b'], correct)).toBe(1);
    });
    it('is partially correct for some correct answers and no wrong one', () => {
      expect(evaluateSelect(['a'], correct)).toBe(2);
      expect(evaluateSelect(['a', 'c'], correct)).toBe(2);
    });
    it('is wrong as soon as a wrong answer is picked', () => {
      expect(evaluateSelect(['a', 'b', 'c', 'd'], correct)).toBe(0);
      expect(evaluateSelect(['a', 'd'], correct)).toBe(0);
      expect(evaluateSelect(['d', 'e'], correct)).toBe(0);
    });
    it('is wrong for nothing picked and ignores duplicates', () => {
      expect(evaluateSelect([], correct)).toBe(0);
      expect(evaluateSelect(['a', 'a'], correct)).toBe(2);
    });
  });
});

describe('assessmentStatus', () => {
  it('maps goed / deels goed / fout and 1 / 2 / 0', () => {
    expect(assessmentStatus('goed')).toBe(1);
    expect(assessmentStatus('deels goed')).toBe(2);
    expect(assessmentStatus('fout')).toBe(0);
    expect(assessmentStatus(1)).toBe(1);
    expect(assessmentStatus(2)).toBe(2);
    expect(assessmentStatus(0)).toBe(0);
  });
});

describe('status predicates', () => {
  it('locks answered and review questions only', () => {
    expect([-1, 0, 1, 2, 3, 4].filter(isLocked)).toEqual([0, 1, 2, 4]);
    expect([-1, 0, 1, 2, 3, 4].filter(canAnswer)).toEqual([-1, 3]);
    expect([-1, 0, 1, 2, 3, 4].filter(isUnanswered)).toEqual([-1, 3, 4]);
  });
});

describe('statusKind', () => {
  it('names how a question ended, everything not answered being open', () => {
    expect([-1, 0, 1, 2, 3, 4].map(statusKind)).toEqual(['open', 'wrong', 'correct', 'partial', 'open', 'open']);
  });
});

describe('status groups', () => {
  it('splits the codes into answerable (-1, 3), answered for good (0, 1, 2) and review (4)', () => {
    expect([-1, 0, 1, 2, 3, 4].filter((s) => ANSWERABLE_STATUSES.includes(s))).toEqual([-1, 3]);
    expect([-1, 0, 1, 2, 3, 4].filter((s) => ANSWERED_STATUSES.includes(s))).toEqual([0, 1, 2]);
    expect(ANSWERABLE_STATUSES.every(canAnswer)).toBe(true);
  });
});
