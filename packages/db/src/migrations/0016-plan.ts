import type { Kysely } from 'kysely';

/**
 * Issue 27, exam-ready (decision 021): her exam date per subject, the per-chapter aggregates that
 * readiness and the day's plan are computed from (kept current in the transaction of every answer,
 * rating and read), the latest state per question and card they were built from, what she did per
 * day, the day's plan as first computed, and which subjects were rebuilt from her history.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('exam_plans')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('exam_date', 'text')
    .addColumn('minutes_per_day', 'integer')
    .addColumn('study_days', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_plans_pk', ['user_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('exam_plans_subject_idx').on('exam_plans').column('subject_id').execute();

  await db.schema
    .createTable('plan_chapter_stats')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chapter_id', 'text', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('question_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('questions_answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('questions_correct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cards_known', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cards_unknown', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_chapter_stats_pk', ['user_id', 'chapter_id'])
    .execute();
  await db.schema.createIndex('plan_chapter_stats_subject_idx').on('plan_chapter_stats').columns(['user_id', 'subject_id']).execute();
  await db.schema.createIndex('plan_chapter_stats_chapter_idx').on('plan_chapter_stats').column('chapter_id').execute();

  await db.schema
    .createTable('plan_marks')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('chapter_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('previous_state', 'integer')
    .addColumn('stability', 'real')
    .addColumn('last_review', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_marks_pk', ['user_id', 'kind', 'item_id'])
    .execute();
  await db.schema.createIndex('plan_marks_subject_idx').on('plan_marks').columns(['user_id', 'subject_id', 'kind']).execute();

  await db.schema
    .createTable('plan_activity')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('chapter_id', 'text', (c) => c.notNull())
    .addColumn('questions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cards', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_activity_pk', ['user_id', 'subject_id', 'date', 'chapter_id'])
    .execute();

  await db.schema
    .createTable('plan_days')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_days_pk', ['user_id', 'subject_id', 'date'])
    .execute();

  await db.schema
    .createTable('plan_rebuilds')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('rebuilt_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_rebuilds_pk', ['user_id', 'subject_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['plan_rebuilds', 'plan_days', 'plan_activity', 'plan_marks', 'plan_chapter_stats', 'exam_plans']) {
    await db.schema.dropTable(t).execute();
  }
}
