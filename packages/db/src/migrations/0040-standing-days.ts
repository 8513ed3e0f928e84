import type { Kysely } from 'kysely';

/**
 * Issue 39: her expected grade over time. `standing_days` keeps per student, subject and her local
 * date the expected grade (with its 80 % range) after her last graded answer of that day, written in
 * that answer's transaction; Voortgang draws it. Owned by the plan.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('standing_days')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('grade', 'real', (c) => c.notNull())
    .addColumn('low', 'real', (c) => c.notNull())
    .addColumn('high', 'real', (c) => c.notNull())
    .addColumn('graded_answers', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('standing_days_pk', ['user_id', 'subject_id', 'date'])
    .execute();
  // a subject removed cascades here without a scan
  await db.schema.createIndex('standing_days_subject_idx').on('standing_days').column('subject_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('standing_days').execute();
}
