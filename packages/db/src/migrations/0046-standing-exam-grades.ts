import type { Kysely } from 'kysely';

/**
 * Issue 39, one read model for where she stands (decision 047, addendum): Voortgang's grade per
 * chapter of each mock exam, kept as counts per student, subject, exam and chapter (her answers
 * right and partly right, and the chapter's questions that count), written in the transaction that
 * closes the exam (and again when she assesses an open answer after it). Owned by the standing
 * feature. Every build of 0044 is forgotten: each student's next read of Voortgang counts her
 * practice and her closed mock exams once from her history.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('standing_exam_grades')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('exam_id', 'text', (c) => c.notNull())
    .addColumn('chapter_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('partial', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('standing_exam_grades_pk', ['user_id', 'subject_id', 'exam_id', 'chapter_id'])
    .execute();
  // a subject removed cascades here without a scan
  await db.schema.createIndex('standing_exam_grades_subject_idx').on('standing_exam_grades').column('subject_id').execute();
  // the builds of 0044 counted practice only: built again, with the mock exams, on her next read
  await db.deleteFrom('standing_builds').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('standing_exam_grades').execute();
  // the counts of practice alone are built again as well
  await db.deleteFrom('standing_builds').execute();
}
