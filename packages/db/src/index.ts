import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, sql, type LogConfig, type MigrationResultSet, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { cacheStatements } from './statement-cache.ts';
import { CurrentSchemaPostgresDialect } from './introspection.ts';
import { ImmediateSqliteDialect } from './sqlite-immediate.ts';
import { startCheckpointer } from './checkpointer.ts';
import { prepareFixedQueries } from './prepared.ts';

export type { Database } from './schema.ts';
export * from './schema.ts';
export { uuidv7 } from './uuid.ts';
export { fixedInListQuery, fixedQuery } from './fixed-query.ts';
export { isPrepared } from './prepared.ts';
export { sql } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';
export type DB = Kysely<Database>;
/** What a repository runs on: the database, or the transaction of the unit of work it is part of. */
export type Executor = Kysely<Database> | Transaction<Database>;
export type Tx = Transaction<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: DialectName;
  close(): Promise<void>;
  /** SQLite only: prepared statements reused from the cache (hits) and prepared anew (misses) */
  statements?: { hits(): number; misses(): number };
}

export interface OpenOptions {
  /** `file:path/to.db`, a bare path, `:memory:`, or `postgres://…` / `postgresql://…` */
  url: string;
  /** PostgreSQL only: the schema to use (created if missing), e.g. one per test file. */
  schema?: string;
  /** PostgreSQL pool size per process. */
  poolSize?: number;
  /**
   * Told about errors of idle PostgreSQL connections (a restart, a failover, a killed backend).
   * They are expected: the pool drops the connection and opens a new one on the next query.
   */
  onConnectionError?: (err: Error) => void;
  /** Kysely's query log: told about every statement run (apps/api/test/db/query-plans.test.ts). */
  log?: LogConfig;
  /** SQLite only: PRAGMA synchronous (decision 014); default FULL */
  synchronous?: SqliteSynchronous;
  /**
   * PostgreSQL only: run the fixed queries as named prepared statements (prepared.ts; default true).
   * false sends every query unnamed, as Kysely's pg driver does: needed behind a transaction-pooling
   * proxy that cannot keep a connection's prepared statements (decision 019).
   */
  preparedStatements?: boolean;
  /**
   * SQLite only: WAL checkpoints on a thread of their own (checkpointer.ts; default true). false
   * leaves them to SQLite's automatic checkpoint on the committing connection (decision 019).
   */
  checkpointThread?: boolean;
}

/** SQLite's PRAGMA synchronous in WAL mode: FULL flushes every commit to disk, NORMAL only at checkpoints. */
export type SqliteSynchronous = 'FULL' | 'NORMAL';

export function dialectOf(url: string): DialectName {
  return /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite';
}

/**
 * Planner costs set on every PostgreSQL connection when the server has left them at their built-in
 * default (decision 014, "Scale on PostgreSQL"). PostgreSQL's `random_page_cost` of 4 prices each index
 * probe as a read from a spinning disk; Blok's working set is in memory (or on SSD, for which the
 * PostgreSQL manual suggests 1.1), and with the default the planner, once `flashcard_session_cards`
 * holds 100 000 rows, hashes every flashcard of the catalogue for each card session instead of
 * looking up its 10–20 cards by primary key (next card: 1.57 ms of PostgreSQL per request instead of
 * 0.08). A value the operator chose (postgresql.conf, ALTER DATABASE / ROLE, or
 * `?options=-c%20random_page_cost%3D…` in the URL) has another source than `default` and is kept.
 */
export const RANDOM_PAGE_COST = '1.1';
const PLANNER_DEFAULTS_SQL = `select set_config('random_page_cost', '${RANDOM_PAGE_COST}', false) from pg_settings where name = 'random_page_cost' and source = 'default'`;

// PostgreSQL returns int8/numeric as strings; counts are safely below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

/** Opens the database described by the url. Does not migrate. */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (dialectOf(options.url) === 'postgres') {
    if (options.schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error(`invalid schema name ${options.schema}`);
      const admin = new pg.Client({ connectionString: options.url });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
      } finally {
        await admin.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While the database is down a request fails fast (503) instead of waiting forever.
      connectionTimeoutMillis: 5_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // Without these listeners a restart of PostgreSQL (57P01) or a killed connection is an
    // unhandled 'error' event that ends the process. With them the pool replaces the connection.
    const onError = (err: Error) => options.onConnectionError?.(err);
    pool.on('error', onError);
    pool.on('connect', (client) => {
      client.on('error', onError);
      if (options.preparedStatements !== false) prepareFixedQueries(client);
      // Queued ahead of the first query of whoever checked the new connection out. An engine without
      // these settings (a PostgreSQL-compatible one) refuses it and keeps its own planner.
      client.query(PLANNER_DEFAULTS_SQL).catch(() => undefined);
    });
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }), ...(options.log ? { log: options.log } : {}) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }

  const file = sqliteFile(options.url);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit the client was told about survives a crash of the process or the machine.
  // NORMAL (WAL): it survives a crash of the process (kill -9), not a power loss (decision 014).
  const synchronous: SqliteSynchronous = options.synchronous === 'NORMAL' ? 'NORMAL' : 'FULL';
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // checkpoints off the event loop (a file's WAL; an in-memory database has none)
  const checkpointer = file === ':memory:' || options.checkpointThread === false ? undefined : startCheckpointer(sqlite, file, synchronous);
  const statements = cacheStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }), ...(options.log ? { log: options.log } : {}) });
  const close = async () => {
    await checkpointer?.close();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', close, statements };
}

export function sqliteFile(url: string): string {
  if (url === ':memory:') return url;
  return resolve(url.replace(/^file:(\/\/)?/, ''));
}

/** Applies every pending migration; idempotent. Throws on failure. */
export async function migrateToLatest(db: DB): Promise<MigrationResultSet> {
  // On PostgreSQL the migration tables live in the schema in use (a test's own schema, say). Named
  // explicitly, because Kysely otherwise takes another schema's migration tables for its own.
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    migrationTableSchema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
  }
  // Teams number their migrations ahead of time: 0009 may land after a database already ran 0010.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/** PostgreSQL only: drops a schema and everything in it (test harness clean-up). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await admin.end();
  }
}

const UNAVAILABLE_CODES = new Set([
  // Node's socket errors
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // SQLite: the file is locked by another process beyond busy_timeout
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_LOCKED',
]);

/**
 * Whether an error means the database cannot be reached right now (down, restarting, overloaded,
 * locked), as opposed to a bug or bad data: such requests answer 503 and may be retried.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed|Cannot use a pool after calling end/i.test(e.message)) {
    return true;
  }
  return e.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause);
}

/** Cheap liveness query used by /api/health. */
export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Converts a 0/1 integer column to a boolean (both dialects store booleans as integers). */
export const toBool = (v: number | boolean | null | undefined): boolean => v === true || v === 1;
