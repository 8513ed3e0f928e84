import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { createShopApp, history, paymentsOf, shopper, subscriptionsOf } from './support.ts';

type Shopper = Awaited<ReturnType<typeof shopper>>;

/** Buys Premium with the test checkout and returns her subscription. */
async function buy(s: Shopper, productId = 'premium-year'): Promise<Subscription> {
  const checkout = await s.checkout(productId);
  const res = await s.settle(checkout.providerPaymentId, 'paid');
  if (res.statusCode !== 200) throw new Error(res.body);
  return (await s.order(checkout.orderId)).subscription!;
}

/**
 * Moves her period into the past, as if time went by: the subscription's end and the jobs that
 * belong to it (their payload names the end they were scheduled for). The renewal job is due at
 * once; the period-end job only when `periodEndDue` (in real time it runs three days later).
 */
async function endPeriodNow(ctx: TestContext, sub: Subscription, periodEndDue = true) {
  const end = new Date(Date.now() - 1000).toISOString();
  const start = new Date(Date.now() - 30 * 86_400_000).toISOString();
  await ctx.handle.db.updateTable('subscriptions').set({ current_period_start: start, current_period_end: end }).where('id', '=', sub.id).execute();
  const payload = JSON.stringify({ subscriptionId: sub.id, periodEnd: end });
  const later = new Date(Date.now() + 86_400_000).toISOString();
  await ctx.handle.db
    .updateTable('jobs')
    .set({ payload, run_at: periodEndDue ? end : later })
    .where('name', '=', 'shop.period-end')
    .where('payload', 'like', `%${sub.id}%`)
    .execute();
  await ctx.handle.db.updateTable('jobs').set({ payload, run_at: end }).where('name', '=', 'shop.renew').where('payload', 'like', `%${sub.id}%`).execute();
  return end;
}

/** Makes the period-end job of a subscription due now. */
const periodEndDueNow = (ctx: TestContext, sub: Subscription) =>
  ctx.handle.db
    .updateTable('jobs')
    .set({ run_at: new Date(Date.now() - 1000).toISOString() })
    .where('name', '=', 'shop.period-end')
    .where('payload', 'like', `%${sub.id}%`)
    .execute();

