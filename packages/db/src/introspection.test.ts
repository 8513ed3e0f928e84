import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dropSchema, migrateToLatest, openDatabase } from './index.ts';

/**
 * The test harness drops a test's schema while another test migrates its own (two Vitest workers on
 * PostgreSQL). Kysely's own introspection names every schema it lists, so a drop in between failed
 * the other migration with `schema "t_…" does not exist` (six files in one run on 27-11-2026).
 */
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('the introspection of the schema in use (PostgreSQL)', () => {
  const suffix = randomBytes(4).toString('hex');

  it('lists the tables of the schema in use only, with their columns', async () => {
    const [mine, other] = [`intro_a_${suffix}`, `intro_b_${suffix}`];
    const a = await openDatabase({ url: url!, schema: mine, poolSize: 1 });
    const b = await openDatabase({ url: url!, schema: other, poolSize: 1 });
    try {
      await a.db.schema.createTable('notes').addColumn('id', 'serial', (c) => c.primaryKey()).addColumn('body', 'text').execute();
      await b.db.schema.createTable('elsewhere').addColumn('id', 'integer').execute();
      const tables = await a.db.introspection.getTables();
      expect(tables).toEqual([
        {
          name: 'notes',
          isView: false,
          schema: mine,
          columns: [
            { name: 'id', dataType: 'int4', dataTypeSchema: 'pg_catalog', isNullable: false, hasDefaultValue: true, isAutoIncrementing: true },
            { name: 'body', dataType: 'text', dataTypeSchema: 'pg_catalog', isNullable: true, hasDefaultValue: false, isAutoIncrementing: false },
          ],
        },
      ]);
    } finally {
      await a.close();
      await b.close();
      await dropSchema(url!, mine);
      await dropSchema(url!, other);
    }
  });

  it('migrates while other schemas are created and dropped beside it', { timeout: 60_000 }, async () => {
    const own = Array.from({ length: 3 }, (_, i) => `intro_own_${i}_${suffix}`);
    let churning = true;
    // other schemas with a table each, created and dropped as fast as PostgreSQL takes them
    const churn = async (lane: number) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (let n = 0; churning; n += 1) {
          const name = `intro_churn_${lane}_${n}_${suffix}`;
          await client.query(`CREATE SCHEMA "${name}"`);
          await client.query(`CREATE TABLE "${name}".t (id int)`);
          await client.query(`DROP SCHEMA "${name}" CASCADE`);
        }
      } finally {
        await client.end();
      }
    };
    const lanes = [churn(0), churn(1)];
    try {
      for (const schema of own) {
        const handle = await openDatabase({ url: url!, schema, poolSize: 2 });
        try {
          await migrateToLatest(handle.db);
          const tables = await handle.db.introspection.getTables();
          expect(tables.map((t) => t.name)).toContain('users');
          expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
        } finally {
          await handle.close();
          await dropSchema(url!, schema);
        }
      }
    } finally {
      churning = false;
      await Promise.all(lanes);
    }
  });
});
