import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 40: answer ids that say nothing. Every practice session and mock exam gets a random key of
 * its own (`answer_key`, 32 hex characters); the API names each answer by an HMAC of the content
 * answer id under that key, so the ids are the same on every call and device within the session and
 * different in the next, and the content ids (`<question>-a1`, the right one most of the time) never
 * reach the page. Existing sessions and exams get a key here, from the database's own random source:
 * a session in progress changes its ids once, at this release (a queued answer with the old ids is
 * refused and the page reloads the session).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('question_sessions').addColumn('answer_key', 'text').execute();
  await db.schema.alterTable('mock_exams').addColumn('answer_key', 'text').execute();
  const random =
    db.getExecutor().adapter instanceof PostgresAdapter ? sql`replace(gen_random_uuid()::text, '-', '')` : sql`lower(hex(randomblob(16)))`;
  await db.updateTable('question_sessions').set({ answer_key: random }).where('answer_key', 'is', null).execute();
  await db.updateTable('mock_exams').set({ answer_key: random }).where('answer_key', 'is', null).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mock_exams').dropColumn('answer_key').execute();
  await db.schema.alterTable('question_sessions').dropColumn('answer_key').execute();
}
