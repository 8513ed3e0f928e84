import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { DIALECTS, createTestApp, fixedResolver, type TestApp, type TestContext } from '../helpers.ts';

/*
 * Issue 25, item 7: anonymous writes with a new Idempotency-Key each filled idempotency_keys (12,000
 * rows in 7.8 s from one address through the public webhook). The webhook needs no replay and
 * stores no key; other anonymous commands have a per-address ceiling kept in the database, so it
 * holds for several processes together.
 */
const LIMIT = 5;

describe.each(DIALECTS)('anonymous Idempotency-Keys on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { IDEMPOTENCY_ANONYMOUS_LIMIT_IP: String(LIMIT) });
  });
  afterAll(async () => ctx?.close());

  const keysOf = async (path: string) =>
    Number((await ctx.handle.db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll<number>().as('n')).where('path', '=', path).executeTakeFirstOrThrow()).n);

  const logout = (app: TestApp, address: string, key = randomUUID(), token = randomBytes(24).toString('base64url')) =>
    app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: address, headers: { 'idempotency-key': key }, payload: { refresh_token: token } });

  it('stores no key for the payment webhook, however many come', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/shop/webhooks/test',
          remoteAddress: '198.51.100.20',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': randomUUID() },
          payload: new URLSearchParams({ id: `tp_${randomBytes(16).toString('hex')}` }).toString(),
        }),
      ),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(answers.every((a) => a.headers['idempotent-replayed'] === undefined)).toBe(true);
    expect(await keysOf('/api/shop/webhooks/test')).toBe(0);
  });

  it('stores at most the ceiling of keys per address, counted for all processes in the database', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < LIMIT + 3; i += 1) expect((await logout(ctx.app, address)).statusCode).toBe(204);
    expect(await keysOf('/api/auth/logout')).toBe(LIMIT);

    // A second process on the same database: the address is over the ceiling there too.
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS: 'off', IDEMPOTENCY_ANONYMOUS_LIMIT_IP: String(LIMIT) });
    const other = await buildApp({ env, database: ctx.handle, logger: false, serveWeb: false, pushResolver: fixedResolver() });
    await other.ready();
    try {
      for (let i = 0; i < 3; i += 1) expect((await logout(other, address)).statusCode).toBe(204);
    } finally {
      await other.close();
    }
    expect(await keysOf('/api/auth/logout')).toBe(LIMIT);
    const counter = await ctx.handle.db.selectFrom('idempotency_quotas').select('count').where('address', '=', address).executeTakeFirstOrThrow();
    expect(Number(counter.count)).toBe(LIMIT + 6);

    // Another address still stores its keys, and a stored key still replays.
    const key = randomUUID();
    const token = randomBytes(24).toString('base64url');
    expect((await logout(ctx.app, '203.0.113.8', key, token)).statusCode).toBe(204);
    const replay = await logout(ctx.app, '203.0.113.8', key, token);
    expect(replay.statusCode).toBe(204);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await keysOf('/api/auth/logout')).toBe(LIMIT + 1);
  });

  it('counts an IPv6 client by its /64, like every per-address counter', async () => {
    for (let i = 1; i <= LIMIT + 2; i += 1) expect((await logout(ctx.app, `2001:db8:25:7::${i.toString(16)}`)).statusCode).toBe(204);
    const counter = await ctx.handle.db.selectFrom('idempotency_quotas').select(['address', 'count']).where('address', 'like', '2001:db8:25:7:%').execute();
    expect(counter.map((c) => Number(c.count))).toEqual([LIMIT + 2]);
    // the next /64 is another client
    expect((await logout(ctx.app, '2001:db8:25:8::1')).statusCode).toBe(204);
    expect(await keysOf('/api/auth/logout')).toBe(2 * LIMIT + 2);
  });

  it('still replays a key stored before the address went over the ceiling', async () => {
    const address = '203.0.113.30';
    const key = randomUUID();
    const token = randomBytes(24).toString('base64url');
    expect((await logout(ctx.app, address, key, token)).statusCode).toBe(204);
    for (let i = 0; i < LIMIT + 1; i += 1) expect((await logout(ctx.app, address)).statusCode).toBe(204);
    // over the ceiling now: the first key is still answered from the store, not run again
    const retry = await logout(ctx.app, address, key, token);
    expect(retry.statusCode).toBe(204);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // the same key with another body is still refused
    const reused = await logout(ctx.app, address, key, randomBytes(24).toString('base64url'));
    expect(reused.statusCode).toBe(422);
  });

  it('forgets the counters of windows that are over when it purges', async () => {
    await ctx.handle.db.insertInto('idempotency_quotas').values({ address: '192.0.2.99', window_start: new Date(Date.now() - 2 * 3600_000).toISOString(), count: 9 }).execute();
    await ctx.app.services.idempotency.purge(ctx.handle.db);
    expect(await ctx.handle.db.selectFrom('idempotency_quotas').select('address').where('address', '=', '192.0.2.99').executeTakeFirst()).toBeUndefined();
    expect(await ctx.handle.db.selectFrom('idempotency_quotas').select('address').where('address', '=', '203.0.113.7').executeTakeFirst()).toBeDefined();
  });
});
