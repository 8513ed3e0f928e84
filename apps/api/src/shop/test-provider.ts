import { createHash } from 'node:crypto';
import { uuidv7, type Executor, type TestCheckoutPaymentsTable } from '@blok/db';
import type { PaymentStatus } from '@blok/contract';
import { CURRENCY } from './products.ts';
import type { CreatedPayment, FirstPaymentRequest, PaymentProvider, ProviderPayment, RecurringPaymentRequest } from './provider.ts';

/** The web app's page of the built-in test checkout. */
export const testCheckoutPath = (id: string) => `/shop/test-checkout/${encodeURIComponent(id)}`;

const compactId = () => uuidv7().replace(/-/g, '');
const now = () => new Date().toISOString();

/**
 * The built-in test checkout: a payment provider that lives in our own database (so every API
 * process sees the same payments), with a page where the tester chooses the outcome. It keeps
 * the provider's side apart from ours: the shop learns a status only by fetching the payment,
 * exactly as with Mollie. A paid first payment creates a (test) mandate; recurring payments start
 * open and are settled on the same page.
 */
export class TestCheckoutProvider implements PaymentProvider {
  readonly name = 'test' as const;

  /** @param executor the ambient transaction or the database (UnitOfWork.executor) */
  constructor(private readonly executor: () => Executor) {}

  async createFirstPayment(r: FirstPaymentRequest): Promise<CreatedPayment> {
    const id = `tp_${compactId()}`;
    const customerId = r.customerId ?? `tc_${compactId()}`;
    await this.insert({
      id,
      amount_cents: r.amountCents,
      description: r.description,
      redirect_url: r.redirectUrl,
      webhook_url: r.webhookUrl,
      metadata: JSON.stringify({ paymentId: r.paymentId, orderId: r.orderId, userId: r.userId }),
      sequence_type: 'first',
      customer_id: customerId,
    });
    return { providerPaymentId: id, status: 'open', checkoutUrl: testCheckoutPath(id), customerId };
  }

  async createRecurringPayment(r: RecurringPaymentRequest): Promise<CreatedPayment> {
    // Like Mollie's idempotency key: the same key gives the same payment.
    const id = `tp_${createHash('sha256').update(r.idempotencyKey).digest('hex').slice(0, 32)}`;
    if (await this.find(id)) return { providerPaymentId: id, status: 'open', checkoutUrl: null, customerId: r.customerId };
    await this.insert({
      id,
      amount_cents: r.amountCents,
      description: r.description,
      redirect_url: '',
      webhook_url: r.webhookUrl,
      metadata: JSON.stringify({ paymentId: r.paymentId, subscriptionId: r.subscriptionId, userId: r.userId }),
      sequence_type: 'recurring',
      customer_id: r.customerId,
      mandate_id: r.mandateId,
    });
    return { providerPaymentId: id, status: 'open', checkoutUrl: null, customerId: r.customerId };
  }

  async getPayment(providerPaymentId: string): Promise<ProviderPayment | null> {
    const row = await this.find(providerPaymentId);
    if (!row) return null;
    let paymentId: string | null = null;
    try {
      const meta = JSON.parse(row.metadata) as { paymentId?: unknown };
      if (typeof meta.paymentId === 'string') paymentId = meta.paymentId;
    } catch {
      paymentId = null;
    }
    return {
      providerPaymentId: row.id,
      status: row.status,
      amountCents: row.amount_cents,
      currency: row.currency,
      paymentId,
      customerId: row.customer_id,
      mandateId: row.mandate_id,
    };
  }

  /** The provider's record of a test payment (for its checkout page). */
  find(id: string): Promise<TestCheckoutPaymentsTable | undefined> {
    return this.executor().selectFrom('test_checkout_payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The tester's choice on the checkout page. Like a real provider, a final payment never
   * changes again (false then); a paid first payment gets a mandate for renewals.
   */
  async settle(id: string, status: PaymentStatus): Promise<boolean> {
    const row = await this.find(id);
    if (!row || ['paid', 'failed', 'canceled', 'expired'].includes(row.status)) return false;
    const mandate = status === 'paid' && row.sequence_type === 'first' ? `tm_${compactId()}` : row.mandate_id;
    await this.executor()
      .updateTable('test_checkout_payments')
      .set({ status, mandate_id: mandate, updated_at: now() })
      .where('id', '=', id)
      .where('status', '=', row.status)
      .execute();
    return true;
  }

  private async insert(
    values: Omit<TestCheckoutPaymentsTable, 'currency' | 'status' | 'created_at' | 'updated_at' | 'customer_id' | 'mandate_id'> &
      Partial<Pick<TestCheckoutPaymentsTable, 'customer_id' | 'mandate_id'>>,
  ): Promise<void> {
    const at = now();
    await this.executor()
      .insertInto('test_checkout_payments')
      .values({ customer_id: null, mandate_id: null, ...values, currency: CURRENCY, status: 'open', created_at: at, updated_at: at })
      .execute();
  }
}
