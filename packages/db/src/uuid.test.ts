import { describe, expect, it, vi } from 'vitest';
import { uuidv7 } from './uuid.ts';

const FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidv7', () => {
  // first: the frozen clock below leaves the process's last timestamp ahead of the real one
  it('carries the time it was made and random bits', () => {
    const before = Date.now();
    const a = uuidv7();
    const b = uuidv7();
    const ms = Number.parseInt(a.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1);
    expect(a.slice(19)).not.toBe(b.slice(19));
  });

  it('is a version 7, variant RFC 9562 id that sorts in the order it was made, also within one millisecond', () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z'), toFake: ['Date'] });
    try {
      // 5,000 ids in one frozen millisecond: more than the 12-bit sequence holds, so it carries into the timestamp
      const ids = Array.from({ length: 5_000 }, () => uuidv7());
      for (const id of ids) expect(id).toMatch(FORMAT);
      expect([...ids].sort()).toEqual(ids);
      expect(new Set(ids).size).toBe(ids.length);
      // a clock that steps back keeps the order
      vi.setSystemTime(new Date('2026-11-29T07:59:59Z'));
      const after = uuidv7();
      expect(after > ids.at(-1)!).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
