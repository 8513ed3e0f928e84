import { SEARCH_HITS_MAX, type SearchHit, type SearchResult } from '@blok/contract';
import { foldForSearch, searchTerms, snippetOf } from '@blok/domain/search';
import { stripMarkup } from '@blok/domain/markup';
import type { Executor } from '@blok/db';
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
    await this.repo(tx).insert(entries.filter((entry) => entry.folded !== ''));
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
