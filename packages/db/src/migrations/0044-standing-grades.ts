import type { Kysely } from 'kysely';

/**
 * Issue 39, one read model for where she stands (decision 047): Voortgang's grade per chapter of
 * each practice session, kept as counts per student, subject, session and chapter (her answers
 * right, partly right and wrong), added to in each answer's transaction; and `standing_builds`, the
 * subjects whose counts were built from her history (the lazy backfill of students from before).
 * Owned by the standing feature. The progress page reads these rows instead of all her answers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('standing_grades')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('chapter_id', 'text', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('partial', 'integer', (c) => c.notNull())
    .addColumn('answered', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('standing_grades_pk', ['user_id', 'subject_id', 'session_id', 'chapter_id'])
    .execute();
  // a subject removed cascades here without a scan
  await db.schema.createIndex('standing_grades_subject_idx').on('standing_grades').column('subject_id').execute();
  await db.schema
    .createTable('standing_builds')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('built_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('standing_builds_pk', ['user_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('standing_builds_subject_idx').on('standing_builds').column('subject_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('standing_builds').execute();
  await db.schema.dropTable('standing_grades').execute();
}
