import { describe, expect, it } from 'vitest';
import { instantToLocal, localToInstant, nextReminderSlot, zoneOffsetMs } from './schedule.ts';

describe('reminder times in Europe/Amsterdam', () => {
  it('knows winter and summer time', () => {
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'))).toBe(3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'))).toBe(7_200_000);
  });

  it('turns a local time into the right instant on both sides of a change', () => {
    expect(localToInstant('2026-03-28', '19:00').toISOString()).toBe('2026-03-28T18:00:00.000Z');
    expect(localToInstant('2026-03-29', '19:00').toISOString()).toBe('2026-03-29T17:00:00.000Z');
    expect(localToInstant('2026-10-24', '08:15').toISOString()).toBe('2026-10-24T06:15:00.000Z');
    expect(localToInstant('2026-10-25', '08:15').toISOString()).toBe('2026-10-25T07:15:00.000Z');
  });

  it('moves a time in the skipped hour forward and takes the first of a doubled hour', () => {
    // 29 March 2026: 02:00 becomes 03:00, so 02:30 does not exist; a clock shows 03:30.
    expect(localToInstant('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 03:00 becomes 02:00, so 02:30 happens twice; the first is in summer time.
    expect(localToInstant('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('reads an instant back as local date, time and ISO weekday', () => {
    expect(instantToLocal(Date.parse('2026-11-23T22:30:00Z'))).toEqual({ date: '2026-11-23', time: '23:30', weekday: 1 });
    expect(instantToLocal(Date.parse('2026-11-23T23:30:00Z'))).toEqual({ date: '2026-11-24', time: '00:30', weekday: 2 });
  });

  it('finds the next chosen weekday at the chosen time', () => {
    // Friday 27 November 2026, 20:00 local: the weekday reminder at 19:00 is next on Monday.
    const slot = nextReminderSlot({ time: '19:00', days: [1, 2, 3, 4, 5] }, Date.parse('2026-11-27T19:00:00Z'));
    expect(slot).toMatchObject({ date: '2026-11-30', time: '19:00' });
    expect(slot!.at.toISOString()).toBe('2026-11-30T18:00:00.000Z');
    // Same day, before the time: today.
    expect(nextReminderSlot({ time: '19:00', days: [5] }, Date.parse('2026-11-27T10:00:00Z'))!.date).toBe('2026-11-27');
    // The slot itself is not "after" itself: the next week.
    expect(nextReminderSlot({ time: '19:00', days: [5] }, Date.parse('2026-11-27T18:00:00Z'))!.date).toBe('2026-12-04');
    expect(nextReminderSlot({ time: '19:00', days: [] }, Date.now())).toBeNull();
  });
});
