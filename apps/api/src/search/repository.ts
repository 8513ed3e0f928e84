import { PostgresAdapter } from 'kysely';
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
 * The one code that names search_entries, search_sources and search_staged (decision 020), over
 * SQLite's FTS5 or PostgreSQL's full-text search (decision 040). A student's hits are hers (user_id)
 * or Blok's (null), never those of a file whose upload is still staged (search_staged, migration 0050).
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

  /** Removes the entries of these refs (and, for pages, their staging marks). */
  async deleteOf(kind: 'page' | 'card' | 'chapter', refIds: readonly string[]): Promise<void> {
    for (let from = 0; from < refIds.length; from += 500) {
      const some = refIds.slice(from, from + 500);
      // the mark first: on PostgreSQL this waits for a staging batch that holds it (lockStaged)
      if (kind === 'page') await this.db.deleteFrom('search_staged').where('ref_id', 'in', some).execute();
      await this.db.deleteFrom('search_entries').where('kind', '=', kind).where('ref_id', 'in', some).execute();
    }
  }

  /** Removes at most `limit` entries of one ref; returns how many went. */
  async deleteSomeOf(kind: 'page', refId: string, limit: number): Promise<number> {
    const ids = (await this.db.selectFrom('search_entries').select('id').where('kind', '=', kind).where('ref_id', '=', refId).limit(limit).execute()).map((r) => r.id);
    if (ids.length > 0) await this.db.deleteFrom('search_entries').where('id', 'in', ids).execute();
    return ids.length;
  }

  /** Marks a file's page entries as staged: never found until `unstage`. */
  async stage(refId: string, userId: string, nowIso: string): Promise<void> {
    await this.db.insertInto('search_staged').values({ ref_id: refId, user_id: userId, created_at: nowIso }).onConflict((oc) => oc.column('ref_id').doNothing()).execute();
  }

  /**
   * Whether the ref is still staged, holding its mark to the end of the transaction on PostgreSQL (a
   * removal of the file waits, then finds the batch's entries), so that no batch adds entries after
   * the file was removed. SQLite has one writer at a time.
   */
  async lockStaged(refId: string): Promise<boolean> {
    const query = this.db.selectFrom('search_staged').select('ref_id').where('ref_id', '=', refId);
    const row = await (this.db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query).executeTakeFirst();
    return row !== undefined;
  }

  /** The ref's entries are found from now on. */
  async unstage(refId: string): Promise<void> {
    await this.db.deleteFrom('search_staged').where('ref_id', '=', refId).execute();
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
          and not exists (select 1 from search_staged s where s.ref_id = search_entries.ref_id)
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
        and not exists (select 1 from search_staged s where s.ref_id = e.ref_id)
      order by bm25(search_fts, 0.0, 1.0), e.id
      limit ${limit}`.execute(this.db);
    return result.rows;
  }
}
