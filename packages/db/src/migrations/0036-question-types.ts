import type { Kysely } from 'kysely';

/**
 * Issue 40, question types beyond multiple choice: typed answer, numeric, ordering, matching and
 * cloze. `questions.spec` holds such a question's key and items as JSON (@blok/domain/question-types
 * QuestionSpec, written by the content importer); null for SELECT and OPEN, whose answers stay rows of
 * `answers`. Her answer uses the columns a session row already has: `text_answer` (typed, numeric; a
 * JSON array of the gaps' texts for a cloze) and `answer_ids` (item ids in her order, or the
 * matching's "left=right" pairs), in content ids, as for a choice.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('spec', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').dropColumn('spec').execute();
}
