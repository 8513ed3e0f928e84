/**
 * Builds Anki packages in each format for the importer's tests, from the schema Anki's source
 * defines (rslib/src/storage/schema11.sql and upgrades/schema14…18, proto/anki/import_export.proto
 * and notetypes.proto): legacy collection.anki2 / collection.anki21 with JSON note types and media
 * list, and collection.anki21b (schema 18, zstd) with note types in their own tables and the
 * media list as zstd-compressed protobuf.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import yazl from 'yazl';
import { init as zstdInit, compress as zstdCompress } from '@bokuweb/zstd-wasm';
import { basicModel, deckJson, DEFAULT_DECK_CONFIG, SCHEMA_11, ankiGuid, fieldChecksum } from '../../src/card-import/apkg.ts';
import { encodeBytesField, encodeVarintField } from '../../src/card-import/protobuf.ts';

export interface TestNoteType {
  id: number;
  name: string;
  kind: 'standard' | 'cloze';
  fields: string[];
  templates: Array<{ name: string; qfmt: string; afmt: string }>;
}
export interface TestNote {
  mid: number;
  fields: string[];
  tags?: string[];
  /** template ords (standard) or cloze ords (cloze number - 1) */
  ords: number[];
  did?: number;
}
export interface TestPackage {
  version: 1 | 2 | 3;
  noteTypes: TestNoteType[];
  decks?: Array<{ id: number; name: string }>;
  notes: TestNote[];
  media?: Array<{ name: string; bytes: Uint8Array }>;
  /** SQL run on the collection after it is built (hostile tests) */
  extraSql?: string;
  /** replace the media list with these raw bytes */
  rawMediaList?: Uint8Array;
  /** extra zip entries */
  extraEntries?: Array<{ name: string; bytes: Uint8Array; compress?: boolean }>;
}

