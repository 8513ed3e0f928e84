import { sql, uuidv7, type Executor } from '@blok/db';

export interface NewEntry {
  userId: string | null;
  kind: 'page' | 'card' | 'chapter';
  refId: string;
  parentId: string;
  page?: number;
  title: string;
  context: string;
  text: string;
  folded: string;
  premium?: boolean;
}

export interface EntryHit {
  kind: 'page' | 'card' | 'chapter';
  ref_id: string;
  parent_id: string;
  page: number;
  title: string;
  context: string;
  text: string;
  premium: number;
}

/** Entries inserted per statement: 11 values each, well under both dialects' parameter limits. */
const ENTRIES_PER_STATEMENT = 200;

/**
 * The one code that names search_entries and search_sources (decision 020), over SQLite's FTS5 or
 * PostgreSQL's full-text search (decision 040). A student's hits are hers (user_id) or Blok's (null).
 */
export class SearchRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  async insert(entries: readonly NewEntry[]): Promise<void> {
    for (let from = 0; from < entries.length; from += ENTRIES_PER_STATEMENT) {
      const rows = entries.slice(from, from + ENTRIES_PER_STATEMENT).map((e) => ({
        id: uuidv7(),
        user_id: e.userId,
        kind: e.kind,
        ref_id: e.refId,
        parent_id: e.parentId,
        page: e.page ?? 0,
        title: e.title,
        context: e.context,
        text: e.text,
        folded: e.folded,
        premium: e.premium ? 1 : 0,
      }));
      await this.db.insertInto('search_entries').values(rows).execute();
    }
  }

  async deleteOf(kind: 'page' | 'card' | 'chapter', refIds: readonly string[]): Promise<void> {
    for (let from = 0; from < refIds.length; from += 500) {
      await this.db.deleteFrom('search_entries').where('kind', '=', kind).where('ref_id', 'in', refIds.slice(from, from + 500)).execute();
    }
  }

  async deleteKindOf(kind: 'card' | 'chapter', userId: string | null): Promise<void> {
    await this.db
      .deleteFrom('search_entries')
      .where('kind', '=', kind)
      .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
      .execute();
  }

  async fingerprint(source: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('search_sources').select('fingerprint').where('source', '=', source).executeTakeFirst();
    return row?.fingerprint;
  }

  /**
   * Claims the source for re-indexing: its row is made if missing, then updated (on PostgreSQL the
   * update's row lock makes a second process wait, then re-index after the first committed).
   */
  async claimSource(source: string, fingerprint: string): Promise<void> {
    const now = new Date().toISOString();
    await this.db.insertInto('search_sources').values({ source, fingerprint: '', indexed_at: now }).onConflict((oc) => oc.column('source').doNothing()).execute();
    await this.db.updateTable('search_sources').set({ fingerprint, indexed_at: now }).where('source', '=', source).execute();
  }

  /** A course's new name on its pages' entries. */
  async renameContext(userId: string, courseId: string, name: string): Promise<void> {
    await this.db.updateTable('search_entries').set({ context: name }).where('user_id', '=', userId).where('kind', '=', 'page').where('parent_id', '=', courseId).execute();
  }

  async forgetSource(source: string): Promise<void> {
    await this.db.deleteFrom('search_sources').where('source', '=', source).execute();
  }

  /** The best entries for these folded terms (each a word's beginning, all of them in the text), hers or Blok's. */
  async search(userId: string, terms: readonly string[], limit: number): Promise<EntryHit[]> {
    if (this.dialect === 'postgres') {
      const query = terms.map((t) => `${t}:*`).join(' & ');
      const result = await sql<EntryHit>`
        select kind, ref_id, parent_id, page, title, context, text, premium
        from search_entries, to_tsquery('dutch', ${query}) q
        where tsv @@ q and (user_id = ${userId} or user_id is null)
        order by ts_rank(tsv, q) desc, id
        limit ${limit}`.execute(this.db);
      return result.rows;
    }
    // her entries and Blok's by the owner column (migration 0043), then every word's beginning in the text
    const match = `owner:(u${userId.replace(/-/g, '')} OR blok) AND folded:(${terms.map((t) => `"${t}"*`).join(' ')})`;
    const result = await sql<EntryHit>`
      select e.kind, e.ref_id, e.parent_id, e.page, e.title, e.context, e.text, e.premium
      from search_fts join search_entries e on e.rowid = search_fts.rowid
      where search_fts match ${match} and (e.user_id = ${userId} or e.user_id is null)
      order by bm25(search_fts, 0.0, 1.0), e.id
      limit ${limit}`.execute(this.db);
    return result.rows;
  }
}
