import { fixedQuery, sql, type Executor } from '@blok/db';

export interface Hit {
  count: number;
  /** seconds until the window resets */
  retryAfter: number;
}

// The counters of every login and registration: compiled once (fixedQuery), not built anew per call.
const hitQuery = fixedQuery((db: Executor, key: string, nowIso: string, cutoff: string) =>
  db
    .insertInto('rate_limits')
    .values({ key, window_start: nowIso, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start < ${cutoff} then 1 else rate_limits.count + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start < ${cutoff} then ${nowIso} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start']),
);
const releaseQuery = fixedQuery((db: Executor, key: string) =>
  db
    .updateTable('rate_limits')
    .set({ count: sql<number>`case when count > 0 then count - 1 else 0 end` })
    .where('key', '=', key),
);
const resetQuery = fixedQuery((db: Executor, key: string) => db.deleteFrom('rate_limits').where('key', '=', key));

/**
 * Fixed-window counters kept in the database, so that every API process sees the same counts
 * (ARCHITECTURE: rate-limit counters that must be global live in the database).
 */
export class RateLimitRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  /** Adds one to the key's counter (starting a new window when the old one ended) and returns it. */
  async hit(key: string, windowSeconds: number): Promise<Hit> {
    const nowMs = Date.now();
    const nowIso = new Date(nowMs).toISOString();
    const cutoff = new Date(nowMs - windowSeconds * 1000).toISOString();
    const [row] = await hitQuery(this.db, key, nowIso, cutoff);
    if (!row) throw new Error(`rate limit counter ${key}: the upsert returned no row`);
    return { count: Number(row.count), retryAfter: this.retryAfter(row.window_start, windowSeconds, nowMs) };
  }

  /** The key's current count without changing it (0 when the window ended). */
  async peek(key: string, windowSeconds: number): Promise<Hit> {
    const nowMs = Date.now();
    const row = await this.db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
    if (!row || Date.parse(row.window_start) < nowMs - windowSeconds * 1000) return { count: 0, retryAfter: 0 };
    return { count: Number(row.count), retryAfter: this.retryAfter(row.window_start, windowSeconds, nowMs) };
  }

  /** Gives one counted attempt back (it was not a failure after all). */
  async release(key: string): Promise<void> {
    await releaseQuery(this.db, key);
  }

  async reset(key: string): Promise<void> {
    await resetQuery(this.db, key);
  }

  private retryAfter(windowStart: string, windowSeconds: number, nowMs: number): number {
    return Math.max(1, Math.ceil((Date.parse(windowStart) + windowSeconds * 1000 - nowMs) / 1000));
  }

  /** Deletes counters whose window ended more than `windowSeconds` ago. */
  async purgeEnded(windowSeconds: number, nowMs = Date.now()): Promise<number> {
    const res = await this.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', new Date(nowMs - windowSeconds * 1000).toISOString())
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
