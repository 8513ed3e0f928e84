import { describe, expect, it } from 'vitest';
import { addDays, localDate, studyDays } from './progress.ts';

describe('localDate', () => {
  it('is her calendar date in her time zone', () => {
    expect(localDate('2026-11-26T23:30:00.000Z', 'Europe/Amsterdam')).toBe('2026-11-27');
    expect(localDate('2026-11-26T23:30:00.000Z', 'UTC')).toBe('2026-11-26');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});

describe('studyDays', () => {
  it('counts stretches of actions less than five minutes apart, a minute for the first, and reading time', () => {
    const at = (hm: string) => `2026-11-26T${hm}:00.000Z`;
    const days = studyDays(
      [
        { at: at('09:00') },
        { at: at('09:02') },
        { at: at('09:04') }, // one stretch: 1 + 2 + 2 = 5 minutes
        { at: at('13:00') }, // after a break: 1 minute
        { at: at('15:00'), minutes: 12 }, // a chapter read
        { at: '2026-11-28T10:00:00.000Z' },
      ],
      'UTC',
    );
    expect(days).toEqual([
      { date: '2026-11-26', minutes: 18, activities: 5 },
      { date: '2026-11-28', minutes: 1, activities: 1 },
    ]);
  });
});
