import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@blok/db';
import { DIALECTS, createTestApp, type TestContext } from '../helpers.ts';

/** Foreign keys whose column does not lead any index: each delete of a parent scans the child table. */
async function unindexedForeignKeys(ctx: TestContext): Promise<string[]> {
  const { db, dialect } = ctx.handle;
  if (dialect === 'postgres') {
    const { rows } = await sql<{ fk: string }>`
      select c.conrelid::regclass::text || '.' || a.attname as fk
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1`.execute(db);
    return rows.map((r) => r.fk);
  }
  const { rows } = await sql<{ fk: string }>`
    select t.name || '.' || f."from" as fk
    from sqlite_master t, pragma_foreign_key_list(t.name) f
    where t.type = 'table' and f.seq = 0
      and not exists (
        select 1 from pragma_index_list(t.name) l, pragma_index_info(l.name) i
        where i.seqno = 0 and i.name = f."from"
      )
    order by 1`.execute(db);
  return rows.map((r) => r.fk);
}

describe.each(DIALECTS)('foreign key indexes on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('has an index leading with every foreign key column (deletes and cascades never scan)', async () => {
    expect(await unindexedForeignKeys(ctx)).toEqual([]);
  });
});
