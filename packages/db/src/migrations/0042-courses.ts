import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Issue 41, her own courses ("Eigen vak", decision 039): the course, the PDFs she uploads to it
 * (their bytes in chunks of at most 256 KB, so a file is written and read as a stream and
 * several API processes over PostgreSQL serve the same file), and each page's text for search.
 * A chunk's column is a BLOB on SQLite and bytea on PostgreSQL: the one column type each stores
 * as raw bytes. Every foreign key leads an index; a course's files, chunks and pages go with it,
 * and all of them with her account.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bytesType = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('period', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('exam_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('courses_user_idx').on('courses').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('course_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull())
    .addColumn('chunk_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('course_files_course_idx').on('course_files').columns(['course_id', 'created_at']).execute();
  await db.schema.createIndex('course_files_user_idx').on('course_files').column('user_id').execute();

  await db.schema
    .createTable('course_file_chunks')
    .addColumn('file_id', 'text', (c) => c.notNull().references('course_files.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('data', bytesType, (c) => c.notNull())
    .addPrimaryKeyConstraint('course_file_chunks_pk', ['file_id', 'idx'])
    .execute();

  await db.schema
    .createTable('course_file_pages')
    .addColumn('file_id', 'text', (c) => c.notNull().references('course_files.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_file_pages_pk', ['file_id', 'page'])
    .execute();
  await db.schema.createIndex('course_file_pages_user_idx').on('course_file_pages').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['course_file_pages', 'course_file_chunks', 'course_files', 'courses']) await db.schema.dropTable(table).execute();
}
