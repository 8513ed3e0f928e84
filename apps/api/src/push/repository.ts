import { uuidv7, type Executor, type PushPreferencesTable, type PushSubscriptionsTable } from '@blok/db';

const now = () => new Date().toISOString();

/** Push preferences and per-device subscriptions. */
export class PushRepository {
  constructor(private readonly db: Executor) {}

  findPreference(userId: string): Promise<PushPreferencesTable | undefined> {
    return this.db.selectFrom('push_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async savePreference(row: Omit<PushPreferencesTable, 'updated_at'>): Promise<void> {
    const values = { ...row, updated_at: now() };
    const { user_id: _userId, ...changes } = values;
    void _userId;
    await this.db
      .insertInto('push_preferences')
      .values(values)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  }

  /** Students with the daily reminder on, by id, a page at a time. */
  dailyEnabled(afterUserId: string, limit: number): Promise<PushPreferencesTable[]> {
    return this.db
      .selectFrom('push_preferences')
      .selectAll()
      .where('daily_enabled', '=', 1)
      .where('user_id', '>', afterUserId)
      .orderBy('user_id')
      .limit(limit)
      .execute();
  }

  /**
   * Stores the browser's subscription for this user. An endpoint belongs to one browser: when
   * another account subscribed it before, it moves to the student signed in now.
   */
  async upsertSubscription(userId: string, sub: { endpoint: string; p256dh: string; auth: string; userAgent: string }): Promise<PushSubscriptionsTable> {
    const row: PushSubscriptionsTable = {
      id: uuidv7(),
      user_id: userId,
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      user_agent: sub.userAgent.slice(0, 300),
      created_at: now(),
      last_success_at: null,
    };
    await this.db
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: sub.p256dh, auth: sub.auth, user_agent: row.user_agent }))
      .execute();
    return (await this.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', sub.endpoint).executeTakeFirst())!;
  }

  subscriptionsOf(userId: string): Promise<PushSubscriptionsTable[]> {
    return this.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  }

  findSubscription(id: string): Promise<PushSubscriptionsTable | undefined> {
    return this.db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async deleteSubscription(id: string, userId?: string): Promise<boolean> {
    let q = this.db.deleteFrom('push_subscriptions').where('id', '=', id);
    if (userId) q = q.where('user_id', '=', userId);
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  async markDelivered(id: string): Promise<void> {
    await this.db.updateTable('push_subscriptions').set({ last_success_at: now() }).where('id', '=', id).execute();
  }
}
