import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Migrator, PostgresAdapter, sql, type Kysely } from 'kysely';
import { dropSchema, migrateToLatest, openDatabase, type DatabaseHandle, type DialectName } from './index.ts';
import { migrations } from './migrations/index.ts';

// Migration 0011 (decision 014, "Write path, fourth round"): the Idempotency-Key table is rebuilt
// around an integer `seq` in insert order; the stored responses of 0004's table survive it, in the
// order they were made, and the table writes two b-trees per row on SQLite (three on PostgreSQL).
const url = process.env.TEST_DATABASE_URL;
const DIALECTS: DialectName[] = url ? ['sqlite', 'postgres'] : ['sqlite'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function migratorOf(db: AnyDb): Promise<Migrator> {
  const schema = db.getExecutor().adapter instanceof PostgresAdapter ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** The indexes of the table, the primary key's included (SQLite: its rowid b-tree is the table itself). */
async function indexesOf(handle: DatabaseHandle): Promise<string[]> {
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'idempotency_keys' order by name`.execute(handle.db);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'idempotency_keys' order by indexname`.execute(handle.db);
  return rows.map((r) => r.name);
}

describe.each(DIALECTS)('migration 0011 (idempotency keys by seq) on %s', (dialect) => {
  let handle: DatabaseHandle | undefined;
  let cleanup: () => Promise<void> = async () => {};

  afterEach(async () => {
    await handle?.close();
    await cleanup();
    handle = undefined;
  });

  async function open(): Promise<DatabaseHandle> {
    if (dialect === 'postgres') {
      const schema = `t_${randomBytes(6).toString('hex')}`;
      handle = await openDatabase({ url: url!, schema, poolSize: 2 });
      cleanup = () => dropSchema(url!, schema);
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'blok-0011-'));
      handle = await openDatabase({ url: `file:${join(dir, 'db.sqlite')}` });
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    return handle;
  }

  it('keeps every stored response, in the order it was made, and drops two indexes', async () => {
    const h = await open();
    const db = h.db as unknown as AnyDb;
    const migrator = await migratorOf(db);
    const before = await migrator.migrateTo('0010-library-search');
    expect(before.error).toBeUndefined();
    expect(await indexesOf(h)).toHaveLength(3);

    // ids out of time order on purpose: the copy follows created_at
    const rows = [
      { id: 'c', key: 'k-old', created_at: '2026-11-20T10:00:00.000Z', state: 'completed', response_body: 'json:{"a":1}' },
      { id: 'a', key: 'k-mid', created_at: '2026-11-21T10:00:00.000Z', state: 'completed', response_body: 'aes:AAAA' },
      { id: 'b', key: 'k-new', created_at: '2026-11-22T10:00:00.000Z', state: 'processing', response_body: null },
    ];
    for (const r of rows) {
      await db
        .insertInto('idempotency_keys')
        .values({
          ...r,
          scope: 'user-1',
          fingerprint: `fp-${r.key}`,
          method: 'POST',
          path: '/api/x',
          locked_until: r.created_at,
          response_status: r.state === 'completed' ? 200 : null,
          completed_at: r.state === 'completed' ? r.created_at : null,
        })
        .execute();
    }

    await migrateToLatest(h.db);
    const after = await db.selectFrom('idempotency_keys').selectAll().orderBy('seq').execute();
    expect(after.map((r) => r.key)).toEqual(['k-old', 'k-mid', 'k-new']);
    expect(after.map((r) => Number(r.seq))).toEqual([...after.map((r) => Number(r.seq))].sort((a, b) => a - b));
    expect(after[0]).toMatchObject({ scope: 'user-1', fingerprint: 'fp-k-old', state: 'completed', response_status: 200, response_body: 'json:{"a":1}' });
    expect(after[2]).toMatchObject({ state: 'processing', response_status: null, response_body: null, completed_at: null });
    expect(Object.keys(after[0]!)).not.toContain('id');

    // SQLite: the rowid table and the (scope, key) index; PostgreSQL: the seq primary key and (scope, key)
    expect(await indexesOf(h)).toHaveLength(dialect === 'sqlite' ? 1 : 2);
    // a new row takes the next seq; the same (scope, key) is refused
    const next = await db
      .insertInto('idempotency_keys')
      .values({ scope: 'user-1', key: 'k-4', fingerprint: 'f', method: 'POST', path: '/api/x', state: 'processing', locked_until: 'x', created_at: 'x' })
      .returning('seq')
      .executeTakeFirstOrThrow();
    expect(Number(next.seq)).toBeGreaterThan(Number(after[2]!.seq));
    await expect(
      db.insertInto('idempotency_keys').values({ scope: 'user-1', key: 'k-4', fingerprint: 'f', method: 'POST', path: '/api/x', state: 'processing', locked_until: 'x', created_at: 'x' }).execute(),
    ).rejects.toThrow();
  });

  it('goes back down to 0004’s table with every row, and up again', async () => {
    const h = await open();
    const db = h.db as unknown as AnyDb;
    await migrateToLatest(h.db);
    await db
      .insertInto('idempotency_keys')
      .values({ scope: 's', key: 'k', fingerprint: 'f', method: 'POST', path: '/p', state: 'completed', locked_until: 'x', response_status: 201, response_body: 'json:{}', created_at: '2026-11-25T00:00:00.000Z', completed_at: 'x' })
      .execute();
    const migrator = await migratorOf(db);
    const down = await migrator.migrateTo('0010-library-search');
    expect(down.error).toBeUndefined();
    const old = await db.selectFrom('idempotency_keys').selectAll().execute();
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({ scope: 's', key: 'k', response_status: 201, response_body: 'json:{}' });
    expect(String(old[0]!.id)).toMatch(/^legacy-0+1$/);
    expect(await indexesOf(h)).toHaveLength(3);
    await migrateToLatest(h.db);
    expect((await db.selectFrom('idempotency_keys').select(['key', 'seq']).execute()).map((r) => r.key)).toEqual(['k']);
  });
});
