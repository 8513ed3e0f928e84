import { describe, expect, it } from 'vitest';
import { describeInterval, formatInterval } from './format-interval.ts';

describe('FSRS interval labels', () => {
  it.each([
    [30, '< 1 min'],
    [60, '1 min'],
    [600, '10 min'],
    [3 * 3600, '3 uur'],
    [86_400, '1 dag'],
    [3 * 86_400, '3 dagen'],
    [62 * 86_400, '2 mnd'],
    [548 * 86_400, '1,5 jaar'],
  ])('%i seconds reads %s', (seconds, label) => {
    expect(formatInterval(seconds)).toBe(label);
  });

  it('writes intervals out for screen readers', () => {
    expect(describeInterval(600)).toBe('over 10 minuten');
    expect(describeInterval(60)).toBe('over 1 minuut');
    expect(describeInterval(86_400)).toBe('over 1 dag');
    expect(describeInterval(4 * 86_400)).toBe('over 4 dagen');
  });
});
