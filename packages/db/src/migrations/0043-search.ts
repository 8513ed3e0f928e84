import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 41, the one search (decision 040): search_entries holds each searchable text with its
 * folded form; search_sources what the lazily synchronised sources were last indexed from.
 *
 * - SQLite: an FTS5 table over `folded` with the entries as its external content (the unicode61
 *   tokenizer with diacritics removed), kept in step by triggers.
 * - PostgreSQL: a stored tsvector of `folded` with the Dutch dictionary (stemming, Dutch stop words)
 *   and a GIN index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('search_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('folded', 'text', (c) => c.notNull())
    .addColumn('premium', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('search_entries_user_kind_idx').on('search_entries').columns(['user_id', 'kind', 'ref_id']).execute();
  await db.schema.createIndex('search_entries_ref_idx').on('search_entries').columns(['kind', 'ref_id']).execute();

  await db.schema
    .createTable('search_sources')
    .addColumn('source', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('indexed_at', 'text', (c) => c.notNull())
    .execute();

  if (postgres) {
    await sql`alter table search_entries add column tsv tsvector generated always as (to_tsvector('dutch', folded)) stored`.execute(db);
    await sql`create index search_entries_tsv_idx on search_entries using gin (tsv)`.execute(db);
  } else {
    // `owner` is one token per entry (u + her id without dashes, or blok for Blok's content): a query
    // names hers and Blok's, so FTS5 intersects those lists and ranks only her entries and Blok's,
    // never every student's. Prefix indexes of 2 to 4 letters make a word's beginning cheap.
    const owner = (row: 'new' | 'old') => sql.raw(`coalesce('u' || replace(${row}.user_id, '-', ''), 'blok')`);
    await sql`create virtual table search_fts using fts5(owner, folded, content='search_entries', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2', prefix='2 3 4')`.execute(db);
    await sql`create trigger search_entries_ai after insert on search_entries begin insert into search_fts(rowid, owner, folded) values (new.rowid, ${owner('new')}, new.folded); end`.execute(db);
    await sql`create trigger search_entries_ad after delete on search_entries begin insert into search_fts(search_fts, rowid, owner, folded) values ('delete', old.rowid, ${owner('old')}, old.folded); end`.execute(db);
    await sql`create trigger search_entries_au after update on search_entries begin insert into search_fts(search_fts, rowid, owner, folded) values ('delete', old.rowid, ${owner('old')}, old.folded); insert into search_fts(rowid, owner, folded) values (new.rowid, ${owner('new')}, new.folded); end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) await sql`drop table if exists search_fts`.execute(db);
  await db.schema.dropTable('search_sources').execute();
  await db.schema.dropTable('search_entries').execute();
}