export const BASIC: TestNoteType = { id: 1700000000001, name: 'Basic', kind: 'standard', fields: ['Front', 'Back'], templates: [{ name: 'Card 1', qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' }] };
export const REVERSED: TestNoteType = {
  id: 1700000000002,
  name: 'Basic (and reversed card)',
  kind: 'standard',
  fields: ['Front', 'Back'],
  templates: [
    { name: 'Card 1', qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' },
    { name: 'Card 2', qfmt: '{{Back}}', afmt: '{{FrontSide}}<hr id=answer>{{Front}}' },
  ],
};
export const CLOZE: TestNoteType = { id: 1700000000003, name: 'Cloze', kind: 'cloze', fields: ['Text', 'Back Extra'], templates: [{ name: 'Cloze', qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>{{Back Extra}}' }] };
export const THREE_FIELDS: TestNoteType = {
  id: 1700000000004,
  name: 'Woordenschat',
  kind: 'standard',
  fields: ['Woord', 'Uitspraak', 'Betekenis'],
  templates: [{ name: 'Card 1', qfmt: '{{Woord}}', afmt: '{{FrontSide}}<hr id=answer>{{Uitspraak}}<br>{{Betekenis}}' }],
};

/** A 1x1 PNG. */
export const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

let zstdReady: Promise<void> | undefined;
export async function zstd(bytes: Uint8Array): Promise<Uint8Array> {
  zstdReady ??= zstdInit();
  await zstdReady;
  return zstdCompress(bytes, 3);
}

function zipOf(entries: Array<{ name: string; bytes: Uint8Array; compress?: boolean }>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(Buffer.from(e.bytes), e.name, { compress: e.compress ?? true });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
export { zipOf };

const SCHEMA_18_EXTRA = `
DROP TABLE graves;
CREATE TABLE graves (oid integer NOT NULL, type integer NOT NULL, usn integer NOT NULL, PRIMARY KEY (oid, type)) WITHOUT ROWID;
CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, val blob NOT NULL) WITHOUT ROWID;
CREATE TABLE tags (tag text NOT NULL PRIMARY KEY, usn integer NOT NULL, collapsed boolean NOT NULL, config blob NULL) WITHOUT ROWID;
CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) WITHOUT ROWID;
CREATE UNIQUE INDEX idx_fields_name_ntid ON fields (name, ntid);
CREATE TABLE templates (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) WITHOUT ROWID;
CREATE UNIQUE INDEX idx_templates_name_ntid ON templates (name, ntid);
CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL, mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name);
CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL, usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
CREATE UNIQUE INDEX idx_decks_name ON decks (name);
CREATE INDEX idx_notes_mid ON notes (mid);
`;

function legacyModel(nt: TestNoteType) {
  const base = basicModel(nt.id, 1, 1700000000);
  return {
    ...base,
    name: nt.name,
    type: nt.kind === 'cloze' ? 1 : 0,
    flds: nt.fields.map((name, ord) => ({ ...base.flds[0], name, ord })),
    tmpls: nt.templates.map((t, ord) => ({ ...base.tmpls[0], name: t.name, ord, qfmt: t.qfmt, afmt: t.afmt })),
  };
}

/** The collection file of a package. */
function buildCollection(spec: TestPackage, dir: string): Uint8Array {
  const file = join(dir, `c${Math.random().toString(36).slice(2)}.db`);
  const db = new Database(file);
  db.pragma('journal_mode = DELETE');
  db.exec(SCHEMA_11);
  const decks = spec.decks ?? [{ id: 1, name: 'Default' }];
  const latest = spec.version === 3;
  db.prepare('INSERT INTO col VALUES (1, 1700000000, 1700000000000, 1700000000000, ?, 0, 0, 0, ?, ?, ?, ?, ?)').run(
    latest ? 18 : 11,
    '{}',
    latest ? '{}' : JSON.stringify(Object.fromEntries(spec.noteTypes.map((nt) => [nt.id, legacyModel(nt)]))),
    latest ? '{}' : JSON.stringify(Object.fromEntries(decks.map((d) => [d.id, deckJson(d.id, d.name, 1700000000)]))),
    latest ? '{}' : JSON.stringify(DEFAULT_DECK_CONFIG),
    '{}',
  );
  if (latest) {
    db.exec(SCHEMA_18_EXTRA);
    for (const nt of spec.noteTypes) {
      db.prepare('INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)').run(nt.id, nt.name, Buffer.from([...encodeVarintField(1, nt.kind === 'cloze' ? 1 : 0), ...encodeBytesField(3, '.card {}')]));
      nt.fields.forEach((f, ord) => db.prepare('INSERT INTO fields VALUES (?, ?, ?, ?)').run(nt.id, ord, f, Buffer.from(encodeBytesField(3, 'Arial'))));
      nt.templates.forEach((t, ord) =>
        db.prepare('INSERT INTO templates VALUES (?, ?, ?, 0, 0, ?)').run(nt.id, ord, t.name, Buffer.from([...encodeBytesField(1, t.qfmt), ...encodeBytesField(2, t.afmt)])),
      );
    }
    for (const d of decks) db.prepare('INSERT INTO decks VALUES (?, ?, 0, 0, ?, ?)').run(d.id, d.name.split('::').join('\u001f'), Buffer.alloc(0), Buffer.from(encodeBytesField(1, Buffer.from(encodeVarintField(1, 1)))));
  }
  let id = 1700000001000;
  for (const n of spec.notes) {
    const nid = id++;
    const flds = n.fields.join('\u001f');
    db.prepare("INSERT INTO notes VALUES (?, ?, ?, 0, -1, ?, ?, ?, ?, 0, '')").run(nid, ankiGuid(), n.mid, n.tags?.length ? ` ${n.tags.join(' ')} ` : '', flds, n.fields[0] ?? '', fieldChecksum(n.fields[0] ?? ''));
    for (const ord of n.ords) db.prepare("INSERT INTO cards VALUES (?, ?, ?, ?, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '')").run(id++, nid, n.did ?? decks[0]!.id, ord);
  }
  if (spec.extraSql) db.exec(spec.extraSql);
  db.close();
  const bytes = readFileSync(file);
  rmSync(file);
  return bytes;
}

/** A whole .apkg (or .colpkg: the same zip) in the given format. */
export async function buildAnkiPackage(spec: TestPackage): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'blok-test-apkg-'));
  try {
    const collection = buildCollection(spec, dir);
    const media = spec.media ?? [];
    const entries: Array<{ name: string; bytes: Uint8Array; compress?: boolean }> = [];
    if (spec.version === 3) {
      // the stub older clients find, as Anki writes it beside the real collection
      const stub = buildCollection({ version: 1, noteTypes: [BASIC], notes: [{ mid: BASIC.id, fields: ['Please update to the latest Anki version, then import the .colpkg/.apkg file again.', ''], ords: [0] }] }, dir);
      entries.push({ name: 'collection.anki2', bytes: stub });
      entries.push({ name: 'collection.anki21b', bytes: await zstd(collection) });
      entries.push({ name: 'meta', bytes: Uint8Array.from(encodeVarintField(1, 3)) });
      const list = media.flatMap((m) => encodeBytesField(1, Uint8Array.from([...encodeBytesField(1, m.name), ...encodeVarintField(2, m.bytes.length), ...encodeBytesField(3, createHash('sha1').update(m.bytes).digest())])));
      entries.push({ name: 'media', bytes: spec.rawMediaList ?? (await zstd(Uint8Array.from(list))) });
      for (const [i, m] of media.entries()) entries.push({ name: String(i), bytes: await zstd(m.bytes) });
    } else {
      entries.push({ name: spec.version === 2 ? 'collection.anki21' : 'collection.anki2', bytes: collection });
      if (spec.version === 2) {
        const stub = buildCollection({ version: 1, noteTypes: [BASIC], notes: [{ mid: BASIC.id, fields: ['Please update to the latest Anki version.', ''], ords: [0] }] }, dir);
        entries.push({ name: 'collection.anki2', bytes: stub });
      }
      entries.push({ name: 'media', bytes: spec.rawMediaList ?? Buffer.from(JSON.stringify(Object.fromEntries(media.map((m, i) => [String(i), m.name])))) });
      media.forEach((m, i) => entries.push({ name: String(i), bytes: m.bytes }));
    }
    entries.push(...(spec.extraEntries ?? []));
    return await zipOf(entries);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The deck used by most tests: basic, reversed and cloze notes, HTML, a picture and a sound. */
export function sampleDeck(version: 1 | 2 | 3): TestPackage {
  return {
    version,
    noteTypes: [BASIC, REVERSED, CLOZE],
    decks: [{ id: 1, name: 'Default' }, { id: 1700000000100, name: 'Biologie::Cellen' }],
    notes: [
      { mid: BASIC.id, fields: ['<b>Mitochondrion</b>', 'Energiecentrale van de cel<br><img src="cel.png">'], tags: ['biologie', 'cel'], ords: [0], did: 1700000000100 },
      { mid: REVERSED.id, fields: ['Ribosoom', 'Maakt eiwitten [sound:uitspraak.mp3]'], ords: [0, 1], did: 1700000000100 },
      { mid: CLOZE.id, fields: ['De {{c1::kern}} bevat het {{c2::DNA::erfelijk materiaal}}.', '<i>Eukaryoten</i>'], ords: [0, 1], did: 1700000000100 },
      { mid: BASIC.id, fields: ['<script>alert(1)</script>Golgi-apparaat', '<div onclick="x()">Verpakt eiwitten</div><a href="javascript:alert(1)">link</a>'], ords: [0], did: 1700000000100 },
    ],
    media: [
      { name: 'cel.png', bytes: PNG },
      { name: 'uitspraak.mp3', bytes: Uint8Array.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]) },
    ],
  };
}
