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

  /** Students with the flashcards-due reminder on, a page at a time (keyset on user id). */
  flashcardsDueEnabled(afterUserId: string, limit: number): Promise<PushPreferencesTable[]> {
    return this.db
      .selectFrom('push_preferences')
      .selectAll()
      .where('flashcards_due', '=', 1)
      .where('user_id', '>', afterUserId)
      .orderBy('user_id')
      .limit(limit)
      .execute();
  }

  /**
   * Stores the browser's subscription for this user. An endpoint belongs to one browser: when
   * another account subscribed it before, it moves to the student signed in now.
   */
  async upsertSubscription(userId: string, sub: { endpoint: string; p256dh: string; auth: string; userAgent: string; deviceId: string }): Promise<PushSubscriptionsTable> {
    const row: PushSubscriptionsTable = {
      id: uuidv7(),
      user_id: userId,
      device_id: sub.deviceId,
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      user_agent: sub.userAgent.slice(0, 300),
      created_at: now(),
      last_success_at: null,
    };
    // A subscription sent again counts as new: it is the one the browser holds now.
    await this.db
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ user_id: userId, device_id: sub.deviceId, p256dh: sub.p256dh, auth: sub.auth, user_agent: row.user_agent, created_at: row.created_at }),
      )
      .execute();
    return (await this.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', sub.endpoint).executeTakeFirst())!;
  }

  /**
   * Removes all but the device's `perDevice` newest subscriptions, then all but the student's
   * `perStudent` newest (newest: created or sent again last; ties by id, itself time-ordered).
   */
  async keepNewest(userId: string, deviceId: string, perDevice: number, perStudent: number): Promise<void> {
    const rows = await this.db
      .selectFrom('push_subscriptions')
      .select(['id', 'device_id'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    let ofDevice = 0;
    const kept: string[] = [];
    const removed: string[] = [];
    for (const row of rows) {
      const sameDevice = row.device_id === deviceId;
      if (sameDevice) ofDevice += 1;
      if ((sameDevice && ofDevice > perDevice) || kept.length >= perStudent) removed.push(row.id);
      else kept.push(row.id);
    }
    if (removed.length > 0) await this.db.deleteFrom('push_subscriptions').where('id', 'in', removed).execute();
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
