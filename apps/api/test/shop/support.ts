import type { Checkout, Order, Shop, TestPayment } from '@blok/contract';
import type { DialectName } from '@blok/db';
import { importContent } from '../../src/content/importer.ts';
import { createTestApp, type TestContext } from '../helpers.ts';
import { LIBRARY_FIXTURES, student } from '../library/support.ts';

/** A fresh app with the library's fixture content (for the premium chapters); env for Mollie. */
export async function createShopApp(dialect: DialectName, env: Record<string, string> = {}): Promise<TestContext> {
  const ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_IP: '1000', ...env });
  await importContent(ctx.handle.db, LIBRARY_FIXTURES, { dialect });
  return ctx;
}

/** The premium chapter of the fixture content (the first chapter is free). */
export const PREMIUM_CHAPTER = '/api/summaries/fx-psy-samenvatting/chapters/fx-psy-h2';

type Method = 'GET' | 'POST';

/** A signed-in student with the shop's calls. */
export async function shopper(ctx: TestContext) {
  const s = await student(ctx);
  const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: { ...s.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const user = await ctx.handle.db.selectFrom('users').select('id').where('email', '=', s.email).executeTakeFirstOrThrow();
  return {
    ...s,
    userId: user.id,
    call,
    shop: async () => (await call('GET', '/api/shop')).json() as Shop,
    checkout: async (productId = 'premium-year') => {
      const res = await call('POST', '/api/shop/checkout', { productId });
      if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
      const body = res.json() as Checkout;
      return { ...body, providerPaymentId: body.checkoutUrl.split('/').pop()! };
    },
    settle: (providerPaymentId: string, status: string) => call('POST', `/api/shop/test-checkout/${providerPaymentId}`, { status }),
    order: async (orderId: string) => (await call('GET', `/api/shop/orders/${orderId}`)).json() as Order,
    testPayment: async (id: string) => (await call('GET', `/api/shop/test-checkout/${id}`)).json() as TestPayment,
    profile: async () => (await call('GET', '/api/user/profile')).json() as { hasSubscription: boolean; subscriptionUrl: string },
    premiumChapterStatus: async () => (await call('GET', PREMIUM_CHAPTER)).statusCode,
  };
}

/** The provider calls the webhook with only the payment id, as form data, without a bearer token. */
export const webhook = (ctx: TestContext, providerPaymentId: string, provider = 'test') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/shop/webhooks/${provider}`,
    payload: new URLSearchParams({ id: providerPaymentId }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** The provider's side of a test payment changes (what a bank or Mollie would do). */
export const setProviderStatus = (ctx: TestContext, providerPaymentId: string, status: 'open' | 'pending' | 'paid' | 'failed') =>
  ctx.handle.db.updateTable('test_checkout_payments').set({ status }).where('id', '=', providerPaymentId).execute();

export const history = (ctx: TestContext, entityId: string) =>
  ctx.handle.db
    .selectFrom('shop_state_history')
    .select(['entity_type', 'from_status', 'to_status', 'source'])
    .where('entity_id', '=', entityId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const subscriptionsOf = (ctx: TestContext, userId: string) =>
  ctx.handle.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

export const paymentsOf = (ctx: TestContext, userId: string) =>
  ctx.handle.db.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
