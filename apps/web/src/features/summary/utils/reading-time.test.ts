import { describe, expect, it } from 'vitest';
import { splitReadingTime } from './reading-time.ts';

describe('splitReadingTime', () => {
  it('adds up the chapters and splits hours from minutes', () => {
    expect(splitReadingTime([{ readingMinutes: 5 }, { readingMinutes: 6 }, { readingMinutes: 4 }, { readingMinutes: 5 }])).toEqual({ total: 20, hours: 0, minutes: 20 });
    expect(splitReadingTime([{ readingMinutes: 40 }, { readingMinutes: 25 }])).toEqual({ total: 65, hours: 1, minutes: 5 });
    expect(splitReadingTime([{ readingMinutes: 60 }, { readingMinutes: 60 }])).toEqual({ total: 120, hours: 2, minutes: 0 });
    expect(splitReadingTime([])).toEqual({ total: 0, hours: 0, minutes: 0 });
  });
});
