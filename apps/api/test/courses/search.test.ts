import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, SearchResult } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { makePdf } from './pdf-maker.ts';

async function student(app: TestApp) {
  const { headers } = await signedInUser(app);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { ...headers, ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }) }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (courseId: string, bytes: Buffer, name: string) =>
    app.inject({ method: 'POST', url: `/api/courses/${courseId}/files?name=${encodeURIComponent(name)}`, headers: { ...headers, 'idempotency-key': randomUUID(), 'content-type': 'application/pdf' }, payload: bytes });
  const search = async (q: string): Promise<SearchResult> => {
    const res = await call('GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  return { call, upload, search };
}

const marked = (hit: { snippet: { text: string; marks: Array<[number, number]> } }) => hit.snippet.marks.map(([a, b]) => hit.snippet.text.slice(a, b));

describe.each(DIALECTS)('one search on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
    await importContent(ctx.handle.db, join(import.meta.dirname, '../fixtures/flashcards-courses'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("finds words in her PDFs by page, her cards and Blok's chapters, accents and case folded, and never another student's", async () => {
    const s = await student(ctx.app);
    const other = await student(ctx.app);
    const course: CourseDetail = (await s.call('POST', '/api/courses', { name: 'Sociale psychologie' })).json();
    const pdf = makePdf(['Inleiding tot het vak', 'De cognitieve dissonantie van Festinger verklaart gedrag', 'Het café als sociale ruimte']);
    const up = await s.upload(course.course.id, pdf, 'Hoorcollege 2.pdf');
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json().id;

    const dissonance = await s.search('DISSONANTIE');
    expect(dissonance.hits[0]).toMatchObject({ kind: 'page', courseId: course.course.id, courseName: 'Sociale psychologie', fileId, fileName: 'Hoorcollege 2.pdf', page: 2 });
    expect(marked(dissonance.hits[0]!)).toEqual(['dissonantie']);
    // accents folded both ways, and a word's beginning is enough
    expect((await s.search('cafe')).hits.map((h) => h.kind === 'page' && h.page)).toEqual([3]);
    const cafe = (await s.search('Café'));
    expect(marked(cafe.hits[0]!)).toEqual(['café']);
    expect((await s.search('cognit disson')).hits).toHaveLength(1);

    // another student finds none of it, nor do her files' words reach anyone else
    expect((await other.search('dissonantie')).hits.filter((h) => h.kind === 'page')).toEqual([]);

    // her own cards, indexed when she searches after changing them
    const set = (await s.call('POST', '/api/own-flashcard-sets', { title: 'Begrippen' })).json();
    const card = (await s.call('POST', `/api/own-flashcard-sets/${set.id}/cards`, { front: 'Wat is **zelfperceptie**?', back: 'Bem: we leiden onze attitudes af uit ons gedrag.' })).json();
    const found = await s.search('zelfperceptie');
    expect(found.hits).toEqual([expect.objectContaining({ kind: 'card', setId: set.id, setTitle: 'Begrippen', cardId: card.id })]);
    expect((await other.search('zelfperceptie')).hits).toEqual([]);
    await s.call('PUT', `/api/own-flashcards/${card.id}`, { front: 'Wat is attributie?', back: 'Een verklaring van gedrag.' });
    expect((await s.search('zelfperceptie')).hits).toEqual([]);

    // Blok's chapters, for everyone
    const chapter = await s.search('koppelen');
    expect(chapter.hits.some((h) => h.kind === 'chapter')).toBe(true);
    expect((await other.search('KOPPELEN')).hits.some((h) => h.kind === 'chapter')).toBe(true);

    // a renamed course names its hits anew; a deleted file and course leave no hits
    await s.call('PUT', `/api/courses/${course.course.id}`, { name: 'Sociale psychologie A' });
    expect((await s.search('dissonantie')).hits[0]).toMatchObject({ courseName: 'Sociale psychologie A' });
    expect((await s.call('DELETE', `/api/courses/${course.course.id}/files/${fileId}`)).statusCode).toBe(204);
    expect((await s.search('dissonantie')).hits).toEqual([]);
  });

  it('answers an empty or odd query without an error', async () => {
    const s = await student(ctx.app);
    expect((await s.search('¿?')).hits).toEqual([]);
    expect((await s.search('"NEAR(a b)" OR *')).hits).toBeInstanceOf(Array);
    const empty = await s.call('GET', '/api/search?q=%20');
    expect(empty.statusCode).toBe(400);
  });
});
