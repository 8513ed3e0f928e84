import { describe, expect, it } from 'vitest';
import { EVIDENCE_SOURCES, EVIDENCE_WEIGHTS, GRADED_TYPES, clampScore, isGraded } from './evidence.ts';

describe('graded answers', () => {
  it('counts every source but self-report as graded, and weighs a mock exam above practice above self-report', () => {
    expect(EVIDENCE_SOURCES.filter(isGraded)).toEqual(['practice', 'mock-exam', 'card-typed', 'own-question']);
    expect(EVIDENCE_WEIGHTS['mock-exam']).toBeGreaterThan(EVIDENCE_WEIGHTS.practice);
    expect(EVIDENCE_WEIGHTS['self-report']).toBeLessThan(EVIDENCE_WEIGHTS['card-typed']);
  });

  it('grades every question type but the self-assessed open question', () => {
    expect(GRADED_TYPES).not.toContain('open');
    expect(GRADED_TYPES).toContain('numeric');
  });

  it('keeps a score between 0 and 1', () => {
    expect(clampScore(1.4)).toBe(1);
    expect(clampScore(-2)).toBe(0);
    expect(clampScore(Number.NaN)).toBe(0);
    expect(clampScore(0.5)).toBe(0.5);
  });
});
