import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { createShopApp, history, paymentsOf, setProviderStatus, shopper, subscriptionsOf, webhook } from './support.ts';

const DAY = 86_400_000;

describe.each(DIALECTS)('shop: checkout and payment outcomes on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createShopApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('lists Premium monthly and yearly at the configured prices with VAT and the saving', async () => {
    const s = await shopper(ctx);
    const shop = await s.shop();
    expect(shop.provider).toBe('test');
    expect(shop.subscription).toBeNull();
    expect(shop.hasSubscription).toBe(false);
    expect(shop.products).toEqual([
      { id: 'premium-month', name: 'Blok Premium (maand)', priceCents: 999, vatCents: 173, intervalMonths: 1, monthlyPriceCents: 999, savingCents: 0 },
      { id: 'premium-year', name: 'Blok Premium (jaar)', priceCents: 7999, vatCents: 1388, intervalMonths: 12, monthlyPriceCents: 667, savingCents: 3989 },
    ]);
  });

  it('never takes an amount from the client and refuses unknown products', async () => {
    const s = await shopper(ctx);
    const withAmount = await s.call('POST', '/api/shop/checkout', { productId: 'premium-year', amountCents: 1 });
    expect(withAmount.statusCode).toBe(400);
    expect(withAmount.json().error).toBe('invalid_request');
    const unknown = await s.call('POST', '/api/shop/checkout', { productId: 'premium-forever' });
    expect(unknown.statusCode).toBe(400);
    expect((await paymentsOf(ctx, s.userId)).length).toBe(0);
  });

  it('paid: grants Premium for a year in the same change, unlocks premium chapters and shows it in the profile', async () => {
    const s = await shopper(ctx);
    expect(await s.premiumChapterStatus()).toBe(403);
    const checkout = await s.checkout('premium-year');
    expect(checkout.checkoutUrl).toMatch(/^\/shop\/test-checkout\/tp_[0-9a-f]{32}$/);
    expect(await s.order(checkout.orderId)).toMatchObject({ status: 'open', paymentStatus: 'open', amountCents: 7999, productId: 'premium-year', subscription: null });
    const page = await s.testPayment(checkout.providerPaymentId);
    expect(page).toMatchObject({ amountCents: 7999, status: 'open', description: 'Blok Premium (jaar)', redirectUrl: `/shop/return/${checkout.orderId}` });

    const before = Date.now();
    const res = await s.settle(checkout.providerPaymentId, 'paid');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid' });

    const order = await s.order(checkout.orderId);
    expect(order).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect(order.subscription).toMatchObject({ status: 'active', productId: 'premium-year', renews: true, canceledAt: null });
    const start = new Date(order.subscription!.currentPeriodStart);
    const end = new Date(order.subscription!.currentPeriodEnd);
    expect(start.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
    expect(end.getUTCMonth()).toBe(start.getUTCMonth());

    expect(await s.profile()).toMatchObject({ hasSubscription: true, subscriptionUrl: '/shop' });
    expect(await s.premiumChapterStatus()).toBe(200);
    expect((await s.shop()).subscription?.id).toBe(order.subscription!.id);

    const [payment] = await paymentsOf(ctx, s.userId);
    expect(payment).toMatchObject({ status: 'paid', sequence_type: 'first', amount_cents: 7999, subscription_id: order.subscription!.id });
    expect(payment!.paid_at).not.toBeNull();
    expect(await history(ctx, payment!.id)).toEqual([
      { entity_type: 'payment', from_status: null, to_status: 'open', source: 'checkout' },
      { entity_type: 'payment', from_status: 'open', to_status: 'paid', source: 'webhook' },
    ]);
    expect(await history(ctx, checkout.orderId)).toEqual([
      { entity_type: 'order', from_status: null, to_status: 'open', source: 'checkout' },
      { entity_type: 'order', from_status: 'open', to_status: 'paid', source: 'webhook' },
    ]);
    // The end of the period and the renewal are scheduled with the payment.
    const jobs = await ctx.handle.db.selectFrom('jobs').select(['name', 'run_at']).where('payload', 'like', `%${order.subscription!.id}%`).orderBy('name').execute();
    expect(jobs.map((j) => j.name)).toEqual(['shop.period-end', 'shop.renew']);
    expect(jobs[0]!.run_at).toBe(order.subscription!.currentPeriodEnd);
    expect(Date.parse(order.subscription!.currentPeriodEnd) - Date.parse(jobs[1]!.run_at)).toBe(3 * DAY);
  });

  it('monthly: the period is one month', async () => {
    const s = await shopper(ctx);
    const checkout = await s.checkout('premium-month');
    await s.settle(checkout.providerPaymentId, 'paid');
    const sub = (await s.order(checkout.orderId)).subscription!;
    const start = new Date(sub.currentPeriodStart);
    const end = new Date(sub.currentPeriodEnd);
    expect((end.getUTCFullYear() * 12 + end.getUTCMonth()) - (start.getUTCFullYear() * 12 + start.getUTCMonth())).toBe(1);
  });

  it.each(['failed', 'canceled', 'expired'] as const)('%s: the order ends so and nothing is granted', async (outcome) => {
    const s = await shopper(ctx);
    const checkout = await s.checkout('premium-month');
    const res = await s.settle(checkout.providerPaymentId, outcome);
    expect(res.statusCode).toBe(200);
    expect(await s.order(checkout.orderId)).toMatchObject({ status: outcome, paymentStatus: outcome, subscription: null });
    expect(await s.profile()).toMatchObject({ hasSubscription: false });
    expect(await s.premiumChapterStatus()).toBe(403);
    expect(await subscriptionsOf(ctx, s.userId)).toEqual([]);
    // Final: the tester cannot turn it into paid afterwards.
    const again = await s.settle(checkout.providerPaymentId, 'paid');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('payment_final');
    expect(await s.premiumChapterStatus()).toBe(403);
  });

  it('still open: the order stays open and nothing is granted; she can pay later', async () => {
    const s = await shopper(ctx);
    const checkout = await s.checkout();
    expect((await s.settle(checkout.providerPaymentId, 'open')).statusCode).toBe(200);
    expect(await s.order(checkout.orderId)).toMatchObject({ status: 'open', paymentStatus: 'open' });
    expect(await s.premiumChapterStatus()).toBe(403);
    await s.settle(checkout.providerPaymentId, 'paid');
    expect(await s.premiumChapterStatus()).toBe(200);
  });

  it('refuses a second purchase while Premium renews (409 subscription_active)', async () => {
    const s = await shopper(ctx);
    await s.settle((await s.checkout()).providerPaymentId, 'paid');
    const res = await s.call('POST', '/api/shop/checkout', { productId: 'premium-month' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('subscription_active');
  });

  it('answers 404 for an order or a test payment of another student', async () => {
    const a = await shopper(ctx);
    const b = await shopper(ctx);
    const checkout = await a.checkout();
    expect((await b.call('GET', `/api/shop/orders/${checkout.orderId}`)).statusCode).toBe(404);
    expect((await b.call('GET', `/api/shop/test-checkout/${checkout.providerPaymentId}`)).statusCode).toBe(404);
    const settle = await b.settle(checkout.providerPaymentId, 'paid');
    expect(settle.statusCode).toBe(404);
    expect(await a.order(checkout.orderId)).toMatchObject({ status: 'open' });
    expect((await a.call('GET', '/api/shop/orders/not-a-uuid')).statusCode).toBe(400);
  });
});

describe.each(DIALECTS)('shop: webhooks on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createShopApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('reads the status from the provider: a webhook alone grants nothing', async () => {
    const s = await shopper(ctx);
    const checkout = await s.checkout();
    const res = await webhook(ctx, checkout.providerPaymentId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await s.order(checkout.orderId)).toMatchObject({ status: 'open' });
    expect(await s.premiumChapterStatus()).toBe(403);
  });

  it('duplicate and late webhooks change nothing twice', async () => {
    const s = await shopper(ctx);
    const checkout = await s.checkout();
    await setProviderStatus(ctx, checkout.providerPaymentId, 'paid');
    expect((await webhook(ctx, checkout.providerPaymentId)).statusCode).toBe(200);
    const [payment] = await paymentsOf(ctx, s.userId);
    const subs = await subscriptionsOf(ctx, s.userId);
    const historyAfterFirst = await history(ctx, payment!.id);
    const jobs = await ctx.handle.db.selectFrom('jobs').select('id').execute();

    for (let i = 0; i < 3; i++) expect((await webhook(ctx, checkout.providerPaymentId)).statusCode).toBe(200);
    expect(await subscriptionsOf(ctx, s.userId)).toEqual(subs);
    expect(await history(ctx, payment!.id)).toEqual(historyAfterFirst);
    expect((await ctx.handle.db.selectFrom('jobs').select('id').execute()).length).toBe(jobs.length);
    expect(subs).toHaveLength(1);
    expect(await s.premiumChapterStatus()).toBe(200);
  });

  it('two webhooks for one paid payment at the same time grant one period', async () => {
    const s = await shopper(ctx);
    const checkout = await s.checkout();
    await setProviderStatus(ctx, checkout.providerPaymentId, 'paid');
    const answers = await Promise.all([webhook(ctx, checkout.providerPaymentId), webhook(ctx, checkout.providerPaymentId), webhook(ctx, checkout.providerPaymentId)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await subscriptionsOf(ctx, s.userId)).toHaveLength(1);
    const [payment] = await paymentsOf(ctx, s.userId);
    expect((await history(ctx, payment!.id)).map((h) => h.to_status)).toEqual(['open', 'paid']);
  });

  it('out of order: a stale status after a newer one is ignored; a final status never changes', async () => {
    const s = await shopper(ctx);
    const checkout = await s.checkout();
    await setProviderStatus(ctx, checkout.providerPaymentId, 'pending');
    await webhook(ctx, checkout.providerPaymentId);
    expect(await s.order(checkout.orderId)).toMatchObject({ status: 'open', paymentStatus: 'pending' });
    // A stale answer (open after pending) does not move the payment back.
    await setProviderStatus(ctx, checkout.providerPaymentId, 'open');
    await webhook(ctx, checkout.providerPaymentId);
    expect(await s.order(checkout.orderId)).toMatchObject({ paymentStatus: 'pending' });
    await setProviderStatus(ctx, checkout.providerPaymentId, 'paid');
    await webhook(ctx, checkout.providerPaymentId);
    expect(await s.order(checkout.orderId)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    // Late: a status after the final one changes nothing.
    await setProviderStatus(ctx, checkout.providerPaymentId, 'failed');
    await webhook(ctx, checkout.providerPaymentId);
    expect(await s.order(checkout.orderId)).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    expect(await s.premiumChapterStatus()).toBe(200);
    const [payment] = await paymentsOf(ctx, s.userId);
    expect((await history(ctx, payment!.id)).map((h) => h.to_status)).toEqual(['open', 'pending', 'paid']);
  });

  it('answers 200 to an unknown payment id, a malformed one and a provider that is not configured, changing nothing', async () => {
    const before = await ctx.handle.db.selectFrom('shop_state_history').select('id').execute();
    for (const id of ['tp_00000000000000000000000000000000', 'tr_WDqYK6vllg', 'onzin']) {
      const res = await webhook(ctx, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect((await webhook(ctx, 'tr_WDqYK6vllg', 'mollie')).statusCode).toBe(200);
    expect((await webhook(ctx, 'tr_x', 'paypal')).statusCode).toBe(400);
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/shop/webhooks/test', payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(empty.statusCode).toBe(400);
    expect((await ctx.handle.db.selectFrom('shop_state_history').select('id').execute()).length).toBe(before.length);
  });

  it("a webhook for another student's payment grants Premium to that student only", async () => {
    const a = await shopper(ctx);
    const b = await shopper(ctx);
    const checkout = await a.checkout();
    await setProviderStatus(ctx, checkout.providerPaymentId, 'paid');
    // Student b triggers the webhook of a's payment (it is public: anyone can call it).
    const res = await b.call('POST', '/api/shop/webhooks/test', new URLSearchParams({ id: checkout.providerPaymentId }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(200);
    expect(await b.profile()).toMatchObject({ hasSubscription: false });
    expect(await b.premiumChapterStatus()).toBe(403);
    expect(await subscriptionsOf(ctx, b.userId)).toEqual([]);
    expect(await a.profile()).toMatchObject({ hasSubscription: true });
  });

  it('ignores a provider payment whose amount differs from ours', async () => {
    const s = await shopper(ctx);
    const checkout = await s.checkout('premium-year');
    await ctx.handle.db.updateTable('test_checkout_payments').set({ status: 'paid', amount_cents: 1 }).where('id', '=', checkout.providerPaymentId).execute();
    expect((await webhook(ctx, checkout.providerPaymentId)).statusCode).toBe(200);
    expect(await s.order(checkout.orderId)).toMatchObject({ status: 'open' });
    expect(await s.premiumChapterStatus()).toBe(403);
  });

  it('replays the first answer of a checkout sent twice with one Idempotency-Key', async () => {
    const s = await shopper(ctx);
    const key = '0193a6e4-7b5c-7d2e-8f10-1a2b3c4d5e6f';
    const first = await s.call('POST', '/api/shop/checkout', { productId: 'premium-month' }, { 'idempotency-key': key });
    const second = await s.call('POST', '/api/shop/checkout', { productId: 'premium-month' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await paymentsOf(ctx, s.userId)).toHaveLength(1);
  });
});
