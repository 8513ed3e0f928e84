import type { Kysely } from 'kysely';

/**
 * Issue 42: "Meld een fout" is its own feature (apps/api/src/reports), no longer a part of the
 * studio, and its table takes the feature's name. Both dialects rename a table in place; its rows,
 * indexes and constraints stay.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('studio_reports').renameTo('reports').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reports').renameTo('studio_reports').execute();
}
