import type { FastifyBaseLogger } from 'fastify';
import { uuidv7, type Executor } from '@blok/db';
import type { PaymentProviderName, ProductId, Shop, Subscription } from '@blok/contract';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { addMonths, productById, productViews } from './products.ts';
import type { ProviderPayment } from './provider.ts';
import { ShopRepository, type PaymentRow, type SubscriptionRow } from './repository.ts';

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

const DAY_MS = 86_400_000;

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
 * What the shop needs of the account (its owner, decision 020): her address for the provider, and
 * the Premium flag every premium check reads, kept in step with her subscriptions.
 */
export interface ShopAccounts {
  account(executor: Executor, userId: string): Promise<{ id: string; email: string; hasSubscription: boolean } | undefined>;
  setPremium(tx: Executor, userId: string, has: boolean): Promise<void>;
}

export interface SubscriptionsConfig {
  /** the provider that takes the payments, shown on the shop page */
  providerName: PaymentProviderName;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * The subscription lifecycle: the shop page with her subscription, the Premium period a paid
 * payment grants (and the account's Premium flag with it), the jobs of a period, cancel, and the
 * end of a period. Every change is part of a unit of work with its state history; the payments
 * themselves are payment-service.ts's.
 */
export class SubscriptionService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly jobs: JobQueue,
    private readonly accounts: ShopAccounts,
    private readonly config: SubscriptionsConfig,
  ) {}

  private get reads() {
    return new ShopRepository(this.uow.db);
  }

  async overview(userId: string): Promise<Shop> {
    const repo = this.reads;
    const [user, current] = await Promise.all([this.accounts.account(this.uow.db, userId), repo.currentSubscription(userId)]);
    return {
      products: productViews(),
      subscription: current ? subscriptionView(current) : null,
      hasSubscription: user?.hasSubscription === true,
      provider: this.config.providerName,
    };
  }

  /** A paid payment grants one period of Premium, in the transaction that records the payment. */
  async grant(tx: Executor, payment: PaymentRow, remote: ProviderPayment): Promise<void> {
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
}
