import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseImport } from '../../src/card-import/parse.ts';
import { parseInWorker } from '../../src/card-import/runner.ts';
import { detectSeparator, splitRows } from '../../src/card-import/text.ts';
import { writeApkg } from '../../src/card-import/apkg.ts';
import { ankiHtmlToMarkdown } from '../../src/card-import/html.ts';
import { DEFAULT_IMPORT_LIMITS, ImportRefused, type ImportLimits, type ParseRequest } from '../../src/card-import/types.ts';
import { BASIC, PNG, THREE_FIELDS, buildAnkiPackage, sampleDeck, zipOf, zstd } from './packages.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, maxCards: 500 };
const text = (s: string, opts: ParseRequest['text'] = {}) => parseImport({ source: 'text', bytes: enc(s), text: opts, limits });
const apkg = (bytes: Uint8Array, extra: Partial<ParseRequest> = {}) => parseImport({ source: 'apkg', bytes, limits, ...extra });

async function refusal(p: Promise<unknown>): Promise<ImportRefused> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportRefused);
  return err as ImportRefused;
}

describe('text import', () => {
  it("imports Quizlet's export (term TAB definition) as is", async () => {
    const r = await text('fotosynthese\tomzetting van licht in suikers\ncel\tkleinste eenheid van leven, met "membraan"\n');
    expect(r.separator).toBe('tab');
    expect(r.header).toBe(false);
    expect(r.cards.map((c) => [c.front, c.back])).toEqual([
      ['fotosynthese', 'omzetting van licht in suikers'],
      ['cel', 'kleinste eenheid van leven, met "membraan"'],
    ]);
    expect(r.problems).toEqual([]);
  });

  it('detects semicolon and comma, reads RFC 4180 quotes and recognises a header row', async () => {
    const r = await text('Vraag;Antwoord\r\n"Hoofdstad; van Frankrijk";Parijs\r\n"Een ""citaat""";"twee\r\nregels"\r\nHoofdstad NL;Amsterdam\r\n');
    expect(r.separator).toBe('semicolon');
    expect(r.header).toBe(true);
    expect(r.cards.map((c) => [c.front, c.back, c.source])).toEqual([
      ['Hoofdstad; van Frankrijk', 'Parijs', 'regel 2'],
      ['Een "citaat"', 'twee\nregels', 'regel 3'],
      ['Hoofdstad NL', 'Amsterdam', 'regel 5'],
    ]);
    const c = await text('term,definition\nappel,"rood, rond"\npeer,groen\n');
    expect(c.separator).toBe('comma');
    expect(c.cards[0]).toMatchObject({ front: 'appel', back: 'rood, rond' });
    expect(detectSeparator('a,b;c\nd,e;f')).toBe('semicolon');
  });

  it('takes a chosen or custom separator and a header choice', async () => {
    const r = await text('a - b\nc - d', { separator: 'custom', customSeparator: ' - ', header: false });
    expect(r.cards.map((c) => [c.front, c.back])).toEqual([['a', 'b'], ['c', 'd']]);
    const forced = await text('front\tback\nx\ty', { header: false });
    expect(forced.cards).toHaveLength(2);
  });

  it('lists every problem by line and imports the rest', async () => {
    const r = await text('goed\tkaart\nalleen voorkant\n\tgeen voorkant\nvoor\t\nveel\tkolommen\tweg\n"open\tquote');
    expect(r.cards.map((c) => c.front)).toEqual(['goed', 'veel']);
    expect(r.problems).toEqual([
      { where: 'regel 2', message: expect.stringContaining('Geen scheidingsteken'), skipped: true },
      { where: 'regel 3', message: 'De voorkant is leeg.', skipped: true },
      { where: 'regel 4', message: 'De achterkant is leeg.', skipped: true },
      { where: 'regel 5', message: expect.stringContaining('derde kolom'), skipped: false },
      { where: 'regel 6', message: expect.stringContaining('aanhalingsteken'), skipped: true },
    ]);
  });

  it('refuses more cards than the limit, binary files and non-UTF-8 text in Dutch', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) => `v${i}\ta${i}`).join('\n');
    const err = await refusal(text(many));
    expect(err.code).toBe('import_too_many_cards');
    expect(err.message).toMatch(/meer dan 500 kaarten/);
    expect((await refusal(parseImport({ source: 'text', bytes: PNG, limits }))).code).toBe('import_wrong_file');
    expect((await refusal(parseImport({ source: 'text', bytes: Uint8Array.from([0x63, 0xe9, 0x09, 0x62]), limits }))).message).toMatch(/UTF-8/);
    expect((await refusal(parseImport({ source: 'text', bytes: await zipOf([{ name: 'a', bytes: enc('x') }]), limits }))).code).toBe('import_wrong_file');
  });

  it('stops splitting at the row limit', () => {
    expect(splitRows('a\tb\nc\td\ne\tf', '\t', 2).rows).toHaveLength(2);
  });
});

