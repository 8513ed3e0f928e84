import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { LibraryRepository } from '../../src/library/repository.ts';
import { QuestionCatalogueRepository } from '../../src/questions/catalogue-repository.ts';
import { createLibraryApp, student } from './support.ts';

/** The repository's fixed queries (compiled once per dialect) answer as the builders they replaced. */
describe.each(DIALECTS)('library repository fixed queries on %s', (dialect) => {
  let ctx: TestContext;
  let repo: LibraryRepository;
  let userId: string;
  let subjectIds: string[];
  let summaryIds: string[];
  let chapterIds: string[];
  /** real ids first, then ids of nothing, up to `length`: lists longer than the fixed ones (32) */
  const padded = (ids: string[], length: number) => Array.from({ length }, (_, i) => ids[i] ?? `missing-${i}`);
  const lengths = [1, 2, 3, 7, 32, 33, 40];

  beforeAll(async () => {
    ctx = await createLibraryApp(dialect);
    repo = new LibraryRepository(ctx.handle.db);
    const s = await student(ctx);
    userId = (await ctx.handle.db.selectFrom('users').select('id').where('email', '=', s.email).executeTakeFirstOrThrow()).id;
    const db = ctx.handle.db;
    subjectIds = (await db.selectFrom('subjects').select('id').orderBy('id').execute()).map((r) => r.id);
    summaryIds = (await db.selectFrom('summaries').select('id').orderBy('id').execute()).map((r) => r.id);
    const chapters = await db.selectFrom('chapters').select(['id', 'summary_id']).orderBy('id').execute();
    chapterIds = chapters.map((c) => c.id);
    // her places in two summaries, and some chapters read
    for (const [i, summaryId] of summaryIds.slice(0, 2).entries()) {
      const chapter = chapters.find((c) => c.summary_id === summaryId)!;
      await repo.saveProgress({ userId, summaryId, chapterId: chapter.id, position: 0.5 + i / 10, markRead: [chapter.id] });
    }
  });
  afterAll(async () => ctx?.close());

  it('queries over in lists of every length, the fixed ones and the longer built ones, as the builder', async () => {
    const db = ctx.handle.db;
    for (const n of lengths) {
      const subjects = padded(subjectIds, n);
      expect(await repo.subjectsByIds(subjects)).toEqual(await db.selectFrom('subjects').select(['id', 'title', 'description']).where('id', 'in', subjects).execute());
      const counts = await db.selectFrom('summaries').select((eb) => ['subject_id', eb.fn.countAll().as('n')]).where('subject_id', 'in', subjects).groupBy('subject_id').execute();
      expect(await repo.summaryCounts(subjects)).toEqual(new Map(counts.map((c) => [c.subject_id, Number(c.n)])));
      const lists = await db.selectFrom('question_lists').select((eb) => ['subject_id', eb.fn.countAll().as('n')]).where('subject_id', 'in', subjects).groupBy('subject_id').execute();
      expect(await new QuestionCatalogueRepository(db).listCounts(subjects)).toEqual(new Map(lists.map((c) => [c.subject_id, Number(c.n)])));
      const ofSubjects = await db.selectFrom('chapters').select(['id', 'title']).where('subject_id', 'in', subjects).orderBy('summary_id').orderBy('sort_index').execute();
      expect((await repo.chaptersOfSubjects(subjects)).map((c) => ({ id: c.id, title: c.title }))).toEqual(ofSubjects);
      const summaries = padded(summaryIds, n);
      const ofSummaries = await db.selectFrom('chapters').select(['id', 'title']).where('summary_id', 'in', summaries).orderBy('summary_id').orderBy('sort_index').execute();
      expect((await repo.chaptersOfSummaries(summaries)).map((c) => ({ id: c.id, title: c.title }))).toEqual(ofSummaries);
      const chapters = padded(chapterIds, n);
      const read = await db.selectFrom('chapter_reads').select('chapter_id').where('user_id', '=', userId).where('chapter_id', 'in', chapters).execute();
      expect(await repo.readChapterIds(userId, chapters)).toEqual(new Set(read.map((r) => r.chapter_id)));
      expect((await repo.readChapterIds('someone-else', chapters)).size).toBe(0);
    }
  });

  it('recentProgress with and without subjects and limit', async () => {
    const all = await repo.recentProgress(userId);
    expect(all.map((p) => p.summary_id).sort()).toEqual(summaryIds.slice(0, 2).sort());
    expect(all[0]!.updated_at >= all[1]!.updated_at).toBe(true);
    expect(await repo.recentProgress(userId, { limit: 1 })).toEqual(all.slice(0, 1));
    expect(await repo.recentProgress(userId, { limit: 5 })).toEqual(all);
    expect(await repo.recentProgress(userId, { subjectIds })).toEqual(all);
    expect(await repo.recentProgress(userId, { subjectIds: padded(subjectIds, 40) })).toEqual(all);
    expect(await repo.recentProgress(userId, { subjectIds: [all[0]!.subject_id], limit: 1 })).toEqual(all.slice(0, 1));
    expect(await repo.recentProgress(userId, { subjectIds: ['missing'] })).toEqual([]);
    expect(await repo.recentProgress(userId, { subjectIds: [] })).toEqual([]);
    expect(await repo.recentProgress('someone-else', { limit: 3 })).toEqual([]);
  });

  it('single rows: summary, chapter html, reading progress, her study subjects and entries', async () => {
    const summary = await repo.findSummary(summaryIds[0]!);
    expect(summary?.id).toBe(summaryIds[0]);
    expect(typeof summary?.subject_title).toBe('string');
    expect(await repo.findSummary('missing')).toBeUndefined();
    expect(typeof (await repo.chapterHtml(chapterIds[0]!))).toBe('string');
    expect(await repo.chapterHtml('missing')).toBeUndefined();
    const place = await repo.readingProgress(userId, summaryIds[0]!);
    expect(place?.summary_id).toBe(summaryIds[0]);
    expect(await repo.readingProgress(userId, 'missing')).toBeUndefined();
    expect((await repo.studySubjectIds('psychologie', 'bachelor-1')).length).toBeGreaterThan(0);
    expect(await repo.studySubjectIds('psychologie', 'no-such-year')).toEqual([]);
    expect(await repo.entries(userId)).toEqual([]);
    await repo.setEntry(userId, subjectIds[0]!, 'hidden');
    expect(await repo.entries(userId)).toEqual([{ subject_id: subjectIds[0], status: 'hidden' }]);
  });
});
