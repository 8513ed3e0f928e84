import type { Kysely } from 'kysely';

/**
 * Issue 25, item 2 (decision 016): a push subscription knows the signed-in device it came from, so
 * that a device keeps only its newest few. Rows from before have none (null): they count towards
 * the student's limit only.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').addColumn('device_id', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').dropColumn('device_id').execute();
}
