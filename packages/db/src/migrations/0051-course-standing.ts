import type { Kysely } from 'kysely';

/**
 * Issue 41, where she stands in a course of her own (decision 049), and a course's own time.
 *
 * `course_marks` (owned by the standing feature): her latest answer per own question and per card of
 * a course's sets, as evidence (decision 035: `source`, `score`, and when), kept from
 * `course-question.answered` and `own-card.judged` in the answer's transaction. Goes with her account
 * (foreign key); with a course through `course.deleted` (the standing drops the course's rows).
 *
 * `courses.minutes_per_day` and `courses.study_days` (owned by the courses feature): the minutes per
 * day and study days she gave the course's exam plan; null: none, the course shares her day's time
 * as before (decision 039's addendum).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('course_marks')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('score', 'real', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('answered_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_marks_pk', ['user_id', 'kind', 'item_id'])
    .execute();
  // a course's marks (her readiness of it), and a course deleted, without a scan
  await db.schema.createIndex('course_marks_course_idx').on('course_marks').columns(['course_id', 'user_id']).execute();
  await db.schema.alterTable('courses').addColumn('minutes_per_day', 'integer').execute();
  await db.schema.alterTable('courses').addColumn('study_days', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('courses').dropColumn('study_days').execute();
  await db.schema.alterTable('courses').dropColumn('minutes_per_day').execute();
  await db.schema.dropTable('course_marks').execute();
}
