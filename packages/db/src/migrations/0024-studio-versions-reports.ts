import type { Kysely } from 'kysely';

/**
 * Issue 29, decision 029. A question's `answer_version` grows when a release (or an import) changes
 * its correct answer; an answer keeps the version it was given on, so an answer to an earlier
 * version is told apart and left out of the grade. Null: answered before versions existed, or not
 * answered; it counts as given on the question's current version.
 * `studio_reports`: "Meld een fout", a student's report of a mistake in a question or a chapter,
 * in the studio's inbox of its subject until an author marks it handled.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('answer_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('session_questions').addColumn('answer_version', 'integer').execute();

  await db.schema
    .createTable('studio_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    // 'question' or 'chapter'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    // the question's text or the chapter's title when she reported it: the context survives a removal
    .addColumn('item_title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // 'open' or 'handled'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('handled_by', 'text')
    .addColumn('handled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studio_reports_subject_idx').on('studio_reports').columns(['subject_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('studio_reports_user_idx').on('studio_reports').columns(['user_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('studio_reports').execute();
  await db.schema.alterTable('session_questions').dropColumn('answer_version').execute();
  await db.schema.alterTable('questions').dropColumn('answer_version').execute();
}
