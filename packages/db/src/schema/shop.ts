// Tables of orders, subscriptions and payments.
// Owner: apps/api/src/shop. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** A purchase of a product: open until its first payment is final (shop, migration 0006). */
export interface OrdersTable {
  id: string;
  user_id: string;
  product_id: string;
  /** euro cents, VAT included; decided by the server */
  amount_cents: number;
  currency: string;
  status: 'open' | 'paid' | 'failed' | 'canceled' | 'expired';
  provider: 'mollie' | 'test';
  provider_customer_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A Premium subscription: Premium lasts until current_period_end. */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  product_id: string;
  order_id: string;
  status: 'active' | 'canceled' | 'ended';
  provider: 'mollie' | 'test';
  provider_customer_id: string | null;
  provider_mandate_id: string | null;
  current_period_start: string;
  current_period_end: string;
  canceled_at: string | null;
  ended_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A payment at the provider: a first payment of an order, or a renewal of a subscription. */
export interface PaymentsTable {
  id: string;
  user_id: string;
  order_id: string | null;
  subscription_id: string | null;
  provider: 'mollie' | 'test';
  provider_payment_id: string;
  sequence_type: 'first' | 'recurring';
  amount_cents: number;
  currency: string;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  checkout_url: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Every status change of an order, payment or subscription. */
export interface ShopStateHistoryTable {
  id: string;
  entity_type: 'order' | 'payment' | 'subscription';
  entity_id: string;
  user_id: string;
  from_status: string | null;
  to_status: string;
  source: string;
  created_at: string;
}

/** The provider side of the built-in test checkout. */
export interface TestCheckoutPaymentsTable {
  id: string;
  amount_cents: number;
  currency: string;
  description: string;
  redirect_url: string;
  webhook_url: string;
  /** JSON object */
  metadata: string;
  sequence_type: 'first' | 'recurring';
  customer_id: string | null;
  mandate_id: string | null;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  created_at: string;
  updated_at: string;
}

/** The tables owned by shop: their names as Kysely sees them. */
export interface ShopTables {
  orders: OrdersTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  shop_state_history: ShopStateHistoryTable;
  test_checkout_payments: TestCheckoutPaymentsTable;
}
