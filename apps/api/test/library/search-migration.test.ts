import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m0010 from '@blok/db/migrations/0010-library-search';
import { DIALECTS, createTestApp, type TestContext } from '../helpers.ts';

// Migration 0010 fills search_text of the subjects already there (the import skips unchanged ones).
describe.each(DIALECTS)('migration 0010 (library search) on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('folds the title and description of existing subjects into search_text', async () => {
    const db = ctx.handle.db;
    await m0010.down(db);
    const ts = new Date().toISOString();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table without the column 0010 adds
    await (db as any)
      .insertInto('subjects')
      .values([
        { id: 'oud-ethiek', title: 'Ethiek', description: 'Morele THEORIEËN', content_hash: 'x', created_at: ts, updated_at: ts },
        { id: 'oud-cafe', title: 'Café  Sociale', description: 'Één vak', content_hash: 'y', created_at: ts, updated_at: ts },
      ])
      .execute();
    await m0010.up(db);
    const rows = await db.selectFrom('subjects').select(['id', 'search_text']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'oud-cafe', search_text: 'cafe sociale een vak' },
      { id: 'oud-ethiek', search_text: 'ethiek morele theorieen' },
    ]);
  });
});
