import type { Kysely } from 'kysely';

/**
 * Issue 26, answer order (decision 006): a session shows the answers of a SELECT question in an
 * order of its own, derived from a seed stored with the session; authors pin answers whose
 * position matters ("Alle bovenstaande"). Sessions from before keep a null seed: their questions
 * keep the written order, so a run in progress never changes its letters.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('question_sessions').addColumn('answer_seed', 'integer').execute();
  await db.schema.alterTable('answers').addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('answers').dropColumn('pinned').execute();
  await db.schema.alterTable('question_sessions').dropColumn('answer_seed').execute();
}
