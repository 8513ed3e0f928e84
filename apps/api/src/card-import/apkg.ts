import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import yazl from 'yazl';

/**
 * Anki's collection schema 11 (rslib/src/storage/schema11.sql): what collection.anki2 and
 * collection.anki21 hold, and what every Anki since 2.0 opens.
 */
export const SCHEMA_11 = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL, ver integer NOT NULL,
  dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
  dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL,
  tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL,
  reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL,
  data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL, ivl integer NOT NULL,
  lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;

/** Anki's note checksum: the first 8 hex digits of the SHA-1 of the sort field's text, as a number. */
export function fieldChecksum(text: string): number {
  const plain = text.replace(/<[^>]*>/g, '');
  return parseInt(createHash('sha1').update(plain).digest('hex').slice(0, 8), 16);
}

/** A note id's guid as Anki writes it: 10 characters of base91. */
export function ankiGuid(): string {
  const table = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~';
  return [...randomBytes(10)].map((b) => table[b % table.length]).join('');
}

const CSS = '.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }';
const CLOZE_CSS = `${CSS}\n.cloze { font-weight: bold; color: blue; }\n.nightMode .cloze { color: lightblue; }`;

const LATEX_PRE =
  '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n';

const field = (name: string, ord: number) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] });
const template = (name: string, ord: number, qfmt: string, afmt: string) => ({ name, ord, qfmt, afmt, bqfmt: '', bafmt: '', did: null, bfont: '', bsize: 0 });
const ANSWER = '{{FrontSide}}\n\n<hr id=answer>\n\n';

/** The "Basic" note type as Anki 2.1 writes it in col.models (stock kind 1 in notetypes.proto's OriginalStockKind). */
export function basicModel(id: number, deckId: number, mod: number) {
  return {
    id,
    name: 'Basic',
    type: 0,
    mod,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [template('Card 1', 0, '{{Front}}', `${ANSWER}{{Back}}`)],
    flds: [field('Front', 0), field('Back', 1)],
    css: CSS,
    latexPre: LATEX_PRE,
    latexPost: '\\end{document}',
    latexsvg: false,
    req: [[0, 'any', [0]]],
    originalStockKind: 1,
    tags: [],
    vers: [],
  };
}

/** Anki's "Basic (and reversed card)": a card asking the front and one asking the back (stock kind 2). */
export function reversedModel(id: number, deckId: number, mod: number) {
  return {
    ...basicModel(id, deckId, mod),
    name: 'Basic (and reversed card)',
    tmpls: [template('Card 1', 0, '{{Front}}', `${ANSWER}{{Back}}`), template('Card 2', 1, '{{Back}}', `${ANSWER}{{Front}}`)],
    req: [
      [0, 'any', [0]],
      [1, 'any', [1]],
    ],
    originalStockKind: 2,
  };
}

/** Anki's "Cloze": a card per deletion {{cN::…}} of Text, Back Extra under the answer (type 1, stock kind 5). */
export function clozeModel(id: number, deckId: number, mod: number) {
  return {
    ...basicModel(id, deckId, mod),
    name: 'Cloze',
    type: 1,
    tmpls: [template('Cloze', 0, '{{cloze:Text}}', '{{cloze:Text}}<br>\n{{Back Extra}}')],
    flds: [field('Text', 0), field('Back Extra', 1)],
    css: CLOZE_CSS,
    req: [[0, 'any', [0]]],
    originalStockKind: 5,
  };
}

export function deckJson(id: number, name: string, mod: number) {
  return {
    id,
    name,
    mod,
    usn: -1,
    desc: '',
    dyn: 0,
    conf: 1,
    collapsed: false,
    browserCollapsed: false,
    extendNew: 0,
    extendRev: 0,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  };
}

export const DEFAULT_DECK_CONFIG = {
  1: {
    id: 1, name: 'Default', mod: 0, usn: 0, maxTaken: 60, autoplay: true, timer: 0, replayq: true, dyn: false,
    new: { delays: [1, 10], ints: [1, 4, 0], initialFactor: 2500, order: 1, perDay: 20, bury: false },
    rev: { perDay: 200, ease4: 1.3, ivlFct: 1, maxIvl: 36500, bury: false, hardFactor: 1.2 },
    lapse: { delays: [10], mult: 0, minInt: 1, leechFails: 8, leechAction: 1 },
  },
};

