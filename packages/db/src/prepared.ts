import type pg from 'pg';

/**
 * PostgreSQL: the fixed queries (fixed-query.ts) run as named prepared statements, one per SQL text
 * and connection. An unnamed statement is parsed, analysed and planned anew on every execution;
 * a named one is parsed once per connection, and PostgreSQL plans it from its cache (a generic plan
 * once it costs no more than the custom ones, plan_cache_mode auto). Measured (decision 014): next
 * question 1 036 → 1 465 requests/s, flashcard next card 1 487 → 2 269 on this 2-core machine.
 *
 * Only the fixed queries' texts are prepared: their number is bounded (each query of the code, each
 * `in` list length up to its cap), so the statements a connection keeps are too. Queries built per
 * call stay unnamed.
 *
 * A prepared `select *` whose table gained a column (another process migrated it during a rolling
 * deploy) fails with "cached plan must not change result type". The connection then prepares that
 * text afresh under a new name; a statement outside a transaction is retried at once (it failed
 * without effect), one inside a transaction fails as the transaction's other statements would.
 */
const registered = new Map<string, number>();

/** Marks a SQL text (a fixed query's, compiled for PostgreSQL) to run as a named prepared statement. */
export function registerPrepared(text: string): void {
  if (!registered.has(text)) registered.set(text, registered.size);
}

/** Whether a SQL text runs as a named prepared statement (tests). */
export const isPrepared = (text: string): boolean => registered.has(text);

const CACHED_PLAN_CHANGED = '0A000';
const isPlanChanged = (err: unknown) =>
  (err as { code?: string })?.code === CACHED_PLAN_CHANGED && /cached plan must not change result type/.test(String((err as Error).message));

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** Makes a new pool connection run the registered texts as named prepared statements. */
export function prepareFixedQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  /** this connection's generation of a text's statement, when one was prepared afresh */
  const generation = new Map<string, number>();
  let inTransaction = false;
  const run = (text: string, values: unknown[]): Promise<unknown> => {
    const id = registered.get(text)!;
    const g = generation.get(text);
    return query({ name: g === undefined ? `blok_${id}` : `blok_${id}_${g}`, text, values }) as Promise<unknown>;
  };
  (client as unknown as { query: Query }).query = (config, values, callback) => {
    if (typeof config !== 'string') return query(config, values, callback);
    // Kysely runs its transactions with these statements on the one connection
    if (/^(begin|start transaction)\b/i.test(config)) inTransaction = true;
    else if (/^(commit|rollback)\b/i.test(config)) inTransaction = false;
    if (callback !== undefined || !Array.isArray(values) || !registered.has(config)) return query(config, values, callback);
    const retry = !inTransaction;
    return run(config, values).catch((err: unknown) => {
      if (!isPlanChanged(err)) throw err;
      generation.set(config, (generation.get(config) ?? 0) + 1);
      if (!retry) throw err;
      return run(config, values);
    });
  };
}
