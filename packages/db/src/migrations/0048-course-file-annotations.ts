import type { Kysely } from 'kysely';

/**
 * Issue 41, working in her PDF like in a chapter: her highlights and notes on a page of a PDF of one
 * of her courses, anchored by page, quote with its context, and where it was in the page's text
 * layer (decision 039's addendum, in the way of decision 025). Owned by the annotations feature. A
 * highlight goes with its file, its course and her account (foreign keys with `on delete cascade`);
 * every foreign key leads an index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('course_file_annotations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('course_files.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('quote_exact', 'text', (c) => c.notNull())
    .addColumn('quote_prefix', 'text', (c) => c.notNull())
    .addColumn('quote_suffix', 'text', (c) => c.notNull())
    .addColumn('position_start', 'integer', (c) => c.notNull())
    .addColumn('position_end', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // 'Mijn markeringen' of a course: by file and page
  await db.schema.createIndex('course_file_annotations_course_idx').on('course_file_annotations').columns(['course_id', 'file_id', 'page']).execute();
  await db.schema.createIndex('course_file_annotations_file_idx').on('course_file_annotations').column('file_id').execute();
  await db.schema.createIndex('course_file_annotations_user_idx').on('course_file_annotations').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('course_file_annotations').execute();
}
