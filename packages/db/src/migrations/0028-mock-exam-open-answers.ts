import type { Kysely } from 'kysely';

/**
 * Issue 27, open questions in a mock exam (decision 022). `text_answer`: her written answer to an
 * open question; `assessed_at`: when she marked it herself as right or wrong after handing in (its
 * status goes from 4, awaiting her assessment, to 1 or 0). Both null for a multiple-choice question.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mock_exam_questions').addColumn('text_answer', 'text').execute();
  await db.schema.alterTable('mock_exam_questions').addColumn('assessed_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mock_exam_questions').dropColumn('assessed_at').execute();
  await db.schema.alterTable('mock_exam_questions').dropColumn('text_answer').execute();
}
