import type { Kysely } from 'kysely';

/**
 * Issue 27, mock exams (decision 022): a timed exam over every chapter of a subject, and its drawn
 * questions with her answers. Owned by apps/api/src/mockexam.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mock_exams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addColumn('time_limit_seconds', 'integer', (c) => c.notNull())
    .addColumn('answer_seed', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('deadline_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('score', 'integer')
    .execute();
  await db.schema.createIndex('mock_exams_user_subject_idx').on('mock_exams').columns(['user_id', 'subject_id', 'started_at']).execute();
  await db.schema.createIndex('mock_exams_subject_idx').on('mock_exams').column('subject_id').execute();

  await db.schema
    .createTable('mock_exam_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('exam_id', 'text', (c) => c.notNull().references('mock_exams.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('chapter_id', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('answer_ids', 'text')
    .addColumn('answered_at', 'text')
    .addUniqueConstraint('mock_exam_questions_position_uq', ['exam_id', 'position'])
    .execute();
  await db.schema.createIndex('mock_exam_questions_question_idx').on('mock_exam_questions').column('question_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mock_exam_questions').execute();
  await db.schema.dropTable('mock_exams').execute();
}
