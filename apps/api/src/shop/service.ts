import type { FastifyBaseLogger } from 'fastify';
import { uuidv7, type Executor } from '@blok/db';
import {
  isFinalPaymentStatus,
  type Checkout,
  type Order,
  type PaymentStatus,
  type ProductId,
  type Shop,
  type Subscription,
  type TestCheckoutBody,
  type TestPayment,
} from '@blok/contract';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { CURRENCY, addMonths, productById, productViews } from './products.ts';
import { ProviderUnavailableError, type PaymentProvider, type ProviderPayment } from './provider.ts';
import { ShopRepository, type PaymentRow, type SubscriptionRow } from './repository.ts';
import type { TestCheckoutProvider } from './test-provider.ts';

/** Job names of the shop (registered in plugins/services.ts). */
export const SHOP_JOBS = {
  /** ends Premium when a period is over and no renewal extended it */
  periodEnd: 'shop.period-end',
  /** charges the next period on the mandate, a few days before the period ends */
  renew: 'shop.renew',
} as const;

/**
 * Renewals are charged this long before the period ends: SEPA direct debit, the method behind
 * most iDEAL mandates, takes a few banking days to settle.
 */
export const RENEWAL_LEAD_DAYS = 3;

/** The part of the job runner the shop needs: enqueue in the caller's transaction. */
export interface JobQueue {
  enqueue(executor: Executor, spec: { name: string; payload?: unknown; runAt?: Date; dedupeKey?: string; maxAttempts?: number }): Promise<boolean>;
}

export interface PeriodJobPayload {
  subscriptionId: string;
  periodEnd: string;
}

