import type { PaymentProviderName, PaymentStatus } from '@blok/contract';

/** What the shop asks a provider to charge; amounts are set by the server, never by the client. */
export interface FirstPaymentRequest {
  /** our payment id, sent as metadata and used as the provider's idempotency key */
  paymentId: string;
  orderId: string;
  userId: string;
  email: string;
  amountCents: number;
  description: string;
  redirectUrl: string;
  webhookUrl: string;
  /** the provider's customer of an earlier order of this user, if any */
  customerId: string | null;
}

export interface RecurringPaymentRequest {
  paymentId: string;
  /** the same for every attempt to charge one period: a retried job charges once */
  idempotencyKey: string;
  subscriptionId: string;
  userId: string;
  amountCents: number;
  description: string;
  webhookUrl: string;
  customerId: string;
  mandateId: string;
}

export interface CreatedPayment {
  providerPaymentId: string;
  status: PaymentStatus;
  /** where the student pays (first payments); null for recurring payments */
  checkoutUrl: string | null;
  customerId: string | null;
}

/** A payment as the provider knows it: the only source of its status. */
export interface ProviderPayment {
  providerPaymentId: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** our payment id from the metadata we sent */
  paymentId: string | null;
  customerId: string | null;
  /** set once a first payment is paid with a method that allows recurring charges */
  mandateId: string | null;
}

/**
 * A payment provider (decision record "shop and payments"): Mollie when MOLLIE_API_KEY is set,
 * the built-in test checkout otherwise. Both drive the same webhook path: the provider tells us
 * a payment id, we fetch the payment from the provider and apply its status.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createFirstPayment(request: FirstPaymentRequest): Promise<CreatedPayment>;
  createRecurringPayment(request: RecurringPaymentRequest): Promise<CreatedPayment>;
  /** the payment as the provider knows it now; null when the provider does not know the id */
  getPayment(providerPaymentId: string): Promise<ProviderPayment | null>;
}

/** The provider could not be reached or refused the request. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}
