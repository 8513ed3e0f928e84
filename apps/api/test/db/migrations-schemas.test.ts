import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, migrateToLatest, openDatabase, type DatabaseHandle } from '@blok/db';

/**
 * Migrations on PostgreSQL see only the schema in use. Kysely's introspection lists every schema's
 * tables: migration 0011 once took another schema's converted `idempotency_keys` (with `seq`) for its
 * own and skipped the conversion, so a test running beside another failed with `column "seq" does not
 * exist` (twice on 26-11-2026, under concurrent PostgreSQL suites).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('migrations beside other schemas (PostgreSQL)', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const suffix = randomBytes(5).toString('hex');
  // named so that the migrated one is listed before the new one (the introspection's order)
  const schemas = [`a0_mig_${suffix}`, `zz_mig_${suffix}`];
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    for (const schema of schemas) await dropSchema(url, schema);
  });

  it('converts the idempotency keys of a new schema while another schema holds converted ones', async () => {
    const [migrated, fresh] = await Promise.all(schemas.map((schema) => openDatabase({ url, schema, poolSize: 2 })));
    handles.push(migrated!, fresh!);
    await migrateToLatest(migrated!.db);
    await migrateToLatest(fresh!.db);
    for (const [schema, handle] of [
      [schemas[0]!, migrated!],
      [schemas[1]!, fresh!],
    ] as const) {
      const columns = await handle.db
        .selectFrom('information_schema.columns' as never)
        .select('column_name' as never)
        .where('table_schema' as never, '=', schema as never)
        .where('table_name' as never, '=', 'idempotency_keys' as never)
        .execute();
      expect((columns as Array<{ column_name: string }>).map((c) => c.column_name)).toContain('seq');
    }
  });
});
