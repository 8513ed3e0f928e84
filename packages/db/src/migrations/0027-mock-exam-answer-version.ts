import type { Kysely } from 'kysely';

/**
 * Issue 29, decision 029. A mock exam's answer keeps the question's `answer_version` it was given
 * on, as a practice answer does (0024): an answer to a question whose correct answer changed since
 * is left out of the exam's grade. Null: not answered, or answered before this migration; it counts
 * as given on the question's current version.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mock_exam_questions').addColumn('answer_version', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mock_exam_questions').dropColumn('answer_version').execute();
}
