// Tables of push preferences and subscriptions.
// Owner: apps/api/src/push. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** What a student wants to be reminded of by push (issue 11); defaults off. */
export interface PushPreferencesTable {
  user_id: string;
  daily_enabled: number;
  /** local time in Europe/Amsterdam, HH:MM */
  daily_time: string;
  /** ISO weekdays 1 (Monday) to 7 (Sunday), comma separated */
  daily_days: string;
  flashcards_due: number;
  subject_news: number;
  updated_at: string;
}

/** One browser's Web Push subscription. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** the signed-in device (devices.id) that subscribed; null for rows from before migration 0012 */
  device_id: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string;
  created_at: string;
  last_success_at: string | null;
}

/** The tables owned by push: their names as Kysely sees them. */
export interface PushTables {
  push_preferences: PushPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
}
