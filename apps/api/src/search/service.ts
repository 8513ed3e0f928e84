import { SEARCH_HITS_MAX, type SearchHit, type SearchResult } from '@blok/contract';
import { foldForSearch, searchTerms, snippetOf } from '@blok/domain/search';
import { stripMarkup } from '@blok/domain/markup';
import type { Executor, Tx } from '@blok/db';
import { AppError } from '../errors.ts';
import { yieldToLoop } from '../threads/yield.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { SearchRepository, type NewEntry } from './repository.ts';

/** What search reads of her own cards (decision 020): a fingerprint that changes with them, and the cards. */
export interface SearchCards {
  fingerprint(userId: string): Promise<string>;
  cards(userId: string): Promise<Array<{ id: string; setId: string; setTitle: string; front: string; back: string }>>;
}

/** What search reads of Blok's summaries. */
export interface SearchChapters {
  fingerprint(): Promise<string>;
  chapters(): Promise<Array<{ id: string; summaryId: string; summaryTitle: string; title: string; markdown: string; premium: boolean }>>;
}

const CHAPTERS_SOURCE = 'chapters';
/**
 * A staged batch of page entries is at most this many characters of text (and 200 entries): FTS5
 * indexes a batch's words in its statement, about a millisecond per 10,000 characters on the bench's
 * machine, so one batch holds SQLite's connection a few milliseconds.
 */
const STAGED_CHARS_PER_BATCH = 40_000;
/** Entries removed per statement when a staged file goes. */
const STAGED_REMOVED_PER_STATEMENT = 100;

/** The file's staging was removed while its pages were being staged (its course was deleted). */
export const stagingGone = () => new AppError('not_found', 'Dit vak bestaat niet.');
const cardsSource = (userId: string) => `cards:${userId}`;

/**
 * The one search (issue 41, decision 040) over one index: her PDFs' pages (written by her courses
 * in their upload's transaction), her own cards and Blok's chapters (synchronised when searched:
 * a source whose fingerprint changed since it was indexed is indexed again first, in one
 * transaction). Hits are hers or Blok's, never another student's; best match first.
 */
