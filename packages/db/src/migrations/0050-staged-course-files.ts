import { sql, type Kysely } from 'kysely';

/**
 * Issue 41, a PDF's upload staged before its command (decision 039's addendum "An upload staged in
 * short transactions"): a 50 MB upload wrote its 196 chunks and its pages in one transaction, which
 * held SQLite's one connection for about 250 ms. Its chunks, pages and search entries are now
 * written in short transactions first, under a file row that is not ready; the command then makes
 * the file ready in one short transaction.
 *
 * - `course_files.ready`: 1 for a file she has (every file so far), 0 while its upload is staged.
 *   Only ready files are listed, served, read and counted; a staged one's bytes count in her
 *   storage. The partial index finds staged files for the sweep without reading the others.
 * - `search_staged`: the files whose page entries are staged in search_entries and not yet found
 *   (owned by search). Its row goes when the file is ready, or with the entries; her account takes it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('course_files').addColumn('ready', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema
    .createIndex('course_files_staged_idx')
    .on('course_files')
    .column('created_at')
    .where(sql.ref('ready'), '=', 0)
    .execute();

  await db.schema
    .createTable('search_staged')
    .addColumn('ref_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_staged_user_idx').on('search_staged').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_staged').execute();
  await db.schema.dropIndex('course_files_staged_idx').execute();
  await db.schema.alterTable('course_files').dropColumn('ready').execute();
}