describe.each(DIALECTS)('shop: cancel, renewals and the end of a period on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createShopApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('cancel keeps Premium until the end of the period and stops renewals; twice changes nothing', async () => {
    const s = await shopper(ctx);
    const sub = await buy(s);
    const res = await s.call('POST', '/api/shop/subscription/cancel');
    expect(res.statusCode).toBe(200);
    const canceled = res.json() as Subscription;
    expect(canceled).toMatchObject({ id: sub.id, status: 'canceled', renews: false, currentPeriodEnd: sub.currentPeriodEnd });
    expect(canceled.canceledAt).not.toBeNull();
    expect(await s.profile()).toMatchObject({ hasSubscription: true });
    expect(await s.premiumChapterStatus()).toBe(200);
    expect((await s.shop()).subscription).toMatchObject({ status: 'canceled', currentPeriodEnd: sub.currentPeriodEnd });

    const again = await s.call('POST', '/api/shop/subscription/cancel');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(canceled);
    expect((await history(ctx, sub.id)).map((h) => `${h.from_status}>${h.to_status}:${h.source}`)).toEqual(['null>active:webhook', 'active>canceled:cancel']);
  });

  it('cancel without a subscription answers 404', async () => {
    const s = await shopper(ctx);
    const res = await s.call('POST', '/api/shop/subscription/cancel');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });

  it('the period-end job takes Premium away when a canceled period ends', async () => {
    const s = await shopper(ctx);
    const sub = await buy(s, 'premium-month');
    await s.call('POST', '/api/shop/subscription/cancel');
    await endPeriodNow(ctx, sub);
    expect(await ctx.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await s.profile()).toMatchObject({ hasSubscription: false });
    expect(await s.premiumChapterStatus()).toBe(403);
    const [row] = await subscriptionsOf(ctx, s.userId);
    expect(row).toMatchObject({ status: 'ended' });
    expect((await history(ctx, sub.id)).at(-1)).toMatchObject({ from_status: 'canceled', to_status: 'ended', source: 'period-end' });
    expect((await s.shop()).subscription).toBeNull();
    // The renewal job of a canceled subscription charged nothing.
    expect((await paymentsOf(ctx, s.userId)).filter((p) => p.sequence_type === 'recurring')).toEqual([]);
  });

  it('a renewal is charged on the mandate; unpaid, Premium ends with the period', async () => {
    const s = await shopper(ctx);
    const sub = await buy(s, 'premium-month');
    await endPeriodNow(ctx, sub, false);
    await ctx.app.jobs.runDue();
    const renewals = (await paymentsOf(ctx, s.userId)).filter((p) => p.sequence_type === 'recurring');
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ status: 'open', amount_cents: 999, subscription_id: sub.id, order_id: null });
    // The provider has it on her mandate.
    const provider = await ctx.handle.db.selectFrom('test_checkout_payments').selectAll().where('id', '=', renewals[0]!.provider_payment_id).executeTakeFirstOrThrow();
    expect(provider.mandate_id).toMatch(/^tm_/);
    expect(provider.sequence_type).toBe('recurring');
    // Still Premium while the direct debit is on its way; the period then ends unpaid.
    expect(await s.profile()).toMatchObject({ hasSubscription: true });
    await periodEndDueNow(ctx, sub);
    await ctx.app.jobs.runDue();
    expect(await s.profile()).toMatchObject({ hasSubscription: false });
    expect(await s.premiumChapterStatus()).toBe(403);
    expect((await subscriptionsOf(ctx, s.userId))[0]).toMatchObject({ status: 'ended' });
  });

  it('a paid renewal extends the period and the old period end changes nothing', async () => {
    const s = await shopper(ctx);
    const sub = await buy(s, 'premium-month');
    // The period ends tomorrow; the renewal job (3 days ahead) is due now.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    await ctx.handle.db.updateTable('subscriptions').set({ current_period_end: tomorrow }).where('id', '=', sub.id).execute();
    const payload = JSON.stringify({ subscriptionId: sub.id, periodEnd: tomorrow });
    await ctx.handle.db.updateTable('jobs').set({ payload, run_at: new Date(Date.now() - 1000).toISOString() }).where('payload', 'like', `%${sub.id}%`).execute();
    await ctx.app.jobs.runDue();
    const [renewal] = (await paymentsOf(ctx, s.userId)).filter((p) => p.sequence_type === 'recurring');
    expect(renewal).toBeDefined();
    // Her bank pays the direct debit; the provider calls the webhook.
    expect((await s.settle(renewal!.provider_payment_id, 'paid')).statusCode).toBe(200);
    const [row] = await subscriptionsOf(ctx, s.userId);
    expect(row!.status).toBe('active');
    expect(row!.current_period_start).toBe(tomorrow);
    const start = new Date(tomorrow);
    const end = new Date(row!.current_period_end);
    expect(end.getUTCFullYear() * 12 + end.getUTCMonth() - (start.getUTCFullYear() * 12 + start.getUTCMonth())).toBe(1);
    expect(await s.profile()).toMatchObject({ hasSubscription: true });
    // Running the jobs again: the old period's end is no end any more.
    await ctx.app.jobs.runDue();
    expect((await subscriptionsOf(ctx, s.userId))[0]).toMatchObject({ status: 'active' });
    expect(await s.premiumChapterStatus()).toBe(200);
  });

  it('buying again after cancelling starts the new period where the paid one ends', async () => {
    const s = await shopper(ctx);
    const first = await buy(s, 'premium-month');
    await s.call('POST', '/api/shop/subscription/cancel');
    const second = await buy(s, 'premium-year');
    expect(second.currentPeriodStart).toBe(first.currentPeriodEnd);
    const rows = await subscriptionsOf(ctx, s.userId);
    expect(rows.map((r) => r.status)).toEqual(['ended', 'active']);
    expect(await s.profile()).toMatchObject({ hasSubscription: true });
  });
});
