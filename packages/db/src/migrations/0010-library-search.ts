import type { Kysely } from 'kysely';

/**
 * Issue 13: search folds accents and case on both dialects. Every subject keeps its title and
 * description folded (lower case, no diacritics) in search_text, written by the content import;
 * the query is folded the same way, so a plain LIKE compares alike on SQLite and PostgreSQL.
 * The rows already there are filled here (the import skips unchanged subjects).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subjects').addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
  const rows = (await db.selectFrom('subjects').select(['id', 'title', 'description']).execute()) as Array<{ id: string; title: string; description: string }>;
  for (const row of rows) {
    await db.updateTable('subjects').set({ search_text: fold(`${row.title} ${row.description}`) }).where('id', '=', row.id).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subjects').dropColumn('search_text').execute();
}

/** A frozen copy of foldForSearch (@blok/domain/search) as it was when this migration was written. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
