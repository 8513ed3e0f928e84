import { fixedInListQuery, fixedQuery, sql, type ChaptersTable, type Executor } from '@blok/db';
import { foldForSearch } from '@blok/domain/search';

/** A chapter without its text: what lists, progress and access checks need. */
export type ChapterRow = Omit<ChaptersTable, 'markdown' | 'html'>;

export interface ProgressRow {
  summary_id: string;
  chapter_id: string;
  position: number;
  updated_at: string;
}

const CHAPTER_COLUMNS = [
  'chapters.id',
  'chapters.summary_id',
  'chapters.subject_id',
  'chapters.title',
  'chapters.priority',
  'chapters.sort_index',
  'chapters.start_index',
  'chapters.end_index',
  'chapters.start_page',
  'chapters.end_page',
  'chapters.access',
  'chapters.question_list_id',
  'chapters.word_count',
] as const;

/** `like` pattern for a case-insensitive "contains" search; wildcards in the input match literally. */
function containsPattern(input: string): string {
  return `%${input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function countMap(rows: Array<{ key: string; n: number | string | bigint }>): Map<string, number> {
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

// ------------------------------------------------------------ fixed queries
// The queries of the library list, Home's continue cards and the reader's chapter, built and
// compiled once per dialect by fixedQuery; every call binds its own arguments. Same SQL as the
// builders made anew.

/** `in` lists of up to this many values run as fixed queries (one per length); longer ones are built anew. */
const FIXED_IN_LIST_MAX = 32;

const studySubjectIdsQuery = fixedQuery((db: Executor, study: string, year: string) =>
  db.selectFrom('subject_audiences').select('subject_id').where('study', '=', study).where('year', '=', year),
);

const entriesQuery = fixedQuery((db: Executor, userId: string) => db.selectFrom('library_entries').select(['subject_id', 'status']).where('user_id', '=', userId));

const subjectTitleQuery = fixedQuery((db: Executor, id: string) => db.selectFrom('subjects').select(['id', 'title']).where('id', '=', id));
const subjectsByIdsQuery = fixedInListQuery(FIXED_IN_LIST_MAX, (db, ids) => db.selectFrom('subjects').select(['id', 'title', 'description']).where('id', 'in', ids));

const summaryCountsQuery = fixedInListQuery(FIXED_IN_LIST_MAX, (db, subjectIds) =>
  db
    .selectFrom('summaries')
    .select((eb) => ['subject_id as key', eb.fn.countAll().as('n')])
    .where('subject_id', 'in', subjectIds)
    .groupBy('subject_id'),
);

const findSummaryQuery = fixedQuery((db: Executor, id: string) =>
  db
    .selectFrom('summaries')
    .innerJoin('subjects', 'subjects.id', 'summaries.subject_id')
    .select(['summaries.id', 'summaries.subject_id', 'summaries.title', 'summaries.source', 'summaries.description', 'subjects.title as subject_title'])
    .where('summaries.id', '=', id),
);

const chaptersOfSubjectsQuery = fixedInListQuery(FIXED_IN_LIST_MAX, (db, subjectIds) =>
  db.selectFrom('chapters').select(CHAPTER_COLUMNS).where('subject_id', 'in', subjectIds).orderBy('summary_id').orderBy('sort_index'),
);

const chaptersOfSummariesQuery = fixedInListQuery(FIXED_IN_LIST_MAX, (db, summaryIds) =>
  db.selectFrom('chapters').select(CHAPTER_COLUMNS).where('summary_id', 'in', summaryIds).orderBy('summary_id').orderBy('sort_index'),
);

const chapterHtmlQuery = fixedQuery((db: Executor, chapterId: string) => db.selectFrom('chapters').select('html').where('id', '=', chapterId));

const readChapterIdsQuery = fixedInListQuery(FIXED_IN_LIST_MAX, (db, chapterIds, userId: string) =>
  db.selectFrom('chapter_reads').select('chapter_id').where('user_id', '=', userId).where('chapter_id', 'in', chapterIds),
);

const readingProgressQuery = fixedQuery((db: Executor, userId: string, summaryId: string) =>
  db
    .selectFrom('reading_progress')
    .select(['summary_id', 'chapter_id', 'position', 'updated_at'])
    .where('user_id', '=', userId)
    .where('summary_id', '=', summaryId),
);

/** recentProgress's query before its options: her places in summaries, newest first. */
function recentProgressBase(db: Executor, userId: string) {
  return db
    .selectFrom('reading_progress')
    .innerJoin('summaries', 'summaries.id', 'reading_progress.summary_id')
    .innerJoin('subjects', 'subjects.id', 'summaries.subject_id')
    .select([
      'reading_progress.summary_id',
      'reading_progress.chapter_id',
      'reading_progress.position',
      'reading_progress.updated_at',
      'summaries.title as summary_title',
      'summaries.subject_id',
      'subjects.title as subject_title',
    ])
    .where('reading_progress.user_id', '=', userId)
    .orderBy('reading_progress.updated_at', 'desc')
    .orderBy('reading_progress.summary_id');
}
/** recentProgress in some subjects, without a limit (the library list) */
const recentProgressInSubjectsQuery = fixedInListQuery(FIXED_IN_LIST_MAX, (db, subjectIds, userId: string) =>
  recentProgressBase(db, userId).where('summaries.subject_id', 'in', subjectIds),
);
/** recentProgress in every subject, with a limit (Home's continue cards) */
const recentProgressLimitQuery = fixedQuery((db: Executor, userId: string, limit: number) => recentProgressBase(db, userId).limit(limit));

/**
 * Subjects, summaries, chapters, images, and the user's library entries and reading progress.
 * The only place of the library feature that touches the database. Every per-user query takes
 * the user id from the caller (the authenticated request), never from input.
 */
export class LibraryRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  /** What the summaries' search entries depend on (issue 41): the chapters' count, words and text length. */
  async chaptersFingerprint(): Promise<string> {
    const row = await this.db
      .selectFrom('chapters')
      .select((e) => [e.fn.countAll<number>().as('n'), e.fn.sum<number>('word_count').as('words'), e.fn.sum<number>(sql<number>`length(markdown)`).as('chars')])
      .executeTakeFirst();
    return `${Number(row?.n ?? 0)}/${Number(row?.words ?? 0)}/${Number(row?.chars ?? 0)}`;
  }

  /** Every chapter with its summary's title, for search. */
  chaptersForSearch(): Promise<Array<{ id: string; summary_id: string; summary_title: string; title: string; markdown: string; access: 'free' | 'premium' }>> {
    return this.db
      .selectFrom('chapters as c')
      .innerJoin('summaries as s', 's.id', 'c.summary_id')
      .select(['c.id', 'c.summary_id', 's.title as summary_title', 'c.title', 'c.markdown', 'c.access'])
      .execute();
  }

  // ------------------------------------------------------------ library

  async studySubjectIds(study: string, year: string): Promise<string[]> {
    const rows = await studySubjectIdsQuery(this.db, study, year);
    return rows.map((r) => r.subject_id);
  }

  /** Subjects of some studies in some years, with the study they are there for. */
  async subjectsOfAudiences(studies: readonly string[], years: readonly string[]): Promise<Array<{ subject_id: string; study: string }>> {
    if (studies.length === 0 || years.length === 0) return [];
    return this.db.selectFrom('subject_audiences').select(['subject_id', 'study']).where('study', 'in', studies).where('year', 'in', years).execute();
  }

  /** Every study year that has at least one subject, as `${study}|${year}`. */
  async layersWithContent(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('subject_audiences').select(['study', 'year']).distinct().execute();
    return new Set(rows.map((r) => `${r.study}|${r.year}`));
  }

  /** Every subject, by title (the catalogue's choice of subjects for a study year). */
  allSubjects(): Promise<Array<{ id: string; title: string }>> {
    return this.db.selectFrom('subjects').select(['id', 'title']).orderBy('title').orderBy('id').execute();
  }

  /** Every audience row: which subjects belong to which study year. */
  audiences(): Promise<Array<{ subject_id: string; study: string; year: string }>> {
    return this.db.selectFrom('subject_audiences').select(['subject_id', 'study', 'year']).orderBy('subject_id').execute();
  }

  audiencesOf(subjectIds: string[]): Promise<Array<{ subject_id: string; study: string; year: string }>> {
    if (subjectIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('subject_audiences').select(['subject_id', 'study', 'year']).where('subject_id', 'in', subjectIds).orderBy('study').orderBy('year').execute();
  }

  async addAudience(subjectId: string, study: string, year: string): Promise<void> {
    await this.db.insertInto('subject_audiences').values({ subject_id: subjectId, study, year }).onConflict((oc) => oc.doNothing()).execute();
  }

  async removeAudience(subjectId: string, study: string, year: string): Promise<void> {
    await this.db.deleteFrom('subject_audiences').where('subject_id', '=', subjectId).where('study', '=', study).where('year', '=', year).execute();
  }

  isStudySubject(subjectId: string, study: string, year: string): Promise<boolean> {
    return this.db
      .selectFrom('subject_audiences')
      .select('subject_id')
      .where('subject_id', '=', subjectId)
      .where('study', '=', study)
      .where('year', '=', year)
      .executeTakeFirst()
      .then(Boolean);
  }

  entries(userId: string): Promise<Array<{ subject_id: string; status: 'added' | 'hidden' }>> {
    return entriesQuery(this.db, userId);
  }

  async setEntry(userId: string, subjectId: string, status: 'added' | 'hidden'): Promise<void> {
    const updated_at = new Date().toISOString();
    await this.db
      .insertInto('library_entries')
      .values({ user_id: userId, subject_id: subjectId, status, updated_at })
      .onConflict((oc) => oc.columns(['user_id', 'subject_id']).doUpdateSet({ status, updated_at }))
      .execute();
  }

  async deleteEntry(userId: string, subjectId: string): Promise<void> {
    await this.db.deleteFrom('library_entries').where('user_id', '=', userId).where('subject_id', '=', subjectId).execute();
  }

  // ------------------------------------------------------------ subjects

  /** A subject's id and title (the flashcards' pages and sessions ask for it, a hot path). */
  async subjectTitle(id: string): Promise<{ id: string; title: string } | undefined> {
    return (await subjectTitleQuery(this.db, id))[0];
  }

  findSubject(id: string) {
    return this.db.selectFrom('subjects').select(['id', 'title', 'description']).where('id', '=', id).executeTakeFirst();
  }

  subjectsByIds(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return subjectsByIdsQuery(this.db, ids);
  }

  /**
   * Search on title and description that folds accents and case: the query is folded like the
   * stored search_text (@blok/domain/search), so LIKE compares alike on SQLite and PostgreSQL.
   */
  async searchSubjects(query: string, limit: number) {
    let q = this.db.selectFrom('subjects');
    const folded = foldForSearch(query);
    if (folded) {
      const pattern = containsPattern(folded);
      q = q.where(sql<boolean>`search_text like ${pattern} escape '\\'`);
    }
    const [rows, total] = await Promise.all([
      q.select(['id', 'title', 'description']).orderBy(sql`lower(title)`).orderBy('id').limit(limit).execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async summaryCounts(subjectIds: string[]): Promise<Map<string, number>> {
    if (subjectIds.length === 0) return new Map();
    const rows = await summaryCountsQuery(this.db, subjectIds);
    return countMap(rows as Array<{ key: string; n: number }>);
  }

  summariesOfSubject(subjectId: string) {
    return this.db
      .selectFrom('summaries')
      .select(['id', 'title', 'source', 'description'])
      .where('subject_id', '=', subjectId)
      .orderBy('sort_index')
      .orderBy('id')
      .execute();
  }

  // ------------------------------------------------------------ summaries and chapters

  async findSummary(id: string) {
    return (await findSummaryQuery(this.db, id))[0];
  }

  /** Chapters (without text) of some subjects, in reading order. */
  chaptersOfSubjects(subjectIds: string[]): Promise<ChapterRow[]> {
    if (subjectIds.length === 0) return Promise.resolve([]);
    return chaptersOfSubjectsQuery(this.db, subjectIds);
  }

  /** Chapters (without text) of some summaries, in reading order. */
  chaptersOfSummaries(summaryIds: string[]): Promise<ChapterRow[]> {
    if (summaryIds.length === 0) return Promise.resolve([]);
    return chaptersOfSummariesQuery(this.db, summaryIds);
  }

  /** Where a chapter is: its summary and subject, and its title (own flashcards link a card to it). */
  findChapterPlace(chapterId: string) {
    return this.db.selectFrom('chapters').select(['id', 'summary_id', 'subject_id', 'title']).where('id', '=', chapterId).executeTakeFirst();
  }

  async chapterHtml(chapterId: string): Promise<string | undefined> {
    const [row] = await chapterHtmlQuery(this.db, chapterId);
    return row?.html;
  }

  // ------------------------------------------------------------ reading progress

  async readChapterIds(userId: string, chapterIds: string[]): Promise<Set<string>> {
    if (chapterIds.length === 0) return new Set();
    const rows = await readChapterIdsQuery(this.db, chapterIds, userId);
    return new Set(rows.map((r) => r.chapter_id));
  }

  async countReadChapters(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('chapter_reads')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async readingProgress(userId: string, summaryId: string): Promise<ProgressRow | undefined> {
    return (await readingProgressQuery(this.db, userId, summaryId))[0];
  }

  /** The user's places in summaries, newest first; optionally only in some subjects. */
  recentProgress(userId: string, options: { subjectIds?: string[]; limit?: number } = {}) {
    const { subjectIds, limit } = options;
    // the two uses run fixed queries: in some subjects without a limit, or in all with one
    if (subjectIds && !limit) return subjectIds.length === 0 ? Promise.resolve([]) : recentProgressInSubjectsQuery(this.db, subjectIds, userId);
    if (!subjectIds && limit) return recentProgressLimitQuery(this.db, userId, limit);
    let q = recentProgressBase(this.db, userId);
    if (subjectIds) {
      if (subjectIds.length === 0) return Promise.resolve([]);
      q = q.where('summaries.subject_id', 'in', subjectIds);
    }
    if (limit) q = q.limit(limit);
    return q.execute();
  }

  /** Saves her place in a summary and marks chapters read, in one transaction. */
  async saveProgress(input: { userId: string; summaryId: string; chapterId: string; position: number; markRead: string[] }): Promise<string> {
    const updated_at = new Date().toISOString();
    {
      // part of the caller's unit of work (one transaction)
      const trx = this.db;
      await trx
        .insertInto('reading_progress')
        .values({ user_id: input.userId, summary_id: input.summaryId, chapter_id: input.chapterId, position: input.position, updated_at })
        .onConflict((oc) => oc.columns(['user_id', 'summary_id']).doUpdateSet({ chapter_id: input.chapterId, position: input.position, updated_at }))
        .execute();
      for (const chapterId of input.markRead) {
        await trx
          .insertInto('chapter_reads')
          .values({ user_id: input.userId, chapter_id: chapterId, read_at: updated_at })
          .onConflict((oc) => oc.columns(['user_id', 'chapter_id']).doNothing())
          .execute();
      }
    }
    return updated_at;
  }

  // ------------------------------------------------------------ images

  findImage(subjectId: string, name: string) {
    return this.db
      .selectFrom('content_images')
      .select(['mime', 'data_base64'])
      .where('subject_id', '=', subjectId)
      .where('name', '=', name)
      .executeTakeFirst();
  }
}
