import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImport } from '../../src/card-import/parse.ts';
import { DEFAULT_IMPORT_LIMITS } from '../../src/card-import/types.ts';
import { DIALECTS, createTestApp, signedInUser, type TestContext } from '../helpers.ts';
import { BASIC, buildAnkiPackage, sampleDeck, zipOf } from './packages.ts';

const QUIZLET = 'fotosynthese\tomzetting van licht in suikers\ncel\tkleinste eenheid van leven\nmitose\tceldeling';

describe.each(DIALECTS)('card import and export on %s', (dialect) => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  let png: Buffer;
  beforeAll(async () => {
    // small limits, so the hostile cases stay small: 2 MB upload, 1 MB unpacked, 50 cards
    ctx = await createTestApp(dialect, { CARD_IMPORT_MAX_FILE_MB: '2', CARD_IMPORT_MAX_UNPACKED_MB: '1', CARD_IMPORT_MAX_CARDS: '50', REGISTER_RATE_LIMIT_IP: '1000' });
    headers = (await signedInUser(ctx.app)).headers;
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
  });
  afterAll(async () => ctx?.close());

  const send = (url: string, body: Buffer | string, type = 'application/octet-stream', extra: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': type, ...extra }, payload: body });
  const sets = async () => (await ctx.app.inject({ method: 'GET', url: '/api/own-flashcard-sets', headers })).json().sets as Array<{ id: string; title: string; cardCount: number }>;
  const detail = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/api/own-flashcard-sets/${id}`, headers })).json();

  it('previews a pasted Quizlet list without storing it, then imports it once per Idempotency-Key', async () => {
    const before = (await sets()).length;
    const preview = await send('/api/card-imports/preview?source=text', QUIZLET, 'text/plain');
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ source: 'text', separator: 'tab', header: false, cardCount: 3, skippedCount: 0, problems: [] });
    expect(preview.json().cards[0]).toMatchObject({ front: 'fotosynthese', frontHtml: '<p>fotosynthese</p>\n', back: 'omzetting van licht in suikers' });
    expect(await sets()).toHaveLength(before);

    const key = randomUUID();
    const url = '/api/card-imports?source=text&title=Biologie%20H1';
    const first = await send(url, QUIZLET, 'text/plain', { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ title: 'Biologie H1', cardCount: 3, subjectId: null });
    const again = await send(url, QUIZLET, 'text/plain', { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await sets()).toHaveLength(before + 1);
    const set = await detail(first.json().id);
    expect(set.cards.map((c: { front: { markdown: string }; back: { markdown: string } }) => [c.front.markdown, c.back.markdown])).toEqual([
      ['fotosynthese', 'omzetting van licht in suikers'],
      ['cel', 'kleinste eenheid van leven'],
      ['mitose', 'celdeling'],
    ]);
  });

  it('imports an Anki package with its picture, and the rest of a file with problems only when she says so', async () => {
    const spec = sampleDeck(3);
    spec.media = [{ name: 'cel.png', bytes: png }];
    spec.notes.push({ mid: BASIC.id, fields: ['Zonder achterkant', ''], ords: [0] });
    const apkg = await buildAnkiPackage(spec);
    const preview = await send('/api/card-imports/preview?source=apkg', apkg);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ source: 'apkg', suggestedTitle: 'Biologie', cardCount: 6, skippedCount: 1, pictureCount: 1 });
    expect(preview.json().problems).toEqual([{ where: 'notitie 5', message: 'De achterkant is leeg.', skipped: true }]);
    expect(preview.json().notices).toEqual([expect.stringContaining('geluidsfragment')]);

    const before = (await sets()).length;
    const refused = await send('/api/card-imports?source=apkg&title=Biologie', apkg, undefined, { 'idempotency-key': randomUUID() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('import_has_problems');
    expect(await sets()).toHaveLength(before);

    const done = await send('/api/card-imports?source=apkg&title=Biologie&skipProblems=yes', apkg, undefined, { 'idempotency-key': randomUUID() });
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ title: 'Biologie', cardCount: 6 });
    const set = await detail(done.json().id);
    expect(set.cards).toHaveLength(6);
    expect(set.cards[0].front.markdown).toBe('**Mitochondrion**');
    expect(set.cards[0].back.pictureUrl).toMatch(/^\/api\/own-card-pictures\//);
    const picture = await ctx.app.inject({ method: 'GET', url: set.cards[0].back.pictureUrl, headers });
    expect(picture.statusCode).toBe(200);
    expect(set.cards[3].front.markdown).toBe('De \\[…\\] bevat het DNA.');
    // Anki's tags, and the sub-deck (Biologie::Cellen) the cards were in, are kept on the cards
    expect(set.cards.map((c: { tags: string[] }) => c.tags)).toEqual([['biologie', 'cel', 'Cellen'], ['Cellen'], ['Cellen'], ['Cellen'], ['Cellen'], ['Cellen']]);
  });

  it('refuses hostile and oversized files with a Dutch reason and stores nothing', async () => {
    const before = (await sets()).length;
    const cases: Array<{ body: Buffer; source: string; status: number; error: string }> = [];
    // not what its extension says
    cases.push({ body: Buffer.from(QUIZLET), source: 'apkg', status: 415, error: 'unsupported_file_type' });
    // a database with an unexpected table
    const odd = sampleDeck(1);
    odd.extraSql = 'CREATE TABLE payload (x)';
    cases.push({ body: await buildAnkiPackage(odd), source: 'apkg', status: 422, error: 'import_unsafe_file' });
    // path traversal in the media list
    const traversal = sampleDeck(1);
    traversal.rawMediaList = Buffer.from(JSON.stringify({ 0: '../../../etc/cron.d/x' }));
    cases.push({ body: await buildAnkiPackage(traversal), source: 'apkg', status: 422, error: 'import_unsafe_file' });
    // a zip bomb: 1.5 MB of zeros (past the 1 MB unpacked limit) in a few KB
    cases.push({ body: await zipOf([{ name: 'collection.anki2', bytes: new Uint8Array(1536 * 1024) }]), source: 'apkg', status: 413, error: 'file_too_large' });
    // more cards than the limit (50)
    cases.push({ body: Buffer.from(Array.from({ length: 100_000 }, (_, i) => `v${i}\ta${i}`).join('\n')), source: 'text', status: 413, error: 'import_too_many_cards' });
    for (const c of cases) {
      for (const path of ['/api/card-imports/preview', '/api/card-imports']) {
        const res = await send(`${path}?source=${c.source}&title=X`, c.body, 'application/octet-stream', { 'idempotency-key': randomUUID() });
        expect(res.statusCode, `${path} ${c.error}`).toBe(c.status);
        expect(res.json().error).toBe(c.error);
        expect(res.json().error_description).toMatch(/[a-z]/);
      }
    }
    expect(await sets()).toHaveLength(before);
  });

  it('refuses an upload past the size limit before reading it, and any upload without a token', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 0x61);
    const tooLarge = await send('/api/card-imports/preview?source=text', big, 'text/plain');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: 'file_too_large', error_description: 'Dit bestand is groter dan 2 MB.' });
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/card-imports/preview?source=text', headers: { 'content-type': 'text/plain' }, payload: QUIZLET });
    expect(anonymous.statusCode).toBe(401);
    const badQuery = await send('/api/card-imports/preview?source=pdf', QUIZLET, 'text/plain');
    expect(badQuery.statusCode).toBe(400);
  });

  it('exports her set as CSV and as .apkg that read back as the same cards, and no other student reads them', async () => {
    // a text with a tags column: the tags go with the cards
    const created = await send('/api/card-imports?source=text&title=Export%20test', 'voorkant;achterkant;tags\n"een; twee";**drie**;getal oefen::h1\nvier;"vijf\nzes";\n', 'text/plain', { 'idempotency-key': randomUUID() });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const original = (await detail(id)).cards.map((c: { front: { markdown: string }; back: { markdown: string } }) => [c.front.markdown, c.back.markdown]);
    expect(original).toEqual([['een; twee', '**drie**'], ['vier', 'vijf\nzes']]);
    const tags = [['getal', 'oefen::h1'], []];
    expect((await detail(id)).cards.map((c: { tags: string[] }) => c.tags)).toEqual(tags);

    const csv = await ctx.app.inject({ method: 'GET', url: `/api/card-exports/${id}?format=csv`, headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('Export test.csv');
    const fromCsv = await parseImport({ source: 'text', bytes: csv.rawPayload, limits: DEFAULT_IMPORT_LIMITS });
    expect(fromCsv.header).toBe(true);
    expect(fromCsv.cards.map((c) => [c.front, c.back])).toEqual(original);
    expect(fromCsv.cards.map((c) => c.tags)).toEqual(tags);
    expect(fromCsv.problems).toEqual([]);

    const apkg = await ctx.app.inject({ method: 'GET', url: `/api/card-exports/${id}?format=apkg`, headers });
    expect(apkg.statusCode).toBe(200);
    const fromApkg = await parseImport({ source: 'apkg', bytes: apkg.rawPayload, limits: DEFAULT_IMPORT_LIMITS });
    expect(fromApkg.deckName).toBe('Export test');
    // Anki holds the HTML the set shows, a line break she typed as one (before issue 38 it became a space)
    const shown = original;
    expect(fromApkg.cards.map((c) => [c.front, c.back])).toEqual(shown);
    expect(fromApkg.cards.map((c) => c.tags)).toEqual(tags);

    // and through the API: the exported package imports as a set with the same cards
    const again = await send('/api/card-imports?source=apkg&title=Terug', apkg.rawPayload, undefined, { 'idempotency-key': randomUUID() });
    expect(again.statusCode).toBe(201);
    expect((await detail(again.json().id)).cards.map((c: { front: { markdown: string }; back: { markdown: string } }) => [c.front.markdown, c.back.markdown])).toEqual(shown);
    expect((await detail(again.json().id)).cards.map((c: { tags: string[] }) => c.tags)).toEqual(tags);

    const other = (await signedInUser(ctx.app)).headers;
    for (const format of ['csv', 'apkg']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/card-exports/${id}?format=${format}`, headers: other })).statusCode).toBe(404);
    }
  });
});
