import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationResultSet, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type { Database } from './schema.ts';
export * from './schema.ts';
export { uuidv7 } from './uuid.ts';
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
}

export interface OpenOptions {
  /** `file:path/to.db`, a bare path, `:memory:`, or `postgres://…` / `postgresql://…` */
  url: string;
  /** PostgreSQL only: the schema to use (created if missing), e.g. one per test file. */
  schema?: string;
  /** PostgreSQL pool size per process. */
  poolSize?: number;
}

export function dialectOf(url: string): DialectName {
  return /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite';
}

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
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }

  const file = sqliteFile(options.url);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit the client was told about survives a crash of the process or the machine.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export function sqliteFile(url: string): string {
  if (url === ':memory:') return url;
  return resolve(url.replace(/^file:(\/\/)?/, ''));
}

/** Applies every pending migration; idempotent. Throws on failure. */
export async function migrateToLatest(db: DB): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
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

/** Cheap liveness query used by /api/health. */
export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Converts a 0/1 integer column to a boolean (both dialects store booleans as integers). */
export const toBool = (v: number | boolean | null | undefined): boolean => v === true || v === 1;
