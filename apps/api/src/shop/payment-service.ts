import type { FastifyBaseLogger } from 'fastify';
import { uuidv7, type Executor, type TestCheckoutPaymentsTable } from '@blok/db';
import { isFinalPaymentStatus, type Checkout, type Order, type PaymentStatus, type ProductId, type TestCheckoutBody, type TestPayment } from '@blok/contract';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { CURRENCY, productById } from './products.ts';
import { ProviderUnavailableError, type PaymentProvider, type ProviderPayment } from './provider.ts';
import { ShopRepository, type PaymentRow } from './repository.ts';
import { subscriptionView, type PeriodJobPayload, type ShopAccounts } from './subscription-service.ts';
import type { TestCheckoutProvider } from './test-provider.ts';

export interface PaymentsConfig {
  /** PUBLIC_URL without a trailing slash; '' serves relative links (test checkout only) */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What payments need of the subscription lifecycle: the period a paid payment grants. */
export interface PeriodGrants {
  grant(tx: Executor, payment: PaymentRow, remote: ProviderPayment): Promise<void>;
}

/** Order of a payment's statuses: a webhook never moves a payment back (out-of-order delivery). */
const RANK: Record<PaymentStatus, number> = { open: 0, pending: 1, authorized: 2, paid: 3, failed: 3, canceled: 3, expired: 3 };

const orderNotFound = () => new AppError('not_found', 'Deze bestelling bestaat niet.');
const paymentNotFound = () => new AppError('not_found', 'Deze testbetaling bestaat niet.');
const providerUnavailable = () =>
  new AppError('payment_provider_unavailable', 'De betaalprovider is nu niet bereikbaar. Probeer het over een paar minuten opnieuw.');

/** A payment of the built-in test checkout, as its page shows it. */
function testPaymentView(theirs: TestCheckoutPaymentsTable): TestPayment {
  return { id: theirs.id, description: theirs.description, amountCents: theirs.amount_cents, status: theirs.status, redirectUrl: theirs.redirect_url };
}

/**
 * Payments: checkout through the configured provider, her order for the return page, the webhook
 * that applies a payment's status (always fetched from the provider; a paid one grants a period
 * through the subscription lifecycle in the same transaction), the renewal charge on the mandate,
 * and the built-in test checkout. Every change is one unit of work with its state history.
 */
export class PaymentService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly provider: PaymentProvider,
    private readonly accounts: Pick<ShopAccounts, 'account'>,
    private readonly periods: PeriodGrants,
    private readonly config: PaymentsConfig,
    /** only when the built-in test checkout is the provider */
    private readonly testCheckout: TestCheckoutProvider | null = null,
  ) {}

  private get reads() {
    return new ShopRepository(this.uow.db);
  }

  private webhookUrl(): string {
    return `${this.config.publicUrl}/api/shop/webhooks/${this.provider.name}`;
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
    if (to === 'paid') await this.periods.grant(tx, { ...payment, status: to }, remote);
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
    return testPaymentView(theirs);
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
      return testPaymentView(theirs);
    });
  }
}
