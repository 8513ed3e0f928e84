import { randomUUID } from 'node:crypto';

let lastMs = -1;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562): 48-bit millisecond timestamp, a 12-bit sequence, then random bits; sorts by
 * creation time, also within one millisecond of one process (RFC 9562 section 6.2, method 1: rand_a
 * is a counter that starts at a random value below 2,048 each millisecond and carries into the
 * timestamp when it runs out, and a clock that steps back keeps the last timestamp). Rules that keep
 * "the newest" by id as a tie-break (push subscriptions, decision 014's ordered ids) rely on it.
 * The random bits come from `randomUUID()` (a v4: 122 random bits, the variant already RFC 9562's),
 * whose entropy Node draws in batches: a `randomBytes(16)` per id was one call into the system's
 * random source each, a measurable share of a write request (decision 014). The v4's first 16 hex
 * digits make way for the timestamp, the 7 and the sequence; rand_b (62 bits) stays random.
 */
export function uuidv7(): string {
  const random = randomUUID();
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    sequence = Number.parseInt(random.slice(15, 18), 16) & 0x7ff;
  } else {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
  }
  const ms = lastMs.toString(16).padStart(12, '0'); // 48 bits until the year 10889
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${sequence.toString(16).padStart(3, '0')}${random.slice(18)}`;
}
