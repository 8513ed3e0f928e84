import type { Kysely } from 'kysely';

/**
 * Practice-question sessions: one row per run through a question list (or several lists of one
 * subject), and one row per question in that run with the student's answer and its status.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('question_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    // null when the session practises several lists of the subject
    .addColumn('question_list_id', 'text', (c) => c.references('question_lists.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('show_answers', 'integer', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('current_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('review_index', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('question_sessions_user_list_idx').on('question_sessions').columns(['user_id', 'question_list_id', 'created_at']).execute();
  await db.schema.createIndex('question_sessions_user_updated_idx').on('question_sessions').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .createTable('session_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('question_sessions.id').onDelete('cascade'))
    .addColumn('question_index', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    // -1 not answered yet, 0 wrong, 1 correct, 2 partially correct, 3 skipped, 4 review
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(-1))
    // JSON array of the picked answer ids (SELECT)
    .addColumn('answer_ids', 'text')
    .addColumn('text_answer', 'text')
    .addColumn('answered_at', 'text')
    .addUniqueConstraint('session_questions_position_uq', ['session_id', 'question_index'])
    .execute();
  await db.schema.createIndex('session_questions_question_idx').on('session_questions').column('question_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('session_questions').execute();
  await db.schema.dropTable('question_sessions').execute();
}
