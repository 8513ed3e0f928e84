import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterContent, SummaryDetail } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { createLibraryApp, student } from './support.ts';

const SUMMARY = '/api/summaries/fx-psy-samenvatting';

describe.each(DIALECTS)('summaries and the reader on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createLibraryApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('lists a summary with its chapters, locking premium ones without a subscription', async () => {
    const s = await student(ctx);
    const res = await s.call('GET', SUMMARY);
    expect(res.statusCode).toBe(200);
    const summary = res.json() as SummaryDetail;
    expect(summary).toMatchObject({
      id: 'fx-psy-samenvatting',
      subjectId: 'fx-psychologie',
      subjectTitle: 'Fixture Psychologie',
      source: 'Testboek, 1e druk',
      hasSubscription: false,
      progress: null,
    });
    expect(summary.chapters.map((c) => [c.chapterId, c.access, c.locked, c.priority])).toEqual([
      ['fx-psy-h1', 'free', false, 2],
      ['fx-psy-h2', 'premium', true, 1],
      ['fx-psy-h3', 'premium', true, 3],
    ]);
    const first = summary.chapters[0]!;
    expect(first).toMatchObject({
      title: 'Wat is <em>psychologie</em>?',
      titleText: 'Wat is psychologie?',
      startPage: 1,
      endPage: 20,
      questionListId: 'fx-psy-vragen-h1',
      isRead: false,
      startIndex: 0,
    });
    expect(first.endIndex).toBe(first.wordCount);
    expect(summary.chapters[1]!.startIndex).toBe(first.endIndex);
  });

  it('answers 404 for an unknown summary or a chapter of another summary', async () => {
    const s = await student(ctx);
    expect((await s.call('GET', '/api/summaries/bestaat-niet')).statusCode).toBe(404);
    const other = await s.call('GET', `${SUMMARY}/chapters/fx-recht-h1`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('not_found');
  });

  it('serves a free chapter as sanitized HTML with its neighbours', async () => {
    const s = await student(ctx);
    const res = await s.call('GET', `${SUMMARY}/chapters/fx-psy-h1`);
    expect(res.statusCode).toBe(200);
    const chapter = res.json() as ChapterContent;
    expect(chapter).toMatchObject({
      chapterId: 'fx-psy-h1',
      titleText: 'Wat is psychologie?',
      number: 1,
      chapterCount: 3,
      previous: null,
      next: { chapterId: 'fx-psy-h2', titleText: 'Geheugen', locked: true },
      position: 0,
      isRead: false,
    });
    expect(chapter.html).toContain('<h2>Een jonge wetenschap</h2>');
    expect(chapter.html).toContain('<table>');
    expect(chapter.html).toContain('src="/api/content/images/fx-psychologie/fx-diagram.svg"');
    expect(chapter.html).not.toContain('<script');
    expect(chapter.html).not.toContain('alert');
  });

  it("drops a first heading that repeats the chapter's title (the reader shows the title itself)", async () => {
    const s = await student(ctx, 'recht');
    const chapter = (await s.call('GET', '/api/summaries/fx-recht-samenvatting/chapters/fx-recht-h1')).json() as ChapterContent;
    expect(chapter.html.startsWith('<h2>Wetten</h2>')).toBe(true);
    expect(chapter.html).not.toContain('<h2>Rechtsbronnen</h2>');
  });

  it('refuses a premium chapter without a subscription (403 premium_required) and serves it with one', async () => {
    const free = await student(ctx);
    const denied = await free.call('GET', `${SUMMARY}/chapters/fx-psy-h2`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('premium_required');
    expect(denied.json().error_description).toMatch(/Premium/);
    expect(denied.body).not.toContain('werkgeheugen');
    const save = await free.call('PUT', `${SUMMARY}/progress`, { chapterId: 'fx-psy-h2', position: 0.5 });
    expect(save.statusCode).toBe(403);
    expect(save.json().error).toBe('premium_required');

    const paying = await student(ctx, 'psychologie', { subscription: true });
    const ok = await paying.call('GET', `${SUMMARY}/chapters/fx-psy-h2`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ chapterId: 'fx-psy-h2', number: 2, previous: { chapterId: 'fx-psy-h1', locked: false }, next: { chapterId: 'fx-psy-h3', locked: false } });
    expect(ok.json().html).toContain('werkgeheugen');
    expect((await paying.call('GET', SUMMARY)).json().chapters.every((c: { locked: boolean }) => !c.locked)).toBe(true);
  });

  it('saves her place and reads it back in the summary and the chapter', async () => {
    const s = await student(ctx);
    const put = await s.call('PUT', `${SUMMARY}/progress`, { chapterId: 'fx-psy-h1', position: 0.42 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ summaryId: 'fx-psy-samenvatting', chapterId: 'fx-psy-h1', position: 0.42, isRead: false });

    const summary = (await s.call('GET', SUMMARY)).json() as SummaryDetail;
    expect(summary.progress).toMatchObject({ chapterId: 'fx-psy-h1', position: 0.42 });
    expect(summary.chapters[0]!.isRead).toBe(false);
    expect((await s.call('GET', `${SUMMARY}/chapters/fx-psy-h1`)).json().position).toBe(0.42);

    // an update overwrites (one place per summary), and 0.9 or more marks the chapter read
    const done = await s.call('PUT', `${SUMMARY}/progress`, { chapterId: 'fx-psy-h1', position: 0.95 });
    expect(done.json()).toMatchObject({ position: 0.95, isRead: true });
    const after = (await s.call('GET', SUMMARY)).json() as SummaryDetail;
    expect(after.progress).toMatchObject({ chapterId: 'fx-psy-h1', position: 0.95 });
    expect(after.chapters[0]!.isRead).toBe(true);
    expect((await s.call('GET', `${SUMMARY}/chapters/fx-psy-h1`)).json()).toMatchObject({ position: 0.95, isRead: true });

    // scrolling back up does not un-read it
    await s.call('PUT', `${SUMMARY}/progress`, { chapterId: 'fx-psy-h1', position: 0.1 });
    expect((await s.call('GET', SUMMARY)).json().chapters[0].isRead).toBe(true);
  });

  it('counts a chapter as read when she moves on to the next one', async () => {
    const s = await student(ctx, 'psychologie', { subscription: true });
    await s.call('PUT', `${SUMMARY}/progress`, { chapterId: 'fx-psy-h1', position: 0.5 });
    await s.call('PUT', `${SUMMARY}/progress`, { chapterId: 'fx-psy-h2', position: 0 });
    const summary = (await s.call('GET', SUMMARY)).json() as SummaryDetail;
    expect(summary.chapters.map((c) => c.isRead)).toEqual([true, false, false]);
    expect(summary.progress).toMatchObject({ chapterId: 'fx-psy-h2', position: 0 });
    // jumping ahead (h2 -> back to h1 -> h3) does not mark chapters she skipped
    await s.call('PUT', `${SUMMARY}/progress`, { chapterId: 'fx-psy-h1', position: 0.2 });
    await s.call('PUT', `${SUMMARY}/progress`, { chapterId: 'fx-psy-h3', position: 0.2 });
    expect(((await s.call('GET', SUMMARY)).json() as SummaryDetail).chapters.map((c) => c.isRead)).toEqual([true, false, false]);
  });

  it("never shows one student's progress to another", async () => {
    const a = await student(ctx);
    const b = await student(ctx);
    await a.call('PUT', `${SUMMARY}/progress`, { chapterId: 'fx-psy-h1', position: 0.97 });
    const seen = (await b.call('GET', SUMMARY)).json() as SummaryDetail;
    expect(seen.progress).toBeNull();
    expect(seen.chapters[0]!.isRead).toBe(false);
    expect((await b.call('GET', `${SUMMARY}/chapters/fx-psy-h1`)).json()).toMatchObject({ position: 0, isRead: false });
    expect((await b.call('GET', '/api/library')).json().subjects[0]).toMatchObject({ readChapterCount: 0, lastRead: null });
    expect((await b.call('GET', '/api/home/continue')).json()).toEqual({ cards: [] });
  });

  it('validates the progress body', async () => {
    const s = await student(ctx);
    for (const body of [{ chapterId: 'fx-psy-h1', position: 1.5 }, { chapterId: 'fx-psy-h1', position: -0.1 }, { chapterId: 'fx-psy-h1' }, { position: 0.5 }, { chapterId: '', position: 0.5 }]) {
      const res = await s.call('PUT', `${SUMMARY}/progress`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
    const foreign = await s.call('PUT', `${SUMMARY}/progress`, { chapterId: 'fx-recht-h1', position: 0.5 });
    expect(foreign.statusCode).toBe(404);
    expect((await s.call('PUT', '/api/summaries/bestaat-niet/progress', { chapterId: 'fx-psy-h1', position: 0.5 })).statusCode).toBe(404);
    // nothing was saved by the refused calls
    expect((await s.call('GET', SUMMARY)).json().progress).toBeNull();
  });

  it('never lists a chapter whose title is empty without markup', async () => {
    // The import refuses such chapters; a row that got in some other way is still never shown.
    await ctx.handle.db.updateTable('chapters').set({ title: '<em> </em>' }).where('id', '=', 'fx-psy-h3').execute();
    try {
      const s = await student(ctx, 'psychologie', { subscription: true });
      const summary = (await s.call('GET', SUMMARY)).json() as SummaryDetail;
      expect(summary.chapters.map((c) => c.chapterId)).toEqual(['fx-psy-h1', 'fx-psy-h2']);
      expect((await s.call('GET', `${SUMMARY}/chapters/fx-psy-h3`)).statusCode).toBe(404);
      expect((await s.call('GET', `${SUMMARY}/chapters/fx-psy-h2`)).json().next).toBeNull();
    } finally {
      await ctx.handle.db.updateTable('chapters').set({ title: 'Leren' }).where('id', '=', 'fx-psy-h3').execute();
    }
  });
});
