import type { Kysely } from 'kysely';

/**
 * Issue 41, her PDF's first page within 1.5 s of opening it on a phone: pdf.js reads a file's first
 * page in a chain of small reads (its header, the cross-reference table at its end, the page tree,
 * the page, its fonts), each a round trip over the network. The check at upload, which reads the
 * file with pdf.js already, records those byte ranges; the viewer asks them in one response.
 *
 * - `course_files.opening`: the byte ranges pdf.js reads to show the first pages, as
 *   `start-end,start-end` (inclusive, like Content-Range), at most OPENING_MAX_BYTES of them; null
 *   for a file kept before this migration (its opening is then the file's first and last bytes).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('course_files').addColumn('opening', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('course_files').dropColumn('opening').execute();
}
