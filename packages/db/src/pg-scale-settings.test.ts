import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANDOM_PAGE_COST, dropSchema, openDatabase, sql, type DatabaseHandle } from './index.ts';

// Decision 014, "Scale on PostgreSQL": every PostgreSQL connection of the pool plans with
// random_page_cost 1.1 unless the operator set a value of their own.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL planner settings of a connection', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ url: url!, schema, poolSize: 3 });
  });

  afterAll(async () => {
    await handle?.close();
    await dropSchema(url!, schema);
  });

  it('sets random_page_cost on every connection of the pool, the first query of a new one included', async () => {
    expect(RANDOM_PAGE_COST).toBe('1.1');
    // three transactions at once hold three connections, each new
    const seen = await Promise.all(
      [0, 1, 2].map(() =>
        handle.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ cost: string; pid: number }>`select current_setting('random_page_cost') as cost, pg_backend_pid() as pid`.execute(trx);
          await sql`select pg_sleep(0.05)`.execute(trx);
          return rows[0]!;
        }),
      ),
    );
    expect(new Set(seen.map((r) => r.pid)).size).toBe(3);
    expect(seen.map((r) => r.cost)).toEqual(['1.1', '1.1', '1.1']);
  });

  it('keeps a value the operator set', async () => {
    const own = await openDatabase({ url: `${url!}${url!.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c random_page_cost=2.5')}`, poolSize: 1 });
    try {
      const { rows } = await sql<{ cost: string }>`select current_setting('random_page_cost') as cost`.execute(own.db);
      expect(rows[0]!.cost).toBe('2.5');
    } finally {
      await own.close();
    }
  });
});
