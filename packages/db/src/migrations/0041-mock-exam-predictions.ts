import type { Kysely } from 'kysely';

/**
 * Issue 39: is the expected grade honest on real students? When a mock exam closes, the plan keeps
 * what it predicted just before (her expected grade and range, and the summed Brier score of its
 * per-question probabilities) beside the grade she got. The studio's calibration of a subject reads
 * it (editors and admins). Owned by the plan.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mock_exam_predictions')
    .addColumn('exam_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('predicted', 'real', (c) => c.notNull())
    .addColumn('low', 'real', (c) => c.notNull())
    .addColumn('high', 'real', (c) => c.notNull())
    .addColumn('achieved', 'real', (c) => c.notNull())
    .addColumn('graded_before', 'integer', (c) => c.notNull())
    .addColumn('questions', 'integer', (c) => c.notNull())
    .addColumn('brier_sum', 'real', (c) => c.notNull())
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mock_exam_predictions_subject_idx').on('mock_exam_predictions').columns(['subject_id', 'closed_at']).execute();
  // an account deleted cascades here without a scan
  await db.schema.createIndex('mock_exam_predictions_user_idx').on('mock_exam_predictions').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mock_exam_predictions').execute();
}
