import { describe, expect, it } from 'vitest';
import { computeGrade, computeProgress, computeScore, countStatuses, formatGrade, gradeFromScore, gradeTone, isPassing } from './grade.ts';

const counts = (statuses: number[]) => countStatuses(statuses);

describe('countStatuses', () => {
  it('counts every status code once', () => {
    expect(countStatuses([-1, 0, 1, 1, 2, 3, 4])).toEqual({ correct: 2, partial: 1, wrong: 1, skipped: 1, review: 1, unanswered: 1, total: 7 });
  });
});

describe('computeGrade', () => {
  it('is 10 x correct over total', () => {
    expect(computeGrade(counts([1, 1, 1, 1]))).toBe(10);
    expect(computeGrade(counts([1, 1, 0, 0]))).toBe(5);
  });

  it('counts a partially correct answer as half', () => {
    // 10 x (1 + 0.5) / 2 = 7.5
    expect(computeGrade(counts([1, 2]))).toBe(7.5);
    // 10 x (2 + 0.5) / 4 = 6.25 -> 6.3 (half rounds up)
    expect(computeGrade(counts([1, 1, 2, 0]))).toBe(6.3);
  });

  it('rounds to one decimal', () => {
    // 10 x 2 / 3 = 6.666… -> 6.7
    expect(computeGrade(counts([1, 1, 0]))).toBe(6.7);
    // 10 x 1 / 3 = 3.333… -> 3.3
    expect(computeGrade(counts([1, 0, 0]))).toBe(3.3);
    // 10 x 1 / 7 = 1.428… -> 1.4
    expect(computeGrade(counts([1, 0, 0, 0, 0, 0, 0]))).toBe(1.4);
  });

  it('is at least 1', () => {
    expect(computeGrade(counts([0, 0, 0]))).toBe(1);
    // 10 x 0.5 / 10 = 0.5 -> clamped to 1
    expect(computeGrade(counts([2, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe(1);
  });

  it('is null while anything is skipped, in review or not answered', () => {
    expect(computeGrade(counts([1, 1, 3]))).toBeNull();
    expect(computeGrade(counts([1, 1, 4]))).toBeNull();
    expect(computeGrade(counts([1, 1, -1]))).toBeNull();
    expect(computeGrade(counts([]))).toBeNull();
  });

  it('passes at exactly 5.5 and fails just below', () => {
    const atBoundary = computeGrade(counts([...Array(11).fill(1), ...Array(9).fill(0)]))!; // 11 of 20
    expect(atBoundary).toBe(5.5);
    expect(isPassing(atBoundary)).toBe(true);
    const below = computeGrade(counts([...Array(27).fill(1), ...Array(23).fill(0)]))!; // 27 of 50 = 5.4
    expect(below).toBe(5.4);
    expect(isPassing(below)).toBe(false);
    // 10 x (5 + 0.5) / 10 = 5.5 with a partial answer
    expect(isPassing(computeGrade(counts([1, 1, 1, 1, 1, 2, 0, 0, 0, 0]))!)).toBe(true);
  });
});

describe('computeScore', () => {
  it('is the rounded percentage of points, skipped and review earning nothing', () => {
    expect(computeScore(counts([1, 2, 0, 3]))).toBe(38); // 1.5 / 4 = 37.5 -> 38
    expect(computeScore(counts([1, 1, 4]))).toBe(67);
    expect(computeScore(counts([0, 0]))).toBe(0);
    expect(computeScore(counts([]))).toBe(0);
  });
});

describe('computeProgress', () => {
  it('is the rounded percentage of the current question number over the total', () => {
    expect(computeProgress(1, 3)).toBe(33);
    expect(computeProgress(2, 3)).toBe(67);
    expect(computeProgress(3, 3)).toBe(100);
    expect(computeProgress(1, 8)).toBe(13); // 12.5 -> 13
  });

  it('stays between 0 and 100', () => {
    expect(computeProgress(0, 5)).toBe(0);
    expect(computeProgress(9, 5)).toBe(100);
    expect(computeProgress(1, 0)).toBe(0);
  });
});

describe('gradeFromScore', () => {
  it('turns a 0-100 score into a grade with one decimal, at least 1', () => {
    expect(gradeFromScore(100)).toBe(10);
    expect(gradeFromScore(55)).toBe(5.5);
    expect(gradeFromScore(67)).toBe(6.7);
    expect(gradeFromScore(4)).toBe(1);
    expect(gradeFromScore(0)).toBe(1);
  });
});

describe('gradeTone and formatGrade', () => {
  it('colours a grade by the passing boundary, unknown while there is none', () => {
    expect([5.5, 5.4, 10, 1, null].map(gradeTone)).toEqual(['pass', 'fail', 'pass', 'fail', 'unknown']);
  });
  it('writes a grade the Dutch way with one decimal, or a question mark', () => {
    expect(formatGrade(7.5)).toBe('7,5');
    expect(formatGrade(10)).toBe('10,0');
    expect(formatGrade(1)).toBe('1,0');
    expect(formatGrade(null)).toBe('?');
  });
});
