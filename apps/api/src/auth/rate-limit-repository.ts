import { fixedInListQuery, fixedQuery, sql, type Executor } from '@blok/db';

export interface Hit {
  count: number;
  /** seconds until the window resets */
  retryAfter: number;
}

/**
 * What a hit does to a counter that is there: one more in its window, or 1 in a new window that
 * starts now when its window began before `cutoff` (now minus the window). The one rule of `hit`
 * and `hitMany`.
 */
const countUp = (nowIso: string, cutoff: string) => ({
  count: sql<number>`case when rate_limits.window_start < ${cutoff} then 1 else rate_limits.count + 1 end`,
  window_start: sql<string>`case when rate_limits.window_start < ${cutoff} then ${nowIso} else rate_limits.window_start end`,
});

// The counters of every login and registration: compiled once (fixedQuery), not built anew per call.
const hitQuery = fixedQuery((db: Executor, key: string, nowIso: string, cutoff: string) =>
  db
    .insertInto('rate_limits')
    .values({ key, window_start: nowIso, count: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet(countUp(nowIso, cutoff)))
    .returning(['count', 'window_start']),
);

/**
 * Several counters in one statement: one row per key, in the order given, each upserted as `hitQuery`
 * does; compiled once per number of keys (up to 8, more are built per call).
 */
const hitManyQuery = fixedInListQuery(8, (db: Executor, keys: readonly string[], nowIso: string, cutoff: string) =>
  db
    .insertInto('rate_limits')
    .values(keys.map((key) => ({ key, window_start: nowIso, count: 1 })))
    .onConflict((oc) => oc.column('key').doUpdateSet(countUp(nowIso, cutoff)))
    .returning(['key', 'count', 'window_start']),
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

  /**
   * `hit` on each key, in one statement (a multi-row upsert): the hits in the order of `keys`, which
   * is also the order the rows are written and locked in. PostgreSQL does not promise the order of
   * `returning` rows, so each is matched back to its key. The keys must differ (PostgreSQL refuses
   * an upsert that touches one row twice).
   */
  async hitMany(keys: readonly string[], windowSeconds: number): Promise<Hit[]> {
    if (keys.length === 0) return [];
    if (new Set(keys).size !== keys.length) throw new Error(`rate limit counters: a key twice in ${keys.join(', ')}`);
    const nowMs = Date.now();
    const nowIso = new Date(nowMs).toISOString();
    const cutoff = new Date(nowMs - windowSeconds * 1000).toISOString();
    const rows = await hitManyQuery(this.db, keys, nowIso, cutoff);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return keys.map((key) => {
      const row = byKey.get(key);
      if (!row) throw new Error(`rate limit counter ${key}: the upsert returned no row`);
      return { count: Number(row.count), retryAfter: this.retryAfter(row.window_start, windowSeconds, nowMs) };
    });
  }

  /**
   * Reserves one attempt on each counter (one statement, as `hitMany`) before the attempt is
   * evaluated. Within every limit: the reservations stand (the caller gives back what turns out not
   * to be a failure) and null is answered. Over any limit: every reservation is given back, in the
   * order reserved, so that a refused attempt counts on no counter, and the refusal's retry-after
   * (the latest of the counters over their limit) is answered. Run it in a transaction of its own:
   * no other attempt then sees a refused attempt's reservations (PostgreSQL's row locks, SQLite's one
   * writer), and concurrent attempts get exactly `limit` evaluations.
   */
  async reserve(counters: ReadonlyArray<readonly [key: string, limit: number]>, windowSeconds: number): Promise<Hit | null> {
    const hits = await this.hitMany(
      counters.map(([key]) => key),
      windowSeconds,
    );
    const over = hits.filter((hit, i) => hit.count > counters[i]![1]);
    if (over.length === 0) return null;
    for (const [key] of counters) await this.release(key);
    return { count: Math.max(...over.map((h) => h.count)), retryAfter: Math.max(...over.map((h) => h.retryAfter)) };
  }

  /** The key's current count without changing it (0 when the window ended). */
  async peek(key: string, windowSeconds: number): Promise<Hit> {
    const nowMs = Date.now();
    const row = await this.db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
    if (!row || Date.parse(row.window_start) < nowMs - windowSeconds * 1000) return { count: 0, retryAfter: 0 };
    return { count: Number(row.count), retryAfter: this.retryAfter(row.window_start, windowSeconds, nowMs) };
  }

  /**
   * Gives one counted attempt back (it was not a failure after all; never below 0). One statement
   * per key, so that the caller decides the order its counters are locked in: one `update ... where
   * key in (...)` locks them in the order PostgreSQL meets the rows, and two logins of one address
   * then waited on each other (a deadlock under load, the bench of 26-11-2026).
   */
  async release(key: string): Promise<void> {
    await releaseQuery(this.db, key);
  }

  async reset(key: string): Promise<void> {
    await resetQuery(this.db, key);
  }

  private retryAfter(windowStart: string, windowSeconds: number, nowMs: number): number {
    return Math.max(1, Math.ceil((Date.parse(windowStart) + windowSeconds * 1000 - nowMs) / 1000));
  }

  /** Deletes the counters of these keys, and of every key that starts with one of the prefixes. */
  async forget(keys: readonly string[], prefixes: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
    for (const prefix of prefixes) {
      // LIKE's wildcards in the prefix (an e-mail address may hold `_` or `%`) escaped with `!`
      const pattern = `${prefix.replace(/[!%_]/g, (c) => `!${c}`)}%`;
      await this.db.deleteFrom('rate_limits').where(sql<boolean>`key like ${pattern} escape '!'`).execute();
    }
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
