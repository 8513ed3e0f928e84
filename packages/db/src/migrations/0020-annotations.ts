import type { Kysely } from 'kysely';

/**
 * Issue 28: her highlights and notes in the reader, anchored by quote, context and position
 * (decision 025). Listed per summary, newest chapter order by the service.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('annotations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('summary_id', 'text', (c) => c.notNull())
    .addColumn('chapter_id', 'text', (c) => c.notNull())
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
  await db.schema.createIndex('annotations_user_summary_idx').on('annotations').columns(['user_id', 'summary_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('annotations').execute();
}
