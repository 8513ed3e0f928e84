import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Annotation, ChapterContent, CreateAnnotationBody, SummaryAnnotations } from '@blok/contract';
import { describeRange, readerText } from '@blok/domain';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { createLibraryApp, student } from '../library/support.ts';

const SUMMARY = 'fx-psy-samenvatting';
const CHAPTER = 'fx-psy-h1';
const SENTENCE = 'Psychologie is de wetenschap van gedrag en mentale processen.';

type Student = Awaited<ReturnType<typeof student>>;

describe.each(DIALECTS)('highlights and notes on %s', (dialect) => {
  let ctx: TestContext;
  let chapterText: string;
  let originalHtml: string;

  beforeAll(async () => {
    ctx = await createLibraryApp(dialect);
    const s = await student(ctx);
    const chapter = (await s.call('GET', `/api/summaries/${SUMMARY}/chapters/${CHAPTER}`)).json() as ChapterContent;
    // the text the reader shows: what the browser's textContent of the chapter's HTML is
    chapterText = readerText(chapter.html);
    originalHtml = (await ctx.handle.db.selectFrom('chapters').select('html').where('id', '=', CHAPTER).executeTakeFirstOrThrow()).html;
  });
  afterAll(async () => ctx?.close());

  const send = (s: Student, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, key: string = randomUUID()) =>
    ctx.app.inject({ method, url, headers: { ...s.headers, 'idempotency-key': key }, ...(payload ? { payload } : {}) });

  const body = (quote = SENTENCE, extra: Partial<CreateAnnotationBody> = {}): CreateAnnotationBody => {
    const start = chapterText.indexOf(quote);
    return { id: randomUUID(), chapterId: CHAPTER, color: 'yellow', anchor: describeRange(chapterText, start, start + quote.length), ...extra };
  };

  const list = async (s: Student) => (await s.call('GET', `/api/summaries/${SUMMARY}/annotations`)).json() as SummaryAnnotations;

  it('creates, lists, edits and deletes her highlights and notes, each key once', async () => {
    const s = await student(ctx);
    const highlight = body();
    const key = randomUUID();
    const created = await send(s, 'POST', `/api/summaries/${SUMMARY}/annotations`, highlight, key);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: highlight.id, chapterId: CHAPTER, color: 'yellow', note: null, anchor: highlight.anchor });
    // a retry with the same key answers the first response and stores nothing twice
    const again = await send(s, 'POST', `/api/summaries/${SUMMARY}/annotations`, highlight, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(created.json());

    const note = body('Gedrag is wat je kunt zien.', { color: 'blue', note: '  Vraag op het tentamen!  ' });
    const noted = await send(s, 'POST', `/api/summaries/${SUMMARY}/annotations`, note);
    expect(noted.statusCode).toBe(201);
    expect((noted.json() as Annotation).note).toBe('Vraag op het tentamen!');

    let listed = await list(s);
    expect(listed.annotations.map((a) => [a.id, a.chapterNumber, a.chapterTitleText, a.found?.moved])).toEqual([
      [highlight.id, 1, 'Wat is psychologie?', false],
      [note.id, 1, 'Wat is psychologie?', false],
    ]);
    const found = listed.annotations[0]!.found!;
    expect(chapterText.slice(found.start, found.end)).toBe(SENTENCE);

    const patchKey = randomUUID();
    const patched = await send(s, 'PATCH', `/api/annotations/${highlight.id}`, { color: 'green', note: 'Definitie' }, patchKey);
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ color: 'green', note: 'Definitie' });
    expect((await send(s, 'PATCH', `/api/annotations/${highlight.id}`, { color: 'green', note: 'Definitie' }, patchKey)).headers['idempotent-replayed']).toBe('true');
    expect((await send(s, 'PATCH', `/api/annotations/${highlight.id}`, { note: null })).json()).toMatchObject({ color: 'green', note: null });

    const delKey = randomUUID();
    expect((await send(s, 'DELETE', `/api/annotations/${note.id}`, undefined, delKey)).statusCode).toBe(204);
    const replayed = await send(s, 'DELETE', `/api/annotations/${note.id}`, undefined, delKey);
    expect(replayed.statusCode).toBe(204);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect((await send(s, 'DELETE', `/api/annotations/${note.id}`)).statusCode).toBe(404);
    listed = await list(s);
    expect(listed.annotations.map((a) => [a.id, a.color, a.note])).toEqual([[highlight.id, 'green', null]]);
  });

  it("answers 404 for another student's highlight, and lists only hers", async () => {
    const owner = await student(ctx);
    const other = await student(ctx);
    const mine = body();
    expect((await send(owner, 'POST', `/api/summaries/${SUMMARY}/annotations`, mine)).statusCode).toBe(201);
    expect((await send(other, 'PATCH', `/api/annotations/${mine.id}`, { color: 'pink' })).statusCode).toBe(404);
    const deleted = await send(other, 'DELETE', `/api/annotations/${mine.id}`);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().error).toBe('not_found');
    expect((await list(other)).annotations).toEqual([]);
    // her id cannot be taken over either
    expect((await send(other, 'POST', `/api/summaries/${SUMMARY}/annotations`, mine)).statusCode).toBe(409);
    expect((await list(owner)).annotations.map((a) => [a.id, a.color])).toEqual([[mine.id, 'yellow']]);
  });

  it('refuses bad input with a code, a chapter of another summary, and a locked chapter', async () => {
    const s = await student(ctx);
    const url = `/api/summaries/${SUMMARY}/annotations`;
    const bad = await send(s, 'POST', url, { ...body(), color: 'purple' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_request');
    expect((await send(s, 'POST', url, { ...body(), id: 'not-a-uuid' })).statusCode).toBe(400);
    expect((await send(s, 'POST', url, { ...body(), note: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await send(s, 'PATCH', `/api/annotations/${randomUUID()}`, {})).statusCode).toBe(400);
    expect((await send(s, 'POST', url, { ...body(), chapterId: 'fx-recht-h1' })).statusCode).toBe(404);
    expect((await send(s, 'POST', '/api/summaries/bestaat-niet/annotations', body())).statusCode).toBe(404);
    const locked = await send(s, 'POST', url, { ...body(), chapterId: 'fx-psy-h2' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toBe('premium_required');
  });

  it('places highlights again in a corrected chapter, or lists them as no longer found', async () => {
    const s = await student(ctx);
    const kept = body('Mentale processen zijn gedachten en gevoelens.');
    const gone = body(SENTENCE);
    for (const b of [kept, gone]) expect((await send(s, 'POST', `/api/summaries/${SUMMARY}/annotations`, b)).statusCode).toBe(201);
    // the author corrects the chapter: a paragraph before, and the first sentence rewritten
    const corrected = originalHtml
      .replace('<p>Psychologie is de wetenschap van gedrag en mentale processen.</p>', '<p>Nieuw: een inleidende alinea.</p>\n<p>Psychologie bestudeert gedrag.</p>');
    expect(corrected).not.toBe(originalHtml);
    await ctx.handle.db.updateTable('chapters').set({ html: corrected }).where('id', '=', CHAPTER).execute();
    try {
      const newText = readerText(((await s.call('GET', `/api/summaries/${SUMMARY}/chapters/${CHAPTER}`)).json() as ChapterContent).html);
      const listed = await list(s);
      const byId = new Map(listed.annotations.map((a) => [a.id, a]));
      const moved = byId.get(kept.id)!.found!;
      expect(moved.moved).toBe(true);
      expect(moved.start).not.toBe(kept.anchor.position.start);
      expect(newText.slice(moved.start, moved.end)).toBe('Mentale processen zijn gedachten en gevoelens.');
      expect(byId.get(gone.id)!.found).toBeNull();
      // still hers, with the words she marked
      expect(byId.get(gone.id)!.anchor.quote.exact).toBe(SENTENCE);
    } finally {
      await ctx.handle.db.updateTable('chapters').set({ html: originalHtml }).where('id', '=', CHAPTER).execute();
    }
  });
});