/**
 * One note of the package: a basic note (Front, Back; card 0), a reversed note (Front, Back;
 * cards 0 and 1) or a cloze note (Text, Back Extra; card n - 1 for deletion n). Fields are HTML.
 */
export interface ApkgNote {
  kind: 'basic' | 'reversed' | 'cloze';
  fields: [string, string];
  tags: string[];
  /** the card ords it has */
  ords: number[];
  /** stable for the same note in the next export: its guid is made from it, so Anki updates the note instead of adding it again */
  key?: string;
}

export interface ApkgMedia {
  name: string;
  bytes: Uint8Array;
}

/** A note's guid from a stable key: 10 characters of Anki's base91 alphabet (as ankiGuid). */
function guidOf(key: string): string {
  const table = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~';
  return [...createHash('sha256').update(`blok-note:${key}`).digest().subarray(0, 10)].map((b) => table[b % table.length]).join('');
}

/**
 * Fixed note type ids: the same note types in every export, so a second import into the same
 * collection finds them (Anki matches a note type by id and fields) instead of adding "Basic+".
 */
const MODEL_IDS = { basic: 1_735_689_600_001, reversed: 1_735_689_600_002, cloze: 1_735_689_600_003 } as const;
const MODELS = { basic: basicModel, reversed: reversedModel, cloze: clozeModel } as const;

/**
 * Writes an .apkg in the legacy format every Anki opens (2.1.50+ and AnkiDroid too):
 * collection.anki2 (schema 11) with one deck and Anki's own note types Basic, Basic (and reversed
 * card) and Cloze, as many as the notes use, and the JSON media list with the pictures stored as
 * entries "0", "1", …, as Anki's own test packages hold them.
 */
export async function writeApkg(deckName: string, notes: ApkgNote[], media: ApkgMedia[]): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'blok-card-export-'));
  try {
    const file = join(dir, 'collection.anki2');
    const db = new Database(file);
    db.pragma('journal_mode = DELETE');
    db.exec(SCHEMA_11);
    const now = Date.now();
    const secs = Math.floor(now / 1000);
    const deckId = now + 1;
    const kinds = [...new Set(notes.map((n) => n.kind))];
    const models = Object.fromEntries(kinds.map((k) => [MODEL_IDS[k], MODELS[k](MODEL_IDS[k], deckId, secs)]));
    db.prepare('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)').run(
      secs - (secs % 86400),
      now,
      now,
      JSON.stringify({ nextPos: notes.length + 1, estTimes: true, activeDecks: [1], sortType: 'noteFld', timeLim: 0, sortBackwards: false, addToCur: true, curDeck: 1, newSpread: 0, dueCounts: true, curModel: String(MODEL_IDS[kinds[0] ?? 'basic']), collapseTime: 1200 }),
      JSON.stringify(models),
      JSON.stringify({ 1: deckJson(1, 'Default', secs), [deckId]: deckJson(deckId, deckName, secs) }),
      JSON.stringify(DEFAULT_DECK_CONFIG),
      '{}',
    );
    const insertNote = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, \'\')');
    const insertCard = db.prepare('INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, \'\')');
    db.transaction(() => {
      // ids: a note's, then its cards' (Anki's ids are milliseconds; these only need to be unique)
      let id = now + 10;
      notes.forEach((n, i) => {
        const nid = id++;
        const tags = n.tags.map((t) => t.replace(/\s+/g, '_')).filter(Boolean);
        const sortField = n.fields[0];
        insertNote.run(nid, n.key ? guidOf(n.key) : ankiGuid(), MODEL_IDS[n.kind], secs, tags.length ? ` ${tags.join(' ')} ` : '', n.fields.join('\u001f'), sortField.replace(/<[^>]*>/g, ''), fieldChecksum(sortField));
        // new cards, in the set's order
        for (const ord of n.ords) insertCard.run(id++, nid, deckId, ord, secs, i + 1);
      });
    })();
    db.close();
    const zip = new yazl.ZipFile();
    zip.addBuffer(readFileSync(file), 'collection.anki2');
    const list: Record<string, string> = {};
    media.forEach((m, i) => {
      list[String(i)] = m.name;
      zip.addBuffer(Buffer.from(m.bytes), String(i));
    });
    zip.addBuffer(Buffer.from(JSON.stringify(list)), 'media');
    zip.end();
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
      zip.outputStream.on('end', () => resolve());
      zip.outputStream.on('error', reject);
    });
    return Buffer.concat(chunks);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
