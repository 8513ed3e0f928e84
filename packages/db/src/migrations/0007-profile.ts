import type { Kysely } from 'kysely';

/**
 * Profile, push reminders and password reset (issue 11, decision record "profile, push and
 * reset"): profile pictures, push preferences and per-device push subscriptions, single-use
 * password reset tokens, and the mail outbox. Every row belongs to a user and goes with her
 * (ON DELETE CASCADE). Works unchanged on SQLite and PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('profile_pictures')
    // unguessable id, part of the public URL; a new upload gets a new id (cache busting)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('mime', 'text', (c) => c.notNull())
    // the re-encoded picture (at most a few tens of kB), base64
    .addColumn('data_base64', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('push_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('daily_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    // local time in Europe/Amsterdam, HH:MM
    .addColumn('daily_time', 'text', (c) => c.notNull())
    // ISO weekdays 1 (Monday) to 7 (Sunday), comma separated
    .addColumn('daily_days', 'text', (c) => c.notNull())
    .addColumn('flashcards_due', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subject_news', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_preferences_daily_idx').on('push_preferences').column('daily_enabled').execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // one row per browser: the push service's endpoint URL
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // SHA-256 of the token; the token itself only travels in the mail
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_idx').on('password_reset_tokens').column('user_id').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // cleared once sent: a reset link must not outlive its delivery in the database
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    // 'smtp' or 'outbox' (written to the outbox folder)
    .addColumn('transport', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_user_idx').on('mail_outbox').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('push_preferences').execute();
  await db.schema.dropTable('profile_pictures').execute();
}
