import { createMollieClient, Locale, MollieApiError, SequenceType, type MollieClient } from '@mollie/api-client';
import { PAYMENT_STATUSES, type PaymentStatus } from '@blok/contract';
import { CURRENCY, centsOf, mollieAmount } from './products.ts';
import { ProviderUnavailableError, type CreatedPayment, type FirstPaymentRequest, type PaymentProvider, type ProviderPayment, type RecurringPaymentRequest } from './provider.ts';

const asStatus = (s: string): PaymentStatus => ((PAYMENT_STATUSES as readonly string[]).includes(s) ? (s as PaymentStatus) : 'open');

const isNotFound = (err: unknown) => err instanceof MollieApiError && (err.statusCode === 404 || err.statusCode === 410);

/**
 * Mollie on the Payments API (not the deprecated Orders API), through the official client.
 * A first payment (sequenceType first) creates a customer's mandate; renewals are recurring
 * payments on that mandate, created by our own job (decision record "shop and payments").
 * Every create carries our payment id as Mollie's idempotency key, so a retried job or request
 * never charges twice.
 */
export class MollieProvider implements PaymentProvider {
  readonly name = 'mollie' as const;
  private readonly client: MollieClient;

  constructor(apiKey: string, options: { apiEndpoint?: string } = {}) {
    this.client = createMollieClient({ apiKey, ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}) });
  }

  async createFirstPayment(r: FirstPaymentRequest): Promise<CreatedPayment> {
    return this.call(async () => {
      const customerId =
        r.customerId ??
        (await this.client.customers.create({ email: r.email, metadata: { userId: r.userId }, idempotencyKey: `customer-${r.paymentId}` })).id;
      const payment = await this.client.payments.create({
        amount: { currency: CURRENCY, value: mollieAmount(r.amountCents) },
        description: r.description,
        redirectUrl: r.redirectUrl,
        webhookUrl: r.webhookUrl,
        metadata: { paymentId: r.paymentId, orderId: r.orderId },
        sequenceType: SequenceType.first,
        customerId,
        locale: Locale.nl_NL,
        idempotencyKey: r.paymentId,
      });
      return { providerPaymentId: payment.id, status: asStatus(payment.status), checkoutUrl: payment.getCheckoutUrl() ?? null, customerId };
    });
  }

  async createRecurringPayment(r: RecurringPaymentRequest): Promise<CreatedPayment> {
    return this.call(async () => {
      const payment = await this.client.payments.create({
        amount: { currency: CURRENCY, value: mollieAmount(r.amountCents) },
        description: r.description,
        webhookUrl: r.webhookUrl,
        metadata: { paymentId: r.paymentId, subscriptionId: r.subscriptionId },
        sequenceType: SequenceType.recurring,
        customerId: r.customerId,
        mandateId: r.mandateId,
        idempotencyKey: r.idempotencyKey,
      });
      return { providerPaymentId: payment.id, status: asStatus(payment.status), checkoutUrl: null, customerId: r.customerId };
    });
  }

  async getPayment(providerPaymentId: string): Promise<ProviderPayment | null> {
    // Mollie payment ids look like tr_WDqYK6vllg; anything else cannot be one (and is not sent on).
    if (!/^tr_[A-Za-z0-9]{1,64}$/.test(providerPaymentId)) return null;
    try {
      const payment = await this.client.payments.get(providerPaymentId);
      const meta = (payment.metadata ?? {}) as { paymentId?: unknown };
      return {
        providerPaymentId: payment.id,
        status: asStatus(payment.status),
        amountCents: centsOf(payment.amount.value),
        currency: payment.amount.currency,
        paymentId: typeof meta.paymentId === 'string' ? meta.paymentId : null,
        customerId: payment.customerId ?? null,
        mandateId: payment.mandateId ?? null,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw new ProviderUnavailableError('Mollie did not answer the payment lookup', { cause: err });
    }
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw new ProviderUnavailableError(err instanceof Error ? err.message : 'Mollie refused the request', { cause: err });
    }
  }
}
