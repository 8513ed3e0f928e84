import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Library, SubjectDetail, SubjectSearchResult } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { createLibraryApp, student } from './support.ts';

const ids = (lib: Library) => lib.subjects.map((s) => s.id);

describe.each(DIALECTS)('library on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createLibraryApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/library',
        '/api/library/{subjectId}',
        '/api/subjects',
        '/api/subjects/{id}',
        '/api/summaries/{id}',
        '/api/summaries/{id}/chapters/{chapterId}',
        '/api/summaries/{id}/progress',
        '/api/home-banner/',
        '/api/home/continue',
        '/api/content/images/{subjectId}/{name}',
      ]),
    );
  });

  it('requires a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/library' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('unauthorized');
  });

  it("shows a psychology student her study's subjects, not law", async () => {
    const s = await student(ctx, 'psychologie');
    const res = await s.call('GET', '/api/library');
    expect(res.statusCode).toBe(200);
    const lib = res.json() as Library;
    expect(ids(lib)).toEqual(['fx-psychologie']);
    expect(lib.subjects[0]).toMatchObject({
      title: 'Fixture Psychologie',
      origin: 'study',
      summaryCount: 1,
      questionListCount: 1,
      chapterCount: 3,
      readChapterCount: 0,
      progress: 0,
      lastRead: null,
    });

    const law = await student(ctx, 'recht');
    expect(ids((await law.call('GET', '/api/library')).json())).toEqual(['fx-recht']);
  });

  it('adds and removes subjects, idempotently', async () => {
    const s = await student(ctx, 'psychologie');
    // add another study's subject, twice
    for (let i = 0; i < 2; i++) expect((await s.call('PUT', '/api/library/fx-recht')).statusCode).toBe(204);
    let lib = (await s.call('GET', '/api/library')).json() as Library;
    expect(ids(lib)).toEqual(['fx-psychologie', 'fx-recht']);
    expect(lib.subjects.find((x) => x.id === 'fx-recht')?.origin).toBe('added');

    // remove the added one, twice: gone
    for (let i = 0; i < 2; i++) expect((await s.call('DELETE', '/api/library/fx-recht')).statusCode).toBe(204);
    // remove her own study's subject: hidden
    for (let i = 0; i < 2; i++) expect((await s.call('DELETE', '/api/library/fx-psychologie')).statusCode).toBe(204);
    lib = (await s.call('GET', '/api/library')).json() as Library;
    expect(lib.subjects).toEqual([]);

    // and back again
    expect((await s.call('PUT', '/api/library/fx-psychologie')).statusCode).toBe(204);
    lib = (await s.call('GET', '/api/library')).json() as Library;
    expect(ids(lib)).toEqual(['fx-psychologie']);
    expect(lib.subjects[0]!.origin).toBe('study');
  });

  it("does not change another student's library", async () => {
    const a = await student(ctx, 'psychologie');
    const b = await student(ctx, 'psychologie');
    await a.call('DELETE', '/api/library/fx-psychologie');
    await a.call('PUT', '/api/library/fx-economie');
    expect(ids((await a.call('GET', '/api/library')).json())).toEqual(['fx-economie']);
    expect(ids((await b.call('GET', '/api/library')).json())).toEqual(['fx-psychologie']);
  });

  it('answers 404 for an unknown subject', async () => {
    const s = await student(ctx);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await s.call(method, '/api/library/bestaat-niet');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', error_description: 'Dit vak bestaat niet.' });
    }
    expect((await s.call('GET', '/api/subjects/bestaat-niet')).statusCode).toBe(404);
  });

  it('searches all subjects case-insensitively on title and description', async () => {
    const s = await student(ctx, 'psychologie');
    const all = (await s.call('GET', '/api/subjects')).json() as SubjectSearchResult;
    expect(all.total).toBe(3);
    expect(all.subjects.map((x) => [x.id, x.inLibrary])).toEqual([
      ['fx-economie', false],
      ['fx-psychologie', true],
      ['fx-recht', false],
    ]);

    const byTitle = (await s.call('GET', '/api/subjects?query=MICRO')).json() as SubjectSearchResult;
    expect(byTitle.subjects.map((x) => x.id)).toEqual(['fx-economie']);
    expect(byTitle.subjects[0]).toMatchObject({ summaryCount: 1, questionListCount: 0 });

    const byDescription = (await s.call('GET', '/api/subjects?query=Rechtsbronnen')).json() as SubjectSearchResult;
    expect(byDescription.subjects.map((x) => x.id)).toEqual(['fx-recht']);

    // like wildcards in the query match literally
    expect((await s.call('GET', '/api/subjects?query=%25')).json().subjects.map((x: { id: string }) => x.id)).toEqual(['fx-economie']);
    expect((await s.call('GET', '/api/subjects?query=fictief_voorbeeld')).json().total).toBe(1);
    expect((await s.call('GET', '/api/subjects?query=_')).json().total).toBe(1);
    expect((await s.call('GET', '/api/subjects?query=geen-enkel-vak')).json()).toEqual({ subjects: [], total: 0 });

    const limited = (await s.call('GET', '/api/subjects?limit=1')).json() as SubjectSearchResult;
    expect(limited).toMatchObject({ total: 3, subjects: [{ id: 'fx-economie' }] });
  });

  it('refuses a bad search limit with 400', async () => {
    const s = await student(ctx);
    for (const limit of ['0', '51', 'veel']) {
      const res = await s.call('GET', `/api/subjects?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
  });

  it('shows a subject with its summaries and question lists', async () => {
    const s = await student(ctx, 'recht');
    const res = await s.call('GET', '/api/subjects/fx-psychologie');
    expect(res.statusCode).toBe(200);
    const subject = res.json() as SubjectDetail;
    expect(subject).toMatchObject({ id: 'fx-psychologie', inLibrary: false, flashcardsEnabled: true });
    expect(subject.summaries).toEqual([
      {
        id: 'fx-psy-samenvatting',
        title: 'Samenvatting Fixture Psychologie',
        source: 'Testboek, 1e druk',
        description: 'Drie korte hoofdstukken om de lezer te testen.',
        chapterCount: 3,
        freeChapterCount: 1,
        readChapterCount: 0,
        startPage: 1,
        endPage: 50,
        pageCount: 50,
      },
    ]);
    expect(subject.questionLists).toEqual([
      {
        id: 'fx-psy-vragen-h1',
        title: 'Oefenvragen wat is psychologie',
        description: 'Twee vragen over het eerste hoofdstuk.',
        sortIndex: 1,
        totalQuestions: 2,
        chapterId: 'fx-psy-h1',
        progress: 0,
        score: null,
        sessionId: null,
      },
    ]);
  });

  it('counts read chapters into the progress and remembers the last chapter read', async () => {
    const s = await student(ctx, 'psychologie', { subscription: true });
    await s.call('PUT', '/api/summaries/fx-psy-samenvatting/progress', { chapterId: 'fx-psy-h1', position: 1 });
    await s.call('PUT', '/api/summaries/fx-psy-samenvatting/progress', { chapterId: 'fx-psy-h2', position: 0.3 });
    const lib = (await s.call('GET', '/api/library')).json() as Library;
    expect(lib.subjects[0]).toMatchObject({ chapterCount: 3, readChapterCount: 1, progress: 33 });
    expect(lib.subjects[0]!.lastRead).toMatchObject({ summaryId: 'fx-psy-samenvatting', chapterId: 'fx-psy-h2', chapterTitle: 'Geheugen', position: 0.3 });

    const subject = (await s.call('GET', '/api/subjects/fx-psychologie')).json() as SubjectDetail;
    expect(subject.summaries[0]!.readChapterCount).toBe(1);
  });
});