export interface ShopConfig {
  /** PUBLIC_URL without a trailing slash; '' serves relative links (test checkout only) */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Order of a payment's statuses: a webhook never moves a payment back (out-of-order delivery). */
const RANK: Record<PaymentStatus, number> = { open: 0, pending: 1, authorized: 2, paid: 3, failed: 3, canceled: 3, expired: 3 };

const DAY_MS = 86_400_000;

const orderNotFound = () => new AppError('not_found', 'Deze bestelling bestaat niet.');
const paymentNotFound = () => new AppError('not_found', 'Deze testbetaling bestaat niet.');
const providerUnavailable = () =>
  new AppError('payment_provider_unavailable', 'De betaalprovider is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.');

export function subscriptionView(s: SubscriptionRow): Subscription {
  return {
    id: s.id,
    productId: s.product_id as ProductId,
    status: s.status,
    currentPeriodStart: s.current_period_start,
    currentPeriodEnd: s.current_period_end,
    canceledAt: s.canceled_at,
    renews: s.status === 'active',
  };
}

/**
 * The shop: checkout through the configured provider, the webhook that applies a payment's
 * status (always fetched from the provider), Premium periods, cancel, renewals and the end of a
 * period. Every change is one unit of work with its state history.
 */
/**
 * What the shop needs of the account (its owner, decision 020): her address for the provider, and
 * the Premium flag every premium check reads, kept in step with her subscriptions.
 */
export interface ShopAccounts {
  account(executor: Executor, userId: string): Promise<{ id: string; email: string; hasSubscription: boolean } | undefined>;
  setPremium(tx: Executor, userId: string, has: boolean): Promise<void>;
}

export class ShopService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly provider: PaymentProvider,
    private readonly jobs: JobQueue,
    private readonly accounts: ShopAccounts,
    private readonly config: ShopConfig,
    /** only when the built-in test checkout is the provider */
    private readonly testCheckout: TestCheckoutProvider | null = null,
  ) {}

  private get reads() {
    return new ShopRepository(this.uow.db);
  }

  private webhookUrl(): string {
    return `${this.config.publicUrl}/api/shop/webhooks/${this.provider.name}`;
  }

  async overview(userId: string): Promise<Shop> {
    const repo = this.reads;
    const [user, current] = await Promise.all([this.accounts.account(this.uow.db, userId), repo.currentSubscription(userId)]);
    return {
      products: productViews(),
      subscription: current ? subscriptionView(current) : null,
      hasSubscription: user?.hasSubscription === true,
      provider: this.provider.name,
    };
  }

  /**
   * Starts a payment for a product at the server's price. The provider is called before the
   * transaction (no database lock waits on the network); a payment the provider created but we
   * failed to record is never granted: its webhook finds no payment and changes nothing.
   */
  async checkout(userId: string, productId: ProductId): Promise<Checkout> {
    const product = productById(productId);
    if (!product) throw new AppError('invalid_request', 'Dit product bestaat niet.');
    const repo = this.reads;
    const user = await this.accounts.account(this.uow.db, userId);
    if (!user) throw new AppError('invalid_token', 'Dit account bestaat niet meer.');
    const now = new Date().toISOString();
    const running = await repo.runningSubscriptions(userId, now);
    if (running.some((s) => s.status === 'active')) {
      throw new AppError('subscription_active', 'Je hebt al Premium. Je abonnement wordt automatisch verlengd.');
    }
    const orderId = uuidv7();
    const paymentId = uuidv7();
    const customerId = await repo.latestCustomerId(userId, this.provider.name);
    let created;
    try {
      created = await this.provider.createFirstPayment({
        paymentId,
        orderId,
        userId,
        email: user.email,
        amountCents: product.priceCents,
        description: product.name,
        redirectUrl: `${this.config.publicUrl}/shop/return/${orderId}`,
        webhookUrl: this.webhookUrl(),
        customerId,
      });
    } catch (err) {
      this.config.log.error({ err, orderId }, 'payment provider refused the checkout');
      throw providerUnavailable();
    }
    if (!created.checkoutUrl) throw providerUnavailable();
    const checkoutUrl = created.checkoutUrl;
    return this.uow.run(async (tx) => {
      const r = new ShopRepository(tx);
      const at = new Date().toISOString();
      await r.insertOrder({
        id: orderId,
        user_id: userId,
        product_id: product.id,
        amount_cents: product.priceCents,
        currency: CURRENCY,
        status: 'open',
        provider: this.provider.name,
        provider_customer_id: created.customerId,
        created_at: at,
        updated_at: at,
      });
      await r.insertPayment({
        id: paymentId,
        user_id: userId,
        order_id: orderId,
        subscription_id: null,
        provider: this.provider.name,
        provider_payment_id: created.providerPaymentId,
        sequence_type: 'first',
        amount_cents: product.priceCents,
        currency: CURRENCY,
        status: created.status,
        checkout_url: checkoutUrl,
        paid_at: null,
        created_at: at,
        updated_at: at,
      });
      await r.history({ entity_type: 'order', entity_id: orderId, user_id: userId, from_status: null, to_status: 'open', source: 'checkout' });
      await r.history({ entity_type: 'payment', entity_id: paymentId, user_id: userId, from_status: null, to_status: created.status, source: 'checkout' });
      return { orderId, checkoutUrl };
    });
  }

  /** Her order with its payment's status, for the return page. Someone else's order answers 404. */
  async order(userId: string, orderId: string): Promise<Order> {
    const repo = this.reads;
    const order = await repo.orderOfUser(userId, orderId);
    if (!order) throw orderNotFound();
    const [payment, subscription] = await Promise.all([repo.paymentOfOrder(order.id), repo.subscriptionOfOrder(order.id)]);
    return {
      id: order.id,
      productId: order.product_id as ProductId,
      amountCents: order.amount_cents,
      status: order.status,
      paymentStatus: payment?.status ?? 'open',
      createdAt: order.created_at,
      subscription: subscription ? subscriptionView(subscription) : null,
    };
  }

  /**
   * The webhook: the provider names a payment, we fetch it from the provider and apply its
   * status. Idempotent per payment and status: a duplicate, late or out-of-order call changes
   * nothing twice. An unknown id answers 200 as well (logged), or the provider keeps retrying.
   */
  async handleWebhook(providerName: string, providerPaymentId: string): Promise<{ received: true }> {
    if (providerName !== this.provider.name) {
      this.config.log.warn({ providerName, providerPaymentId }, 'webhook for a provider that is not configured; ignored');
      return this.uow.run(async () => ({ received: true as const }));
    }
    let remote: ProviderPayment | null;
    try {
      remote = await this.provider.getPayment(providerPaymentId);
    } catch (err) {
      // 5xx: the provider retries the webhook later.
      this.config.log.error({ err: err instanceof ProviderUnavailableError ? err.message : err, providerPaymentId }, 'payment lookup failed');
      throw providerUnavailable();
    }
    return this.uow.run(async (tx) => {
      if (!remote) {
        this.config.log.warn({ providerPaymentId }, 'webhook for a payment the provider does not know; ignored');
      } else {
        await this.apply(tx, remote);
      }
      return { received: true as const };
    });
  }

  /** Applies the provider's view of a payment to ours, with its consequences. */
  private async apply(tx: Executor, remote: ProviderPayment): Promise<void> {
    const repo = new ShopRepository(tx);
    const payment = await repo.paymentByProviderId(this.provider.name, remote.providerPaymentId);
    if (!payment) {
      this.config.log.warn({ providerPaymentId: remote.providerPaymentId }, 'webhook for a payment we never recorded; ignored');
      return;
    }
    if (remote.paymentId !== payment.id || remote.amountCents !== payment.amount_cents || remote.currency !== payment.currency) {
      this.config.log.error(
        { paymentId: payment.id, providerPaymentId: remote.providerPaymentId, remoteAmount: remote.amountCents, remotePaymentId: remote.paymentId },
        'provider payment does not match our payment; ignored',
      );
      return;
    }
    const from = payment.status;
    const to = remote.status;
    // Duplicate (same status), late (ours is final already) or out of order (a status before ours).
    if (from === to || isFinalPaymentStatus(from) || RANK[to] <= RANK[from]) return;
    const at = new Date().toISOString();
    if (!(await repo.updatePaymentStatus(payment.id, from, to, at))) return;
    await repo.history({ entity_type: 'payment', entity_id: payment.id, user_id: payment.user_id, from_status: from, to_status: to, source: 'webhook' });

    if (payment.order_id && isFinalPaymentStatus(to)) {
      const order = await repo.order(payment.order_id);
      if (order && order.status === 'open') {
        await repo.updateOrderStatus(order.id, to, at);
        await repo.history({ entity_type: 'order', entity_id: order.id, user_id: order.user_id, from_status: 'open', to_status: to, source: 'webhook' });
      }
    }
    if (to === 'paid') await this.grant(tx, { ...payment, status: to }, remote);
  }

  /** A paid payment grants one period of Premium, in the transaction that records the payment. */
  private async grant(tx: Executor, payment: PaymentRow, remote: ProviderPayment): Promise<void> {
    const repo = new ShopRepository(tx);
    const now = new Date();
    const nowIso = now.toISOString();
    let subscription: SubscriptionRow;

    if (payment.sequence_type === 'first') {
      const order = payment.order_id ? await repo.order(payment.order_id) : undefined;
      const product = order ? productById(order.product_id) : undefined;
      if (!order || !product) {
        this.config.log.error({ paymentId: payment.id }, 'paid first payment without a known order or product');
        return;
      }
      // A second paid purchase (two tabs, or buying again after cancelling) never loses paid
      // days: the new period starts when the running one ends, and the running one ends then.
      const running = await repo.runningSubscriptions(payment.user_id, nowIso);
      const startMs = Math.max(now.getTime(), ...running.map((s) => Date.parse(s.current_period_end)));
      for (const s of running) {
        if (await repo.updateSubscription(s.id, s.status, { status: 'ended', ended_at: nowIso })) {
          await repo.history({ entity_type: 'subscription', entity_id: s.id, user_id: s.user_id, from_status: s.status, to_status: 'ended', source: 'replaced' });
        }
      }
      const start = new Date(startMs);
      subscription = {
        id: uuidv7(),
        user_id: payment.user_id,
        product_id: product.id,
        order_id: order.id,
        status: 'active',
        provider: payment.provider,
        provider_customer_id: remote.customerId ?? order.provider_customer_id,
        provider_mandate_id: remote.mandateId,
        current_period_start: start.toISOString(),
        current_period_end: addMonths(start, product.intervalMonths).toISOString(),
        canceled_at: null,
        ended_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      };
      await repo.insertSubscription(subscription);
      await repo.setPaymentSubscription(payment.id, subscription.id);
      await repo.history({ entity_type: 'subscription', entity_id: subscription.id, user_id: payment.user_id, from_status: null, to_status: 'active', source: 'webhook' });
    } else {
      const existing = payment.subscription_id ? await repo.subscription(payment.subscription_id) : undefined;
      const product = existing ? productById(existing.product_id) : undefined;
      if (!existing || !product) {
        this.config.log.error({ paymentId: payment.id }, 'paid renewal without a known subscription');
        return;
      }
      // A renewal continues the period; one paid after Premium ended starts a new period now.
      const lapsed = existing.status === 'ended' || Date.parse(existing.current_period_end) <= now.getTime();
      const start = lapsed ? now : new Date(existing.current_period_end);
      const status = existing.status === 'ended' ? 'active' : existing.status;
      const changes = {
        status,
        current_period_start: start.toISOString(),
        current_period_end: addMonths(start, product.intervalMonths).toISOString(),
        ended_at: null,
      } as const;
      if (!(await repo.updateSubscription(existing.id, existing.status, changes))) return;
      if (status !== existing.status) {
        await repo.history({ entity_type: 'subscription', entity_id: existing.id, user_id: existing.user_id, from_status: existing.status, to_status: status, source: 'renewal' });
      }
      subscription = { ...existing, ...changes };
    }

    await this.accounts.setPremium(tx, payment.user_id, true);
    await this.schedule(tx, subscription);
  }

  /** The jobs of a period: its end, and (when it renews) the charge of the next one. */
  private async schedule(tx: Executor, s: SubscriptionRow): Promise<void> {
    const payload: PeriodJobPayload = { subscriptionId: s.id, periodEnd: s.current_period_end };
    const endMs = Date.parse(s.current_period_end);
    await this.jobs.enqueue(tx, { name: SHOP_JOBS.periodEnd, payload, runAt: new Date(endMs), dedupeKey: `${SHOP_JOBS.periodEnd}:${s.id}:${s.current_period_end}` });
    if (s.status === 'active' && s.provider_mandate_id && s.provider_customer_id) {
      const runAt = new Date(Math.max(Date.now(), endMs - RENEWAL_LEAD_DAYS * DAY_MS));
      await this.jobs.enqueue(tx, { name: SHOP_JOBS.renew, payload, runAt, dedupeKey: `${SHOP_JOBS.renew}:${s.id}:${s.current_period_end}` });
    }
  }

  /** She cancels: Premium stays until the end of the period, nothing is charged again. */
  async cancel(userId: string): Promise<Subscription> {
    return this.uow.run(async (tx) => {
      const repo = new ShopRepository(tx);
      const running = await repo.runningSubscriptions(userId, new Date().toISOString());
      const active = running.find((s) => s.status === 'active');
      if (!active) {
        // Cancelling twice changes nothing and shows the same end date.
        const canceled = running.find((s) => s.status === 'canceled');
        if (canceled) return subscriptionView(canceled);
        throw new AppError('not_found', 'Je hebt geen Premium-abonnement om op te zeggen.');
      }
      const at = new Date().toISOString();
      if (!(await repo.updateSubscription(active.id, 'active', { status: 'canceled', canceled_at: at }))) {
        throw new AppError('conflict', 'Je abonnement is net gewijzigd. Probeer het opnieuw.');
      }
      await repo.history({ entity_type: 'subscription', entity_id: active.id, user_id: userId, from_status: 'active', to_status: 'canceled', source: 'cancel' });
      return subscriptionView({ ...active, status: 'canceled', canceled_at: at });
    });
  }

  /**
   * Job: the period is over. Unless a renewal extended it, the subscription ends and with it
   * Premium (when no other subscription of hers still runs).
   */
  async endPeriod(tx: Executor, payload: PeriodJobPayload): Promise<void> {
    const repo = new ShopRepository(tx);
    const s = await repo.subscription(payload.subscriptionId);
    if (!s || s.status === 'ended' || s.current_period_end !== payload.periodEnd) return;
    const now = new Date().toISOString();
    if (s.current_period_end > now) throw new Error('period not over yet');
    if (!(await repo.updateSubscription(s.id, s.status, { status: 'ended', ended_at: now }))) return;
    await repo.history({ entity_type: 'subscription', entity_id: s.id, user_id: s.user_id, from_status: s.status, to_status: 'ended', source: 'period-end' });
    const others = await repo.runningSubscriptions(s.user_id, now);
    await this.accounts.setPremium(tx, s.user_id, others.length > 0);
    this.config.log.info({ subscriptionId: s.id, userId: s.user_id }, 'Premium period ended');
  }

  /**
   * Job: charge the next period on the mandate. The provider call happens outside any
   * transaction; its idempotency key (subscription and period) makes a retried job charge once.
   */
  async renew(payload: PeriodJobPayload): Promise<void> {
    const s = await this.reads.subscription(payload.subscriptionId);
    if (!s || s.status !== 'active' || s.current_period_end !== payload.periodEnd || !s.provider_mandate_id || !s.provider_customer_id) return;
    const product = productById(s.product_id);
    if (!product) return;
    const paymentId = uuidv7();
    const created = await this.provider.createRecurringPayment({
      paymentId,
      idempotencyKey: `renew-${s.id}-${s.current_period_end}`,
      subscriptionId: s.id,
      userId: s.user_id,
      amountCents: product.priceCents,
      description: product.name,
      webhookUrl: this.webhookUrl(),
      customerId: s.provider_customer_id,
      mandateId: s.provider_mandate_id,
    });
    await this.uow.run(async (tx) => {
      const repo = new ShopRepository(tx);
      const at = new Date().toISOString();
      const inserted = await repo.insertPaymentOnce({
        id: paymentId,
        user_id: s.user_id,
        order_id: null,
        subscription_id: s.id,
        provider: this.provider.name,
        provider_payment_id: created.providerPaymentId,
        sequence_type: 'recurring',
        amount_cents: product.priceCents,
        currency: CURRENCY,
        status: 'open',
        checkout_url: null,
        paid_at: null,
        created_at: at,
        updated_at: at,
      });
      if (inserted) {
        await repo.history({ entity_type: 'payment', entity_id: paymentId, user_id: s.user_id, from_status: null, to_status: 'open', source: 'renewal' });
      }
    });
  }

  // ---------------------------------------------------------------- built-in test checkout

  private testProvider(): TestCheckoutProvider {
    if (!this.testCheckout) throw new AppError('not_found', 'De testbetaling is niet beschikbaar.');
    return this.testCheckout;
  }

  /** A test payment of hers, for the test checkout page. */
  async testPayment(userId: string, providerPaymentId: string): Promise<TestPayment> {
    const provider = this.testProvider();
    const ours = await this.reads.paymentByProviderId('test', providerPaymentId);
    const theirs = await provider.find(providerPaymentId);
    if (!ours || ours.user_id !== userId || !theirs) throw paymentNotFound();
    return { id: theirs.id, description: theirs.description, amountCents: theirs.amount_cents, status: theirs.status, redirectUrl: theirs.redirect_url };
  }

  /**
   * The tester's choice on the test checkout: the provider's side changes, then the same webhook
   * path as Mollie's applies it (in one transaction, so the return page sees it at once).
   */
  async settleTestPayment(userId: string, providerPaymentId: string, body: TestCheckoutBody): Promise<TestPayment> {
    const provider = this.testProvider();
    return this.uow.run(async () => {
      const ours = await new ShopRepository(this.uow.executor).paymentByProviderId('test', providerPaymentId);
      if (!ours || ours.user_id !== userId) throw paymentNotFound();
      if (!(await provider.settle(providerPaymentId, body.status))) {
        throw new AppError('payment_final', 'Deze betaling is al afgerond en kan niet meer veranderen.');
      }
      await this.handleWebhook('test', providerPaymentId);
      const theirs = (await provider.find(providerPaymentId))!;
      return { id: theirs.id, description: theirs.description, amountCents: theirs.amount_cents, status: theirs.status, redirectUrl: theirs.redirect_url };
    });
  }
}
