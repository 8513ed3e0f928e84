import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardSession, OwnSetDetail, OwnSetList } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { SUBJECT, flashcardsApp, student } from '../flashcards/support.ts';

type Student = Awaited<ReturnType<typeof student>>;

const LIST = 'woord\tbetekenis\nhuis\thouse\nboom\ttree\n';
const CHAPTER = 'fx-kaarten-h1';

/** Issue 28: an import goes into one of her subjects (and a chapter of it); the subject's flashcards overview lists her sets of it. */
describe.each(DIALECTS)('importing into a subject on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await flashcardsApp(dialect);
    // a second subject, for a chapter that is not the chosen subject's
    await importContent(ctx.handle.db, join(import.meta.dirname, '..', 'fixtures', 'plan-courses'), { dialect });
  });
  afterAll(async () => ctx?.close());

  const importText = (s: Student, query: string, key = randomUUID()) =>
    ctx.app.inject({ method: 'POST', url: `/api/card-imports?source=text&${query}`, headers: { ...s.headers, 'content-type': 'text/plain', 'idempotency-key': key }, payload: LIST });
  const sets = async (s: Student, query = '') => {
    const res = await s.call('GET', `/api/own-flashcard-sets${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as OwnSetList).sets;
  };

  it('imports into her subject and a chapter of it, once per Idempotency-Key, each card linked to the chapter', async () => {
    const s = await student(ctx.app);
    const key = randomUUID();
    const first = await importText(s, `title=Woorden&subjectId=${SUBJECT}&chapterId=${CHAPTER}`, key);
    expect(first.statusCode, first.body).toBe(201);
    const set = first.json() as OwnSetDetail;
    expect(set).toMatchObject({ title: 'Woorden', subjectId: SUBJECT, subjectTitle: 'Kaartenvak', cardCount: 2 });
    expect(set.cards.map((c) => [c.front.markdown, c.chapterId, c.summaryId])).toEqual([
      ['huis', CHAPTER, 'fx-kaarten-samenvatting'],
      ['boom', CHAPTER, 'fx-kaarten-samenvatting'],
    ]);
    const again = await importText(s, `title=Woorden&subjectId=${SUBJECT}&chapterId=${CHAPTER}`, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(set.id);

    // the subject only: a set without a chapter
    const plain = await importText(s, `title=Zonder%20hoofdstuk&subjectId=${SUBJECT}`);
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ subjectId: SUBJECT });
    expect((plain.json() as OwnSetDetail).cards.every((c) => c.chapterId === null)).toBe(true);
    expect(await sets(s)).toHaveLength(2);
  });

  it('refuses a chapter without its subject, of another subject, or unknown, and an unknown subject, storing nothing', async () => {
    const s = await student(ctx.app);
    const cases: Array<[string, number, string]> = [
      [`chapterId=${CHAPTER}`, 400, 'invalid_request'],
      [`subjectId=${SUBJECT}&chapterId=fx-plan-ander-h1`, 400, 'invalid_request'],
      [`subjectId=${SUBJECT}&chapterId=bestaat-niet`, 404, 'not_found'],
      ['subjectId=bestaat-niet', 404, 'not_found'],
      ['subjectId=Geen%20slug', 400, 'invalid_request'],
    ];
    for (const [query, status, error] of cases) {
      const res = await importText(s, `title=X&${query}`);
      expect(res.statusCode, query).toBe(status);
      expect(res.json().error, query).toBe(error);
      expect(res.json().error_description).toMatch(/[a-z]/);
    }
    expect(await sets(s)).toEqual([]);
  });

  it('imports only into a subject of her library: another study\'s subject answers 404 like an unknown one, storing nothing', async () => {
    const s = await student(ctx.app);
    const unknown = await importText(s, 'title=X&subjectId=bestaat-niet');
    for (const query of ['subjectId=fx-plan-ander', 'subjectId=fx-plan-ander&chapterId=fx-plan-ander-h1']) {
      const res = await importText(s, `title=Anatomie&${query}`);
      expect(res.statusCode, query).toBe(404);
      expect(res.json(), query).toEqual(unknown.json());
    }
    expect(await sets(s)).toEqual([]);
    // added to her library, it takes the import
    expect((await s.call('PUT', '/api/library/fx-plan-ander', undefined, { 'idempotency-key': randomUUID() })).statusCode).toBe(204);
    const res = await importText(s, 'title=Ander%20vak&subjectId=fx-plan-ander&chapterId=fx-plan-ander-h1');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ subjectId: 'fx-plan-ander', cardCount: 2 });
  });

  it("lists only her sets of a subject for its flashcards overview, and studies one in the normal session", async () => {
    const s = await student(ctx.app);
    const other = await student(ctx.app);
    const inSubject = (await importText(s, `title=Van%20mij&subjectId=${SUBJECT}`)).json() as OwnSetDetail;
    await importText(s, 'title=Persoonlijk');
    expect((await s.call('PUT', '/api/library/fx-plan-ander', undefined, { 'idempotency-key': randomUUID() })).statusCode).toBe(204);
    await importText(s, 'title=Ander%20vak&subjectId=fx-plan-ander');
    await importText(other, `title=Van%20een%20ander&subjectId=${SUBJECT}`);

    expect((await sets(s, `?subjectId=${SUBJECT}`)).map((x) => [x.title, x.subjectId, x.cardCount])).toEqual([['Van mij', SUBJECT, 2]]);
    expect((await sets(s)).map((x) => x.title)).toEqual(['Van mij', 'Persoonlijk', 'Ander vak']);
    expect((await sets(other, `?subjectId=${SUBJECT}`)).map((x) => x.title)).toEqual(['Van een ander']);
    expect((await s.call('GET', '/api/own-flashcard-sets?subjectId=Geen%20slug')).statusCode).toBe(400);

    // the set opens in the flashcard session like the subject's own sets
    const started = await s.call('POST', `/api/own-flashcard-sets/${inSubject.id}/sessions`, { source: 'set' }, { 'idempotency-key': randomUUID() });
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json() as FlashcardSession;
    expect(session.cards.map((c) => c.front.html)).toEqual(['<p>huis</p>\n', '<p>boom</p>\n']);
    // and nobody else can
    expect((await other.call('POST', `/api/own-flashcard-sets/${inSubject.id}/sessions`, { source: 'set' }, { 'idempotency-key': randomUUID() })).statusCode).toBe(404);
  });
});