describe('Anki HTML', () => {
  it('keeps simple formatting as Markdown and drops scripts, attributes and links', () => {
    const r = ankiHtmlToMarkdown('<b>vet</b> en <i>schuin</i><br><ul><li>een</li><li>twee</li></ul><script>alert(1)</script><span style="color:red" onclick="x">*ster*</span><img src="a%20b.png"><img src="https://x/y.png">[sound:s.mp3]');
    expect(r.markdown).toBe('**vet** en *schuin*\n\n- een\n- twee\n\\*ster\\*');
    expect(r.images).toEqual(['a b.png']);
    expect(r.externalImages).toBe(1);
    expect(r.sounds).toBe(1);
  });
});

describe('Anki packages', () => {
  for (const version of [1, 2, 3] as const) {
    const name = { 1: 'legacy collection.anki2', 2: 'collection.anki21', 3: 'collection.anki21b (zstd)' }[version];
    it(`reads basic, reversed and cloze notes with HTML, a picture and a sound from ${name}`, async () => {
      const r = await apkg(await buildAnkiPackage(sampleDeck(version)));
      expect(r.format).toBe('apkg');
      expect(r.deckName).toBe('Biologie');
      expect(r.cards.map((c) => [c.source, c.front, c.back, c.frontPicture, c.backPicture])).toEqual([
        ['notitie 1', '**Mitochondrion**', 'Energiecentrale van de cel', null, 'cel.png'],
        ['notitie 2, kaart 1', 'Ribosoom', 'Maakt eiwitten', null, null],
        ['notitie 2, kaart 2', 'Maakt eiwitten', 'Ribosoom', null, null],
        ['notitie 3, cloze 1', 'De \\[…\\] bevat het DNA.', 'De **kern** bevat het DNA.\n\n*Eukaryoten*', null, null],
        ['notitie 3, cloze 2', 'De kern bevat het \\[erfelijk materiaal\\].', 'De kern bevat het **DNA**.\n\n*Eukaryoten*', null, null],
        ['notitie 4', 'Golgi-apparaat', 'Verpakt eiwitten\nlink', null, null],
      ]);
      // the sub-deck the cards were in is kept as a tag
      expect(r.cards[0]!.tags).toEqual(['biologie', 'cel', 'Cellen']);
      expect(r.cards[1]!.tags).toEqual(['Cellen']);
      expect(r.pictures['cel.png']!.type).toBe('image/png');
      expect(Buffer.from(r.pictures['cel.png']!.bytes)).toEqual(Buffer.from(PNG));
      expect(Object.keys(r.pictures)).toEqual(['cel.png']);
      expect(r.notices).toEqual([expect.stringContaining('1 geluidsfragment is weggelaten')]);
      expect(r.noteTypes.map((n) => [n.name, n.kind, n.front, n.back, n.notes])).toEqual([
        ['Basic', 'standard', 0, 1, 2],
        ['Basic (and reversed card)', 'standard', 0, 1, 1],
        ['Cloze', 'cloze', 0, 1, 1],
      ]);
    });
  }

  it('maps fields to front and back as she chooses when a note type has more than two', async () => {
    const spec = { version: 3 as const, noteTypes: [THREE_FIELDS], notes: [{ mid: THREE_FIELDS.id, fields: ['huis', '[hœys]', 'house'], ords: [0] }] };
    const bytes = await buildAnkiPackage(spec);
    const first = await apkg(bytes);
    expect(first.noteTypes[0]).toMatchObject({ fields: ['Woord', 'Uitspraak', 'Betekenis'], front: 0, back: 1 });
    const chosen = await apkg(bytes, { anki: { mapping: { [THREE_FIELDS.id]: { front: 0, back: 2 } } } });
    expect(chosen.cards[0]).toMatchObject({ front: 'huis', back: 'house' });
  });

  it('reads a .colpkg holding one deck and refuses one with several', async () => {
    const one = await parseImport({ source: 'colpkg', bytes: await buildAnkiPackage(sampleDeck(3)), limits });
    expect(one.cards).toHaveLength(6);
    const two = sampleDeck(2);
    two.decks!.push({ id: 5, name: 'Scheikunde' });
    two.notes[0]!.did = 5;
    expect((await refusal(parseImport({ source: 'colpkg', bytes: await buildAnkiPackage(two), limits }))).message).toMatch(/meer dan één stapel/);
  });

  it('leaves out a picture past the size cap or that is no picture, with a problem', async () => {
    const spec = sampleDeck(1);
    spec.notes.push({ mid: BASIC.id, fields: ['Plaatje', 'tekst <img src="nep.png">'], ords: [0] });
    spec.media!.push({ name: 'nep.png', bytes: enc('<svg onload="alert(1)"></svg>') });
    const r = await apkg(await buildAnkiPackage(spec), { limits: { ...limits, maxPictureBytes: 50 } });
    expect(r.pictures).toEqual({});
    expect(r.problems).toEqual([
      { where: 'cel.png', message: expect.stringContaining('groter dan'), skipped: false },
      { where: 'nep.png', message: expect.stringContaining('geen afbeelding'), skipped: false },
    ]);
    expect(r.cards.find((c) => c.front === 'Plaatje')).toMatchObject({ back: 'tekst', backPicture: null });
  });

  // What real Anki packages showed (see real-packages/README.md): AnkiDroid's templates deck and Anki's media.apkg
  it('makes a cloze card for a deletion in any field the template deletes from, and shows all those fields', async () => {
    const multi = {
      id: 1700000000011,
      name: 'Vervoegingen',
      kind: 'cloze' as const,
      fields: ['Tekst1', 'Tekst2', 'Uitleg'],
      templates: [{ name: 'Cloze', qfmt: '{{cloze:Tekst1}}<br>{{cloze:Tekst2}}', afmt: '{{cloze:Tekst1}}<br>{{cloze:Tekst2}}<hr>{{Uitleg}}' }],
    };
    for (const version of [1, 3] as const) {
      const r = await apkg(await buildAnkiPackage({ version, noteTypes: [multi], notes: [{ mid: multi.id, fields: ['ik {{c1::loop}}', 'jij {{c2::loopt}}', 'lopen'], ords: [0, 1] }] }));
      expect(r.problems).toEqual([]);
      expect(r.noteTypes[0]).toMatchObject({ front: 0, back: 2 });
      expect(r.cards.map((c) => [c.source, c.front, c.back])).toEqual([
        ['notitie 1, cloze 1', 'ik \\[…\\]\njij loopt', 'ik **loop**\njij loopt\n\nlopen'],
        ['notitie 1, cloze 2', 'ik loop\njij \\[…\\]', 'ik loop\njij **loopt**\n\nlopen'],
      ]);
    }
  });

  it("asks and answers what each card's own template shows when a note type has a card per field", async () => {
    const muscle = {
      id: 1700000000012,
      name: 'Spier',
      kind: 'standard' as const,
      fields: ['Naam', 'Functie', 'Oorsprong'],
      templates: [
        { name: 'Functie', qfmt: '{{#Functie}}Wat doet {{Naam}}?{{/Functie}}', afmt: '{{FrontSide}}<hr id=answer>{{Functie}}' },
        { name: 'Oorsprong', qfmt: '{{#Oorsprong}}{{#Naam}}Waar begint {{Naam}}?{{/Naam}}{{/Oorsprong}}', afmt: '{{FrontSide}}<hr id=answer>{{Oorsprong}}' },
        // typing the answer: {{type:Functie}} is a box, Functie is the answer
        { name: 'Typen', qfmt: '{{Uitspraak}}{{Naam}}<br>{{type:Functie}}', afmt: '{{FrontSide}}<hr id=answer>{{Uitspraak}}{{Functie}}' },
      ],
    };
    const withSound = { ...muscle, fields: [...muscle.fields, 'Uitspraak'] };
    const r = await apkg(
      await buildAnkiPackage({ version: 2, noteTypes: [withSound], notes: [{ mid: muscle.id, fields: ['Deltaspier', 'Heft de arm', 'Sleutelbeen', '[sound:d.mp3]'], ords: [0, 1, 2] }] }),
    );
    expect(r.noteTypes[0]).toMatchObject({ front: 0, back: 1 });
    expect(r.cards.map((c) => [c.source, c.front, c.back])).toEqual([
      ['notitie 1, kaart 1', 'Deltaspier', 'Heft de arm'],
      ['notitie 1, kaart 2', 'Deltaspier', 'Sleutelbeen'],
      ['notitie 1, kaart 3', 'Deltaspier', 'Heft de arm'],
    ]);
  });

  it('names a side that is only sound or only a missing picture, instead of calling it empty', async () => {
    const r = await apkg(
      await buildAnkiPackage({
        version: 1,
        noteTypes: [BASIC],
        notes: [
          { mid: BASIC.id, fields: ['[sound:foo.wav]', 'bar'], ords: [0] },
          { mid: BASIC.id, fields: ['<img src="weg.jpg">', 'Welke spier?'], ords: [0] },
        ],
      }),
    );
    expect(r.problems).toEqual([
      { where: 'notitie 1', message: 'De voorkant is alleen geluid, en Blok speelt geen geluid af.', skipped: true },
      { where: 'notitie 2', message: 'De afbeelding op de voorkant ontbreekt in het pakket.', skipped: true },
    ]);
    expect(r.notices).toEqual([expect.stringContaining('1 geluidsfragment'), '1 afbeelding ontbreekt in het pakket; de kaarten komen zonder.']);
  });

  it('round-trips its own export', async () => {
    const bytes = await writeApkg('Mijn set', [{ kind: 'basic', fields: ['<p><strong>A</strong></p>', '<p>B <img src="x.png"></p>'], tags: ['t'], ords: [0] }], [{ name: 'x.png', bytes: PNG }]);
    const r = await apkg(bytes);
    expect(r.deckName).toBe('Mijn set');
    expect(r.cards).toEqual([{ front: '**A**', back: 'B', frontPicture: null, backPicture: 'x.png', tags: ['t'], source: 'notitie 1', note: null }]);
  });
});

