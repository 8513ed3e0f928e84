import { randomUUID } from 'node:crypto';

/**
 * A UUIDv7 (RFC 9562): 48-bit millisecond timestamp, then random bits; sorts by creation time.
 * The random bits come from `randomUUID()` (a v4: 122 random bits, the variant already RFC 9562's),
 * whose entropy Node draws in batches: a `randomBytes(16)` per id was one call into the system's
 * random source each, a measurable share of a write request (decision 014). The v4's first 12 hex
 * digits and its version digit make way for the timestamp and the 7; rand_a (12 bits) and rand_b
 * (62 bits) stay random.
 */
export function uuidv7(): string {
  const random = randomUUID();
  const ms = Date.now().toString(16).padStart(12, '0'); // 48 bits until the year 10889
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${random.slice(15)}`;
}
