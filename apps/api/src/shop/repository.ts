import { uuidv7, type Executor, type OrdersTable, type PaymentsTable, type ShopStateHistoryTable, type SubscriptionsTable } from '@blok/db';
import type { PaymentProviderName, PaymentStatus } from '@blok/contract';

export type OrderRow = OrdersTable;
export type PaymentRow = PaymentsTable;
export type SubscriptionRow = SubscriptionsTable;

/** Orders, payments, subscriptions and their state history; runs on the executor it is given. */
export class ShopRepository {
  constructor(private readonly db: Executor) {}

  async insertOrder(row: OrderRow): Promise<void> {
    await this.db.insertInto('orders').values(row).execute();
  }

  async insertPayment(row: PaymentRow): Promise<void> {
    await this.db.insertInto('payments').values(row).execute();
  }

  /** A payment recorded once per provider payment id; false when it was there already. */
  async insertPaymentOnce(row: PaymentRow): Promise<boolean> {
    const res = await this.db
      .insertInto('payments')
      .values(row)
      .onConflict((oc) => oc.columns(['provider', 'provider_payment_id']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async insertSubscription(row: SubscriptionRow): Promise<void> {
    await this.db.insertInto('subscriptions').values(row).execute();
  }

  async history(entry: Omit<ShopStateHistoryTable, 'id' | 'created_at'>): Promise<void> {
    await this.db
      .insertInto('shop_state_history')
      .values({ id: uuidv7(), created_at: new Date().toISOString(), ...entry })
      .execute();
  }

  historyOf(entityType: ShopStateHistoryTable['entity_type'], entityId: string): Promise<ShopStateHistoryTable[]> {
    return this.db
      .selectFrom('shop_state_history')
      .selectAll()
      .where('entity_type', '=', entityType)
      .where('entity_id', '=', entityId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  orderOfUser(userId: string, orderId: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  }

  order(orderId: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  }

  /** The first payment of an order (an order has exactly one). */
  paymentOfOrder(orderId: string): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('created_at').executeTakeFirst();
  }

  paymentByProviderId(provider: PaymentProviderName, providerPaymentId: string): Promise<PaymentRow | undefined> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_payment_id', '=', providerPaymentId)
      .executeTakeFirst();
  }

  /** Moves a payment from one status to another; false when another process moved it first. */
  async updatePaymentStatus(id: string, from: PaymentStatus, to: PaymentStatus, at: string): Promise<boolean> {
    const res = await this.db
      .updateTable('payments')
      .set({ status: to, updated_at: at, ...(to === 'paid' ? { paid_at: at } : {}) })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async setPaymentSubscription(paymentId: string, subscriptionId: string): Promise<void> {
    await this.db.updateTable('payments').set({ subscription_id: subscriptionId }).where('id', '=', paymentId).execute();
  }

  async updateOrderStatus(id: string, status: OrderRow['status'], at: string): Promise<void> {
    await this.db.updateTable('orders').set({ status, updated_at: at }).where('id', '=', id).execute();
  }

  /** The customer the provider knows this user as (from her latest order with one). */
  async latestCustomerId(userId: string, provider: PaymentProviderName): Promise<string | null> {
    const row = await this.db
      .selectFrom('orders')
      .select('provider_customer_id')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .where('provider_customer_id', 'is not', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row?.provider_customer_id ?? null;
  }

  subscription(id: string): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  subscriptionOfOrder(orderId: string): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  }

  /** Her subscriptions that still give Premium at `at` (active or canceled, period not over). */
  runningSubscriptions(userId: string, at: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['active', 'canceled'])
      .where('current_period_end', '>', at)
      .orderBy('current_period_end', 'desc')
      .execute();
  }

  /** Her latest subscription that has not ended (the one the shop and profile show). */
  currentSubscription(userId: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['active', 'canceled'])
      .orderBy('current_period_end', 'desc')
      .executeTakeFirst();
  }

  async updateSubscription(
    id: string,
    fromStatus: SubscriptionRow['status'],
    changes: Partial<Pick<SubscriptionRow, 'status' | 'current_period_start' | 'current_period_end' | 'canceled_at' | 'ended_at' | 'provider_mandate_id'>>,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('subscriptions')
      .set({ ...changes, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', fromStatus)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