/**
 * What Anki's own test packages hold (pylib/tests/support/media.apkg, update1.apkg): a zip with
 * `collection.anki2` (schema 11: col with ver 11, notes, cards, revlog, graves and their indexes),
 * `media` (JSON, entry number -> file name) and the media files named 0, 1, …; col.models holds
 * note types with id, name, type, flds (name, ord), tmpls (name, ord, qfmt, afmt), css, sortf, did,
 * req, tags, vers, usn, mod; col.decks decks with id, name, desc, dyn, conf, and the Default deck 1.
 */
describe('the exported .apkg', () => {
  it("has the structure of Anki's own test packages", async () => {
    const Database = (await import('better-sqlite3')).default;
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const yauzl = (await import('yauzl')).default;
    const bytes = await writeApkg('Structuur', [{ kind: 'basic', fields: ['voor', 'achter <img src="p.png">'], tags: [], ords: [0] }], [{ name: 'p.png', bytes: PNG }]);
    const entries = await new Promise<Map<string, Buffer>>((resolve, reject) => {
      yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
        if (err) return reject(err);
        const out = new Map<string, Buffer>();
        zip.on('entry', (e: import('yauzl').Entry) =>
          zip.openReadStream(e, (err2, stream) => {
            if (err2) return reject(err2);
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c));
            stream.on('end', () => {
              out.set(e.fileName, Buffer.concat(chunks));
              zip.readEntry();
            });
          }),
        );
        zip.on('end', () => resolve(out));
        zip.readEntry();
      });
    });
    expect([...entries.keys()].sort()).toEqual(['0', 'collection.anki2', 'media']);
    expect(JSON.parse(entries.get('media')!.toString())).toEqual({ 0: 'p.png' });
    expect(entries.get('0')).toEqual(Buffer.from(PNG));
    const dir = mkdtempSync(join(tmpdir(), 'blok-apkg-structure-'));
    try {
      writeFileSync(join(dir, 'c.db'), entries.get('collection.anki2')!);
      const db = new Database(join(dir, 'c.db'), { readonly: true });
      const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name);
      expect(tables).toEqual(['cards', 'col', 'graves', 'notes', 'revlog']);
      const columns = (t: string) => (db.prepare(`PRAGMA table_info(${t})`).all() as Array<{ name: string }>).map((c) => c.name);
      expect(columns('col')).toEqual(['id', 'crt', 'mod', 'scm', 'ver', 'dty', 'usn', 'ls', 'conf', 'models', 'decks', 'dconf', 'tags']);
      expect(columns('notes')).toEqual(['id', 'guid', 'mid', 'mod', 'usn', 'tags', 'flds', 'sfld', 'csum', 'flags', 'data']);
      expect(columns('cards')).toEqual(['id', 'nid', 'did', 'ord', 'mod', 'usn', 'type', 'queue', 'due', 'ivl', 'factor', 'reps', 'lapses', 'left', 'odue', 'odid', 'flags', 'data']);
      expect(columns('revlog')).toEqual(['id', 'cid', 'usn', 'ease', 'ivl', 'lastIvl', 'factor', 'time', 'type']);
      expect(columns('graves')).toEqual(['usn', 'oid', 'type']);
      const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name);
      expect(indexes).toEqual(['ix_cards_nid', 'ix_cards_sched', 'ix_cards_usn', 'ix_notes_csum', 'ix_notes_usn', 'ix_revlog_cid', 'ix_revlog_usn']);
      const col = db.prepare('SELECT ver, models, decks, dconf, conf FROM col').get() as { ver: number; models: string; decks: string; dconf: string; conf: string };
      expect(col.ver).toBe(11);
      const models = Object.values(JSON.parse(col.models) as Record<string, Record<string, unknown>>);
      expect(models).toHaveLength(1);
      for (const key of ['id', 'name', 'type', 'flds', 'tmpls', 'css', 'sortf', 'did', 'req', 'tags', 'vers', 'usn', 'mod', 'latexPre', 'latexPost']) expect(models[0]).toHaveProperty(key);
      expect((models[0]!.tmpls as Array<Record<string, unknown>>)[0]).toMatchObject({ ord: 0, qfmt: '{{Front}}' });
      const decks = JSON.parse(col.decks) as Record<string, Record<string, unknown>>;
      expect(decks['1']).toMatchObject({ id: 1, name: 'Default' });
      expect(Object.values(decks).map((d) => d.name)).toContain('Structuur');
      for (const d of Object.values(decks)) for (const key of ['id', 'name', 'desc', 'dyn', 'conf', 'usn', 'mod']) expect(d).toHaveProperty(key);
      expect(JSON.parse(col.dconf)).toHaveProperty('1');
      const note = db.prepare('SELECT n.mid, n.flds, n.csum, c.nid, c.did, c.ord FROM notes n JOIN cards c ON c.nid = n.id').get() as Record<string, unknown>;
      expect(String(note.flds).split('\u001f')).toEqual(['voor', 'achter <img src="p.png">']);
      expect(String(note.mid)).toBe(String(models[0]!.id));
      expect(note.ord).toBe(0);
      expect(Number(db.pragma('integrity_check', { simple: true }) === 'ok')).toBe(1);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('hostile packages', () => {
  it('refuses a file that is not what its extension says', async () => {
    expect((await refusal(apkg(enc('term\tdefinitie')))).code).toBe('import_wrong_file');
    expect((await refusal(apkg(await zipOf([{ name: 'readme.txt', bytes: enc('hoi') }])))).message).toMatch(/geen Anki-pakket/);
    const notSqlite = await zipOf([{ name: 'collection.anki2', bytes: enc('geen database'.repeat(10)) }]);
    expect((await refusal(apkg(notSqlite))).code).toBe('import_wrong_file');
  });

  it('refuses a zip bomb by its declared and by its actual size', async () => {
    const small: ImportLimits = { ...limits, maxUnpackedBytes: 1024 * 1024 };
    const bomb = await zipOf([{ name: 'collection.anki2', bytes: new Uint8Array(5 * 1024 * 1024) }]);
    expect((await refusal(apkg(bomb, { limits: small }))).code).toBe('import_too_large');
    // a lying header: the entry says it inflates to 100 bytes, it inflates to 5 MB
    const liar = Buffer.from(bomb);
    const cd = liar.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    liar.writeUInt32LE(100, cd + 24);
    liar.writeUInt32LE(100, 22);
    expect((await refusal(apkg(liar, { limits: small }))).code).toMatch(/import_too_large|import_damaged/);
    // a zstd collection (anki21b) that inflates past the limit
    const zbomb = await zipOf([
      { name: 'meta', bytes: Uint8Array.from([8, 3]) },
      { name: 'collection.anki21b', bytes: await zstd(new Uint8Array(5 * 1024 * 1024)) },
    ]);
    expect((await refusal(apkg(zbomb, { limits: small }))).code).toBe('import_too_large');
    expect(deflateRawSync(new Uint8Array(5 * 1024 * 1024)).length).toBeLessThan(10_000);
  });

  it('refuses path-traversal media names, in the JSON list and in the protobuf list', async () => {
    const legacy = sampleDeck(1);
    legacy.rawMediaList = enc(JSON.stringify({ 0: '../../etc/passwd' }));
    expect((await refusal(apkg(await buildAnkiPackage(legacy)))).code).toBe('import_unsafe_file');
    const latest = sampleDeck(3);
    latest.media = [{ name: '..\\..\\win.ini', bytes: PNG }];
    expect((await refusal(apkg(await buildAnkiPackage(latest)))).code).toBe('import_unsafe_file');
    const entry = sampleDeck(1);
    entry.extraEntries = [{ name: 'xx/evil', bytes: enc('x') }];
    // yazl refuses to write "../evil": written as xx/evil, then renamed in place
    const bytes = await buildAnkiPackage(entry);
    const renamed = Buffer.from(bytes.toString('latin1').replaceAll('xx/evil', '../evil'), 'latin1');
    expect((await refusal(apkg(renamed))).code).toBe('import_unsafe_file');
  });

  it('refuses a collection with unexpected tables, views or triggers', async () => {
    for (const extraSql of ['CREATE TABLE secrets (x)', 'CREATE VIEW v AS SELECT * FROM notes', "CREATE TRIGGER t AFTER INSERT ON notes BEGIN SELECT 1; END"]) {
      const spec = sampleDeck(2);
      spec.extraSql = extraSql;
      const err = await refusal(apkg(await buildAnkiPackage(spec)));
      expect(err.code).toBe('import_unsafe_file');
      expect(err.message).toMatch(/onbekende tabellen/);
    }
  });

  it('refuses generated columns, virtual tables and indexes over expressions, which compute on reading (issue 38)', async () => {
    for (const extraSql of [
      "CREATE TABLE decks (id integer PRIMARY KEY, name TEXT AS (replace(hex(zeroblob(1000)), '00', 'x')) VIRTUAL); INSERT INTO decks (id) VALUES (1)",
      "CREATE TABLE decks (id integer PRIMARY KEY, name TEXT AS ('x') STORED)",
      'CREATE INDEX ix_notes_len ON notes (length(flds) * 2)',
    ]) {
      const spec = sampleDeck(2);
      spec.extraSql = extraSql;
      const err = await refusal(apkg(await buildAnkiPackage(spec)));
      expect(err.code, extraSql).toBe('import_unsafe_file');
      expect(err.message).toMatch(/berekende kolom/);
    }
    const fts = sampleDeck(2);
    fts.extraSql = 'CREATE VIRTUAL TABLE tags USING fts5(tag)';
    expect((await refusal(apkg(await buildAnkiPackage(fts)))).code).toBe('import_unsafe_file');
  });

  it('leaves out a note past the note size, with its reason, without reading it (issue 38)', async () => {
    const spec = sampleDeck(3);
    spec.notes.push({ mid: BASIC.id, fields: ['groot', '<b>x</b>'.repeat(20_000)], ords: [0] });
    const r = await apkg(await buildAnkiPackage(spec), { limits: { ...limits, maxNoteBytes: 100 * 1024 } });
    expect(r.cards).toHaveLength(6);
    expect(r.problems).toContainEqual({ where: 'notitie 5', message: 'Deze notitie is groter dan 100 kB en is weggelaten.', skipped: true });
  });

  it('refuses 100,000 cards before reading them', async () => {
    const spec = { version: 1 as const, noteTypes: [BASIC], notes: [{ mid: BASIC.id, fields: ['a', 'b'], ords: [0] }], extraSql: '' };
    spec.extraSql = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
      INSERT INTO notes SELECT 2000000000000 + i, 'g' || i, ${BASIC.id}, 0, -1, '', 'v' || i || char(31) || 'a', 'v', 0, 0, '' FROM n;`;
    const err = await refusal(apkg(await buildAnkiPackage(spec)));
    expect(err.code).toBe('import_too_many_cards');
    expect(err.message).toBe('Dit pakket heeft meer dan 500 kaarten. Exporteer een kleinere stapel uit Anki.');
  });
});

describe('the parsing thread', () => {
  it('parses in a worker and answers refusals as such', async () => {
    const r = await parseInWorker({ source: 'apkg', bytes: await buildAnkiPackage(sampleDeck(3)), limits });
    expect(r.cards).toHaveLength(6);
    expect(Buffer.from(r.pictures['cel.png']!.bytes)).toEqual(Buffer.from(PNG));
    await expect(parseInWorker({ source: 'apkg', bytes: enc('nee'), limits })).rejects.toMatchObject({ code: 'import_wrong_file' });
  });
});
