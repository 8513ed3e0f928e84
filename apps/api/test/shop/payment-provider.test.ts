import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { DIALECTS, openTestDatabase, signedInUser, type TestApp } from '../helpers.ts';
import type { DatabaseHandle } from '@blok/db';

/*
 * The payment provider rule (decision 015): production never runs the built-in test checkout (free
 * Premium for anyone) by accident. It starts only with a Mollie key, or with PAYMENTS=test said
 * explicitly, and then logs it at error level and tells the shop.
 */
const MOLLIE_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const vapid = webpush.generateVAPIDKeys();
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://blok.example',
  JWT_SECRET: 'p'.repeat(40),
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  SEED_DEMO: 'false',
  JOBS: 'off',
  LOG_LEVEL: 'error',
};

describe('the payment provider rule', () => {
  it('refuses to start production without a payment provider', () => {
    expect(() => loadEnv(PRODUCTION)).toThrow(/MOLLIE_API_KEY: required in production/);
    expect(() => loadEnv({ ...PRODUCTION, PAYMENTS: 'mollie' })).toThrow(/MOLLIE_API_KEY: required with PAYMENTS=mollie/);
    expect(() => loadEnv({ ...PRODUCTION, PAYMENTS: 'gratis' })).toThrow(/PAYMENTS/);
  });

  it('takes Mollie with a key, and the test checkout in production only when PAYMENTS=test says so', () => {
    expect(loadEnv({ ...PRODUCTION, MOLLIE_API_KEY: MOLLIE_KEY }).payments).toBe('mollie');
    expect(loadEnv({ ...PRODUCTION, PAYMENTS: 'test' }).payments).toBe('test');
    // Outside production the test checkout stays the default: the app runs with no account.
    expect(loadEnv({ NODE_ENV: 'test' }).payments).toBe('test');
    expect(loadEnv({ NODE_ENV: 'test', MOLLIE_API_KEY: MOLLIE_KEY, PUBLIC_URL: 'https://blok.example' }).payments).toBe('mollie');
    // Both at once is a mistake either way round: refused, not guessed.
    expect(() => loadEnv({ ...PRODUCTION, PAYMENTS: 'test', MOLLIE_API_KEY: MOLLIE_KEY })).toThrow(/PAYMENTS: test together with MOLLIE_API_KEY/);
  });
});

describe.each(DIALECTS)('the payment provider in production on %s', (dialect) => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    ({ handle, cleanup } = await openTestDatabase(dialect));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await cleanup?.();
  });

  async function start(env: Record<string, string>) {
    const lines: string[] = [];
    const app = await buildApp({ env: loadEnv({ ...PRODUCTION, REGISTER_RATE_LIMIT_IP: '1000', ...env }), database: handle, serveWeb: false, logStream: { write: (l: string) => void lines.push(l) } });
    await app.ready();
    apps.push(app);
    return { app, logs: () => lines.map((l) => JSON.parse(l) as { level: number; msg: string }) };
  }

  it('with PAYMENTS=test logs it at error level and tells the shop, whose test checkout works', async () => {
    const { app, logs } = await start({ PAYMENTS: 'test' });
    expect(logs().some((l) => l.level >= 50 && l.msg.includes('PAYMENTS=test IN PRODUCTION'))).toBe(true);
    const { headers } = await signedInUser(app);
    expect((await app.inject({ method: 'GET', url: '/api/shop', headers })).json().provider).toBe('test');
    const checkout = await app.inject({ method: 'POST', url: '/api/shop/checkout', headers, payload: { productId: 'premium-month' } });
    expect(checkout.statusCode).toBe(201);
    const id = (checkout.json() as { checkoutUrl: string }).checkoutUrl.split('/').pop()!;
    expect((await app.inject({ method: 'GET', url: `/api/shop/test-checkout/${id}`, headers })).statusCode).toBe(200);
  });

  it('with Mollie has no test checkout: its routes answer 404 and change nothing', async () => {
    const { app, logs } = await start({ MOLLIE_API_KEY: MOLLIE_KEY });
    expect(logs().some((l) => l.msg.includes('PAYMENTS=test'))).toBe(false);
    const { headers } = await signedInUser(app);
    // A test payment a former test installation left behind in the database: still not payable.
    const user = (await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json() as { id: string };
    const id = 'tp_0190000000007000800000000000abcd';
    const at = new Date().toISOString();
    await handle.db
      .insertInto('test_checkout_payments')
      .values({ id, amount_cents: 799, currency: 'EUR', description: 'x', redirect_url: '', webhook_url: '', metadata: JSON.stringify({ userId: user.id }), sequence_type: 'first', status: 'open', customer_id: null, mandate_id: null, created_at: at, updated_at: at })
      .execute();
    for (const [method, payload] of [['GET', undefined], ['POST', { status: 'paid' }]] as const) {
      const res = await app.inject({ method, url: `/api/shop/test-checkout/${id}`, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    expect((await handle.db.selectFrom('test_checkout_payments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('open');
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json().hasSubscription).toBe(false);
  });
});
