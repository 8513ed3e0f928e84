import type { Kysely } from 'kysely';

/**
 * Issue 41, her own questions: the practice questions she writes in a course of her own (multiple
 * choice, typed, numeric, ordering, matching), their key as the content format's fields in JSON, and
 * her latest answer's verdict, so a course's practice knows what is right and what is wrong. Owned by
 * apps/api/src/course-questions; deleted with the course and with her account.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('course_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('key_json', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_status', 'integer')
    .addColumn('answered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // a course's questions in order, and a course deleted, without a scan
  await db.schema.createIndex('course_questions_course_idx').on('course_questions').columns(['course_id', 'created_at']).execute();
  // her account deleted
  await db.schema.createIndex('course_questions_user_idx').on('course_questions').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('course_questions').execute();
}
