import type SQLite from 'better-sqlite3';

/** Distinct SQL texts kept prepared; queries with IN lists of varying length make new texts. */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * Keeps better-sqlite3's prepared statements per SQL text (least recently used out first). Kysely's
 * SQLite driver calls `db.prepare(sql)` for every query; preparing costs more than running most of
 * Blok's queries, and a prepared statement is reusable: its parameters are bound on each call.
 * A statement still busy (an open iterator) is never handed out twice: the caller gets a fresh one.
 */
export function cacheStatements(db: SQLite.Database, size = STATEMENT_CACHE_SIZE): { hits: () => number; misses: () => number } {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, SQLite.Statement>();
  let hits = 0;
  let misses = 0;
  db.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      hits++;
      // most recently used last
      cache.delete(source);
      cache.set(source, cached);
      return cached;
    }
    misses++;
    const statement = prepare(source);
    if (!cached) {
      cache.set(source, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
    }
    return statement;
  }) as typeof db.prepare;
  return { hits: () => hits, misses: () => misses };
}
