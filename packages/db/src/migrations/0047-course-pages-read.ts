import type { Kysely } from 'kysely';

/**
 * Issue 41, her reading in her own PDFs feeds the plan (decision 039's addendum): the pages of a
 * file she read, one row per page, kept the first time the viewer reports it. Owned by the courses
 * feature. Goes with the file (and so with the course) and with her account; the primary key leads
 * with the file (a file's pages read), her id has its own index (her account deleted).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('course_pages_read')
    .addColumn('file_id', 'text', (c) => c.notNull().references('course_files.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_pages_read_pk', ['file_id', 'page'])
    .execute();
  await db.schema.createIndex('course_pages_read_user_idx').on('course_pages_read').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('course_pages_read').execute();
}
