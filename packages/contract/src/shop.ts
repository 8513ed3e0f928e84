import { z } from 'zod/mini';

/*
 * Shop, Premium subscriptions and payments (issue 10).
 *
 * Amounts are integer euro cents including 21 % VAT; the server alone decides them (a client never
 * sends an amount). A payment reaches one of the final statuses paid, failed, canceled or expired;
 * the order follows its first payment. A paid payment grants Premium for one period.
 */

/** The products on sale. Their prices and texts live in one place in the API (shop/products.ts). */
export const PRODUCT_IDS = ['premium-month', 'premium-year'] as const;
export const ProductIdSchema = z.enum(PRODUCT_IDS);
export type ProductId = z.infer<typeof ProductIdSchema>;

/** The VAT rate included in every price (Dutch standard rate). */
export const VAT_PERCENTAGE = 21;

export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** Statuses after which a payment never changes again (Mollie's Payments API). */
export const FINAL_PAYMENT_STATUSES = ['paid', 'failed', 'canceled', 'expired'] as const satisfies readonly PaymentStatus[];
export type FinalPaymentStatus = (typeof FINAL_PAYMENT_STATUSES)[number];
export const isFinalPaymentStatus = (s: PaymentStatus): s is FinalPaymentStatus => (FINAL_PAYMENT_STATUSES as readonly string[]).includes(s);

/** An order is open until its first payment is final, then takes that payment's status. */
export const ORDER_STATUSES = ['open', 'paid', 'failed', 'canceled', 'expired'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/**
 * active: renews at the end of the period; canceled: Premium until the end of the period, no
 * renewal; ended: no Premium any more.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'ended'] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const PaymentProviderNameSchema = z.enum(['mollie', 'test']);
export type PaymentProviderName = z.infer<typeof PaymentProviderNameSchema>;

const Uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'ongeldige id'));

/** A product as the shop shows it. */
export const ProductSchema = z.object({
  id: ProductIdSchema,
  name: z.string(),
  /** price per period in euro cents, VAT included */
  priceCents: z.int().check(z.positive()),
  /** the VAT part of the price in cents */
  vatCents: z.int().check(z.nonnegative()),
  /** length of one period in months */
  intervalMonths: z.int().check(z.positive()),
  /** the price per month in cents (the yearly plan's monthly equivalent) */
  monthlyPriceCents: z.int().check(z.positive()),
  /** what she saves per year against the monthly plan, in cents (0 for the monthly plan) */
  savingCents: z.int().check(z.nonnegative()),
});
export type Product = z.infer<typeof ProductSchema>;

/** Her Premium subscription as the shop and the profile show it. */
export const SubscriptionSchema = z.object({
  id: z.string(),
  productId: ProductIdSchema,
  status: SubscriptionStatusSchema,
  currentPeriodStart: z.string(),
  /** Premium lasts until this moment (ISO) */
  currentPeriodEnd: z.string(),
  canceledAt: z.nullable(z.string()),
  /** true when a new period is charged at the end of this one */
  renews: z.boolean(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** GET /api/shop: the products, her subscription (latest not ended, or null) and the provider. */
export const ShopSchema = z.object({
  products: z.array(ProductSchema),
  subscription: z.nullable(SubscriptionSchema),
  hasSubscription: z.boolean(),
  /** test: the built-in test checkout is used, no real money moves */
  provider: PaymentProviderNameSchema,
});
export type Shop = z.infer<typeof ShopSchema>;

/** POST /api/shop/checkout: she chooses a product; the price comes from the server. */
export const CheckoutBodySchema = z.strictObject({ productId: ProductIdSchema });
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

/** Answer to a checkout: where to pay, and the order the return page polls. */
export const CheckoutSchema = z.object({
  orderId: z.string(),
  /** the provider's hosted checkout (Mollie) or the built-in test checkout page (a path) */
  checkoutUrl: z.string(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

export const OrderParamsSchema = z.object({ id: Uuid });

/** An order as the return page polls it. */
export const OrderSchema = z.object({
  id: z.string(),
  productId: ProductIdSchema,
  amountCents: z.int().check(z.positive()),
  status: OrderStatusSchema,
  /** the status of the order's payment (pending while a bank transfer or direct debit settles) */
  paymentStatus: PaymentStatusSchema,
  createdAt: z.string(),
  /** the subscription the paid order granted (null until paid) */
  subscription: z.nullable(SubscriptionSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/** POST /api/shop/webhooks/{provider}: the provider sends only the payment id, as form data. */
export const WebhookParamsSchema = z.object({ provider: PaymentProviderNameSchema });
export const WebhookBodySchema = z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) });
export const WebhookAckSchema = z.object({ received: z.literal(true) });

/** Test checkout payment ids (tp_ followed by a UUIDv7 without dashes). */
export const TestPaymentIdSchema = z.string().check(z.regex(/^tp_[0-9a-f]{32}$/, 'ongeldige betaling'));
export const TestPaymentParamsSchema = z.object({ id: TestPaymentIdSchema });

/** A payment of the built-in test checkout, as its page shows it. */
export const TestPaymentSchema = z.object({
  id: z.string(),
  description: z.string(),
  amountCents: z.int().check(z.positive()),
  status: PaymentStatusSchema,
  /** where the page sends her after her choice (the return page) */
  redirectUrl: z.string(),
});
export type TestPayment = z.infer<typeof TestPaymentSchema>;

/** The outcomes a tester can choose on the test checkout. */
export const TEST_CHECKOUT_OUTCOMES = ['paid', 'failed', 'canceled', 'expired', 'open'] as const;
export const TestCheckoutBodySchema = z.strictObject({ status: z.enum(TEST_CHECKOUT_OUTCOMES) });
export type TestCheckoutBody = z.infer<typeof TestCheckoutBodySchema>;
