import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, fixedQuery, isPrepared, migrateToLatest, openDatabase, sql, type DatabaseHandle, type Executor } from './index.ts';

// Decision 014: on PostgreSQL the fixed queries run as named prepared statements, per connection;
// what they answer does not change, and a table that changed under a prepared `select *` is
// prepared afresh.
const url = process.env.TEST_DATABASE_URL;

const subjectById = fixedQuery((db: Executor, id: string) => db.selectFrom('subjects').selectAll().where('id', '=', id));
const subjectTitles = fixedQuery((db: Executor, from: string) => db.selectFrom('subjects').select(['id', 'title']).where('id', '>=', from).orderBy('id'));

describe.skipIf(!url)('fixed queries as prepared statements on PostgreSQL', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    // one connection: which one runs a statement is never in doubt
    handle = await openDatabase({ url: url!, schema, poolSize: 1 });
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('subjects')
      .values(['a', 'b', 'c'].map((k) => ({ id: `prep-${k}`, title: `Vak ${k.toUpperCase()}`, description: '', content_hash: k, created_at: '2026-11-26', updated_at: '2026-11-26' })))
      .execute();
  });
  afterAll(async () => {
    await handle?.close();
    await dropSchema(url!, schema);
  });

  /** the prepared statements of the connection a transaction holds */
  const prepared = (tx: Executor) => sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(tx).then((r) => r.rows);

  it('prepares each fixed query once per connection, under one name, and answers as the query built anew', async () => {
    await handle.db.transaction().execute(async (tx) => {
      const first = await subjectTitles(tx, 'prep-b');
      const again = await subjectTitles(tx, 'prep-a');
      expect(first).toEqual([{ id: 'prep-b', title: 'Vak B' }, { id: 'prep-c', title: 'Vak C' }]);
      expect(again.map((r) => r.id)).toEqual(['prep-a', 'prep-b', 'prep-c']);
      expect(again).toEqual(await tx.selectFrom('subjects').select(['id', 'title']).where('id', '>=', 'prep-a').orderBy('id').execute());
      const statements = await prepared(tx);
      const ours = statements.filter((s) => s.name.startsWith('blok_') && s.statement.includes('"title"'));
      expect(ours).toHaveLength(1);
      expect(isPrepared(ours[0]!.statement)).toBe(true);
    });
  });

  it('prepares nothing when switched off (decision 019: behind a transaction-pooling proxy)', async () => {
    const unprepared = await openDatabase({ url: url!, schema, poolSize: 1, preparedStatements: false });
    try {
      await unprepared.db.transaction().execute(async (tx) => {
        expect(await subjectTitles(tx, 'prep-b')).toEqual([{ id: 'prep-b', title: 'Vak B' }, { id: 'prep-c', title: 'Vak C' }]);
        expect((await prepared(tx)).filter((s) => s.name.startsWith('blok_'))).toEqual([]);
      });
    } finally {
      await unprepared.close();
    }
  });

  it('leaves queries built per call unnamed', async () => {
    await handle.db.transaction().execute(async (tx) => {
      await tx.selectFrom('subjects').select('content_hash').where('id', '=', 'prep-a').execute();
      expect((await prepared(tx)).filter((s) => s.statement.includes('"content_hash" from'))).toEqual([]);
    });
  });

  it('prepares a select * afresh when its table gained a column, retrying a statement outside a transaction', async () => {
    expect(await subjectById(handle.db, 'prep-a')).toHaveLength(1);
    // another process's migration
    await sql`alter table subjects add column extra text`.execute(handle.db);
    // outside a transaction: retried at once
    for (let i = 0; i < 2; i++) {
      const rows = await subjectById(handle.db, 'prep-a');
      expect(rows[0]).toMatchObject({ id: 'prep-a', title: 'Vak A', extra: null });
    }
    await sql`alter table subjects drop column extra`.execute(handle.db);
    // inside a transaction the statement fails once, as its transaction's others would; the next one works
    const outcome = await handle.db.transaction().execute(async (tx) => subjectById(tx, 'prep-a')).then(() => 'ok', (err: { code?: string }) => err.code);
    expect(outcome).toBe('0A000');
    expect(await handle.db.transaction().execute(async (tx) => subjectById(tx, 'prep-a'))).toHaveLength(1);
  });
});