export class SearchService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dialect: 'sqlite' | 'postgres',
    private readonly cards: SearchCards | null,
    private readonly chapters: SearchChapters,
    /** whether she has Premium (a Premium chapter's text shows only then) */
    private readonly isPremium: (userId: string) => Promise<boolean>,
  ) {}

  private repo(executor: Executor = this.uow.executor): SearchRepository {
    return new SearchRepository(executor, this.dialect);
  }

  // ------------------------------------------------------------------ her courses tell

  async pagesAdded(tx: Executor, e: { userId: string; courseId: string; courseName?: string; fileId: string; fileName: string; pages: string[] }): Promise<void> {
    await this.repo(tx).insert(this.pageEntries(e));
  }

  /**
   * A file's pages staged before its upload's command (decision 039's addendum on staged uploads):
   * marked staged first (never found), then the entries in short transactions of their own, a few
   * milliseconds each, with the event loop given back between them. `pagesReady` in the command's
   * transaction makes them found; `stagedPagesRemoved` removes them. Inside a caller's unit of work
   * every batch joins it.
   */
  async pagesStaged(e: { userId: string; courseId: string; courseName: string; fileId: string; fileName: string; pages: string[] }): Promise<void> {
    const entries = this.pageEntries(e);
    await this.short((tx) => this.repo(tx).stage(e.fileId, e.userId, new Date().toISOString()));
    for (let i = 0; i < entries.length; ) {
      let j = i + 1;
      for (let chars = entries[i]!.text.length; j < entries.length && j - i < 200 && chars + entries[j]!.text.length <= STAGED_CHARS_PER_BATCH; j++) chars += entries[j]!.text.length;
      const batch = entries.slice(i, j);
      await yieldToLoop();
      await this.short(async (tx) => {
        const repo = this.repo(tx);
        // the file was removed meanwhile (its course deleted): add nothing after its removal
        if (!(await repo.lockStaged(e.fileId))) throw stagingGone();
        await repo.insert(batch);
      });
      i = j;
    }
  }

  /** The staged pages of a file are found from now on: in its upload's command. */
  async pagesReady(tx: Executor, fileId: string): Promise<void> {
    await this.repo(tx).unstage(fileId);
  }

  /** A staged file's entries removed in short statements, its mark last (until then none is found). */
  async stagedPagesRemoved(fileId: string): Promise<void> {
    for (let n = STAGED_REMOVED_PER_STATEMENT; n === STAGED_REMOVED_PER_STATEMENT; ) {
      await yieldToLoop();
      n = await this.short((tx) => this.repo(tx).deleteSomeOf('page', fileId, STAGED_REMOVED_PER_STATEMENT));
    }
    await this.short((tx) => this.repo(tx).unstage(fileId));
  }

  /** A short transaction of its own, or the caller's unit of work when one is open. */
  private short<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.uow.inUnitOfWork ? fn(this.uow.executor as Tx) : this.uow.apart(fn);
  }

  private pageEntries(e: { userId: string; courseId: string; courseName?: string; fileId: string; fileName: string; pages: string[] }): NewEntry[] {
    const entries: NewEntry[] = e.pages.map((text, i) => ({
      userId: e.userId,
      kind: 'page',
      refId: e.fileId,
      parentId: e.courseId,
      page: i + 1,
      title: e.fileName,
      context: e.courseName ?? '',
      text,
      folded: foldForSearch(text),
    }));
    return entries.filter((entry) => entry.folded !== '');
  }

  async fileRemoved(tx: Executor, _userId: string, fileId: string): Promise<void> {
    await this.repo(tx).deleteOf('page', [fileId]);
  }

  async courseRemoved(tx: Executor, _userId: string, fileIds: string[]): Promise<void> {
    await this.repo(tx).deleteOf('page', fileIds);
  }

  // ------------------------------------------------------------------ search

  async courseRenamed(tx: Executor, userId: string, courseId: string, name: string): Promise<void> {
    await this.repo(tx).renameContext(userId, courseId, name);
  }

  async search(userId: string, query: string): Promise<SearchResult> {
    const premium = await this.isPremium(userId);
    const terms = searchTerms(query);
    if (terms.length === 0) return { query, hits: [] };
    await this.sync(userId);
    const rows = await this.repo().search(userId, terms, SEARCH_HITS_MAX);
    const hits: SearchHit[] = rows.map((row) => {
      const snippet = row.kind === 'chapter' && row.premium === 1 && !premium ? { text: '', marks: [] } : snippetOf(row.text, terms);
      if (row.kind === 'page') {
        return { kind: 'page', courseId: row.parent_id, courseName: row.context, fileId: row.ref_id, fileName: row.title, page: row.page, snippet };
      }
      if (row.kind === 'card') return { kind: 'card', setId: row.parent_id, setTitle: row.title, cardId: row.ref_id, snippet };
      return { kind: 'chapter', summaryId: row.parent_id, summaryTitle: row.context, chapterId: row.ref_id, chapterTitle: row.title, snippet };
    });
    return { query, hits };
  }

  /** Her cards and Blok's chapters, indexed again where they changed since. */
  private async sync(userId: string): Promise<void> {
    const repo = this.repo();
    const chapterPrint = await this.chapters.fingerprint();
    if ((await repo.fingerprint(CHAPTERS_SOURCE)) !== chapterPrint) {
      const chapters = await this.chapters.chapters();
      await this.uow.run(async (tx) => {
        const inTx = this.repo(tx);
        await inTx.claimSource(CHAPTERS_SOURCE, chapterPrint);
        await inTx.deleteKindOf('chapter', null);
        await inTx.insert(
          chapters.map((c) => {
            const text = `${stripMarkup(c.title)}\n${stripMarkup(c.markdown)}`;
            return { userId: null, kind: 'chapter', refId: c.id, parentId: c.summaryId, title: stripMarkup(c.title), context: c.summaryTitle, text, folded: foldForSearch(text), premium: c.premium };
          }),
        );
      });
    }
    if (!this.cards) return;
    const cardPrint = await this.cards.fingerprint(userId);
    if ((await repo.fingerprint(cardsSource(userId))) !== cardPrint) {
      const cards = await this.cards.cards(userId);
      await this.uow.run(async (tx) => {
        const inTx = this.repo(tx);
        await inTx.claimSource(cardsSource(userId), cardPrint);
        await inTx.deleteKindOf('card', userId);
        await inTx.insert(
          cards.map((c) => {
            const text = `${stripMarkup(c.front)}\n${stripMarkup(c.back)}`;
            return { userId, kind: 'card', refId: c.id, parentId: c.setId, title: c.setTitle, context: '', text, folded: foldForSearch(text) };
          }),
        );
      });
    }
  }

  /** Her account goes: what search keeps of her (her entries go with the users row; her sources here). */
  async forgetAccount(tx: Executor, account: { id: string }): Promise<void> {
    await this.repo(tx).forgetSource(cardsSource(account.id));
  }
}
