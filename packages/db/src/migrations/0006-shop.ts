import type { Kysely } from 'kysely';

/**
 * Shop (issue 10, decision record "shop and payments"): orders, payments, Premium subscriptions,
 * the state history of all three, and the "remote" side of the built-in test checkout (the
 * provider's own records, kept in the database so that every API process sees them).
 * Amounts are integer euro cents; statuses are text; timestamps ISO text.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // open | paid | failed | canceled | expired
    .addColumn('status', 'text', (c) => c.notNull())
    // mollie | test
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_customer_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    // the order whose first payment started it
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // active | canceled | ended
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_customer_id', 'text')
    // the mandate the first payment created; renewals are charged on it
    .addColumn('provider_mandate_id', 'text')
    .addColumn('current_period_start', 'text', (c) => c.notNull())
    .addColumn('current_period_end', 'text', (c) => c.notNull())
    .addColumn('canceled_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('subscriptions_order_uq', ['order_id'])
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the order of a first payment; null for renewals
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('cascade'))
    // the subscription a renewal pays for (set on first payments once paid)
    .addColumn('subscription_id', 'text', (c) => c.references('subscriptions.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    // first | recurring
    .addColumn('sequence_type', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // open | pending | authorized | paid | failed | canceled | expired
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('checkout_url', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payments_provider_payment_uq', ['provider', 'provider_payment_id'])
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').column('order_id').execute();
  await db.schema.createIndex('payments_subscription_idx').on('payments').column('subscription_id').execute();

  await db.schema
    .createTable('shop_state_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // order | payment | subscription
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    // checkout | webhook | cancel | period-end | renewal
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shop_state_history_entity_idx').on('shop_state_history').columns(['entity_type', 'entity_id', 'created_at']).execute();

  await db.schema
    .createTable('test_checkout_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text', (c) => c.notNull())
    // JSON object
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('sequence_type', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('mandate_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_checkout_payments').execute();
  await db.schema.dropTable('shop_state_history').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('orders').execute();
}
