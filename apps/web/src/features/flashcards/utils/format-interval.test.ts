import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadLaterNamespaces } from '../../../lib/i18n.ts';
import { describeInterval, formatInterval } from './format-interval.ts';

const t = i18n.getFixedT('nl', 'flashcards') as unknown as Parameters<typeof formatInterval>[1];

beforeAll(() => loadLaterNamespaces());

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
    expect(formatInterval(seconds, t)).toBe(label);
  });

  it('writes intervals out for screen readers', () => {
    expect(describeInterval(600, t)).toBe('over 10 minuten');
    expect(describeInterval(60, t)).toBe('over 1 minuut');
    expect(describeInterval(86_400, t)).toBe('over 1 dag');
    expect(describeInterval(4 * 86_400, t)).toBe('over 4 dagen');
    expect(describeInterval(31 * 86_400, t)).toBe('over 1 maand');
    expect(describeInterval(3 * 3600, t)).toBe('over 3 uur');
  });
});
