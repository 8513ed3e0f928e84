import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ankiHtmlToMarkdown, type ConvertedSide } from './html.ts';
import { pictureType } from './magic.ts';
import { tagsOf } from './tags.ts';
import { fieldString, fieldVarint, readMessage } from './protobuf.ts';
import { isSafeName, ZipArchive } from './zip.ts';
import { zstdDecode } from './zstd.ts';
import {
  ImportRefused,
  type AnkiOptions,
  type ImportedCard,
  type ImportedPicture,
  type ImportLimits,
  type ImportNoteType,
  type ImportProblem,
  type NoteOrigin,
  type ParsedImport,
} from './types.ts';

/**
 * Tables an Anki collection may hold: schema 11 (collection.anki2 / .anki21) and schema 18
 * (collection.anki21b), as rslib/src/storage defines them, and SQLite's own statistics.
 * Any other table, a view or a trigger: the file is refused.
 */
const KNOWN_TABLES = new Set([
  'col', 'notes', 'cards', 'revlog', 'graves', 'deck_config', 'config', 'tags', 'fields', 'templates', 'notetypes', 'decks',
  'sqlite_stat1', 'sqlite_stat4', 'android_metadata',
]);
const REQUIRED_COLUMNS: Record<string, string[]> = {
  col: ['models', 'decks'],
  notes: ['id', 'mid', 'tags', 'flds'],
  cards: ['id', 'nid', 'did', 'ord'],
};

/** Most files a package may list (a deck with sound for every card has thousands; a zip of millions is an attack). */
const MAX_ZIP_ENTRIES = 20_000;

const damaged = () => new ImportRefused('import_damaged', 'Dit Anki-pakket is beschadigd of van een onbekende versie.');
const notAnki = () => new ImportRefused('import_unsafe_file', 'Dit bestand lijkt op een Anki-pakket, maar de database erin is dat niet: er staan onbekende tabellen in. Het is niet geïmporteerd.');
const computed = () =>
  new ImportRefused('import_unsafe_file', 'Dit bestand lijkt op een Anki-pakket, maar de database erin is dat niet: er staat een berekende kolom in. Het is niet geïmporteerd.');
const tooMany = (limits: ImportLimits) =>
  new ImportRefused('import_too_many_cards', `Dit pakket heeft meer dan ${limits.maxCards.toLocaleString('nl-NL')} kaarten. Exporteer een kleinere stapel uit Anki.`);
const tooLarge = (limits: ImportLimits) => () =>
  new ImportRefused('import_too_large', `Dit pakket pakt uit tot meer dan ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB. Het is niet geïmporteerd.`);

interface NoteType {
  id: string;
  name: string;
  kind: 'standard' | 'cloze';
  fields: string[];
  templates: Array<{ ord: number; qfmt: string; afmt: string }>;
}

/** Package version: meta (protobuf PackageMetadata.version) or, without it, the collection's name. */
function versionOf(zip: ZipArchive, meta: Uint8Array | null): 1 | 2 | 3 {
  if (meta) {
    let v: number;
    try {
      v = fieldVarint(readMessage(meta), 1);
    } catch {
      throw damaged();
    }
    if (v === 1 || v === 2 || v === 3) return v;
    throw new ImportRefused('import_damaged', 'Dit Anki-pakket is van een nieuwere versie dan Blok kent. Exporteer het in Anki met "Ondersteuning voor oudere Anki-versies".');
  }
  return zip.has('collection.anki21') ? 2 : 1;
}

const COLLECTION = { 1: 'collection.anki2', 2: 'collection.anki21', 3: 'collection.anki21b' } as const;

/** The media list: file name -> entry in the zip. Legacy: JSON {"0": "name"}; latest: zstd protobuf MediaEntries. */
function mediaMap(raw: Uint8Array | null, version: 1 | 2 | 3): Map<string, string> {
  const map = new Map<string, string>();
  if (!raw || raw.length === 0) return map;
  const add = (entry: string, name: string) => {
    if (!isSafeName(name) || !isSafeName(entry)) {
      throw new ImportRefused('import_unsafe_file', `Dit pakket bevat een mediabestand met een onveilige naam (${JSON.stringify(name.slice(0, 60))}). Het is niet geïmporteerd.`);
    }
    map.set(name, entry);
  };
  if (version < 3) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      throw damaged();
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw damaged();
    for (const [entry, name] of Object.entries(parsed)) {
      if (typeof name !== 'string') throw damaged();
      add(entry, name);
    }
    return map;
  }
  try {
    readMessage(raw)
      .filter((f) => f.field === 1 && f.bytes)
      .forEach((f, index) => {
        const entry = readMessage(f.bytes!);
        const legacy = entry.find((x) => x.field === 255 && x.varint !== undefined);
        add(legacy ? String(legacy.varint) : String(index), fieldString(entry, 1));
      });
  } catch (err) {
    if (err instanceof ImportRefused) throw err;
    throw damaged();
  }
  return map;
}

/** Opens the collection read-only and checks it is what Anki writes, nothing more. */
function openCollection(path: string): Database.Database {
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('trusted_schema = OFF');
    db.pragma('cell_size_check = ON');
    // no memory-mapped reads, and SQLite's default page cache (2 MB) for this one connection
    db.pragma('mmap_size = 0');
    db.pragma('cache_size = -2000');
    const objects = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master').all() as Array<{ type: string; name: string; tbl_name: string; sql: string | null }>;
    for (const o of objects) {
      if (o.type === 'view' || o.type === 'trigger') throw notAnki();
      if (!KNOWN_TABLES.has(o.tbl_name) && !o.tbl_name.startsWith('sqlite_autoindex')) throw notAnki();
      // a virtual table runs a module's code on every read
      if (o.type === 'table' && /^\s*CREATE\s+VIRTUAL\b/i.test(o.sql ?? '')) throw notAnki();
    }
    for (const o of objects) {
      // a generated column is computed on every read, from anything SQL can make (table_info does not show it);
      // an index over an expression may be computed while reading too
      if (o.type === 'table' && (db.prepare('SELECT hidden FROM pragma_table_xinfo(?)').all(o.name) as Array<{ hidden: number }>).some((c) => c.hidden !== 0)) throw computed();
      if (o.type === 'index' && (db.prepare('SELECT cid FROM pragma_index_xinfo(?)').all(o.name) as Array<{ cid: number }>).some((c) => c.cid === -2)) throw computed();
    }
    for (const [table, columns] of Object.entries(REQUIRED_COLUMNS)) {
      const have = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name));
      if (columns.some((c) => !have.has(c))) throw notAnki();
    }
  } catch (err) {
    if (err instanceof ImportRefused) throw err;
    throw new ImportRefused('import_wrong_file', 'De database in dit pakket kan niet worden gelezen: het is geen Anki-collectie of hij is beschadigd.');
  }
  return db;
}

/** Field names referenced by a template ({{Field}}, {{filter:Field}}, {{#Field}}). */
function referencedFields(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(/\{\{([^}]+)\}\}/g)) {
    const name = m[1]!.replace(/^[#^/]/, '').split(':').pop()!.trim();
    if (name !== 'FrontSide' && name !== '') out.push(name);
  }
  return out;
}

/** Anki's special fields: shown by a template, but no field of the note. */
const SPECIAL_FIELDS = new Set(['FrontSide', 'Tags', 'Type', 'Deck', 'Subdeck', 'Card', 'CardFlag', 'CardID']);

/** Fields a template shows ({{Field}}, {{filter:Field}}), not the ones it only tests ({{#Field}}…{{/Field}}), in order. */
function displayedFields(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(/\{\{([^}]+)\}\}/g)) {
    const inner = m[1]!.trim();
    // sections only test a field; {{type:F}} is an answer box, not F shown
    if (/^[#^/=!]/.test(inner) || /^type:/i.test(inner)) continue;
    const name = inner.split(':').pop()!.trim();
    if (name !== '' && !SPECIAL_FIELDS.has(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The fields a cloze template deletes from ({{cloze:Text}}, {{cloze:text:Text}}…), in order. */
function clozeFields(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(/\{\{([^}]+)\}\}/g)) {
    const parts = m[1]!.split(':').map((p) => p.trim());
    if (parts.length > 1 && parts.slice(0, -1).includes('cloze') && !out.includes(parts[parts.length - 1]!)) out.push(parts[parts.length - 1]!);
  }
  return out;
}

/** Text of a field as it counts for "is it filled": without tags, but a picture counts. */
const filled = (html: string | undefined) => (html ?? '').replace(/<(?!img)[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() !== '';
/** Whether a field shows something Blok keeps: text or a picture, not only a sound. */
const showsSomething = (html: string | undefined) => filled((html ?? '').replace(/\[sound:[^\]]*\]/g, ''));

/** Whether a template shows anything for this note (Anki makes a card only then); sections {{#F}}…{{/F}} and {{^F}}…{{/F}} respected. */
function templateShows(qfmt: string, fields: Map<string, string>): boolean {
  let text = qfmt;
  for (let guard = 0; guard < 50; guard++) {
    const next = text.replace(/\{\{([#^])([^}]+)\}\}([\s\S]*?)\{\{\/\2\}\}/, (_w, kind: string, name: string, inner: string) => {
      const filled = (fields.get(name.trim()) ?? '').replace(/<[^>]*>/g, '').trim() !== '';
      return (kind === '#') === filled ? inner : '';
    });
    if (next === text) break;
    text = next;
  }
  return referencedFields(text).some((name) => (fields.get(name) ?? '').replace(/<(?!img)[^>]*>/g, '').trim() !== '');
}

function noteTypesLegacy(db: Database.Database): Map<string, NoteType> {
  const row = db.prepare('SELECT models FROM col LIMIT 1').get() as { models: string } | undefined;
  const out = new Map<string, NoteType>();
  let models: Record<string, { id?: unknown; name?: unknown; type?: unknown; flds?: unknown; tmpls?: unknown }>;
  try {
    models = JSON.parse(row?.models ?? '{}');
  } catch {
    throw damaged();
  }
  for (const [id, m] of Object.entries(models ?? {})) {
    if (!m || !Array.isArray(m.flds) || !Array.isArray(m.tmpls)) throw damaged();
    const flds = [...(m.flds as Array<{ name?: unknown; ord?: unknown }>)].sort((a, b) => Number(a.ord) - Number(b.ord));
    out.set(String(id), {
      id: String(id),
      name: String(m.name ?? ''),
      kind: Number(m.type) === 1 ? 'cloze' : 'standard',
      fields: flds.map((f) => String(f.name ?? '')),
      templates: (m.tmpls as Array<{ ord?: unknown; qfmt?: unknown; afmt?: unknown }>).map((t) => ({ ord: Number(t.ord), qfmt: String(t.qfmt ?? ''), afmt: String(t.afmt ?? '') })),
    });
  }
  return out;
}

function noteTypesLatest(db: Database.Database): Map<string, NoteType> {
  const out = new Map<string, NoteType>();
  try {
    for (const nt of db.prepare('SELECT id, name, config FROM notetypes').iterate() as Iterable<{ id: number | bigint; name: string; config: Buffer }>) {
      const id = String(nt.id);
      const fields = (db.prepare('SELECT name FROM fields WHERE ntid = ? ORDER BY ord').all(nt.id) as Array<{ name: string }>).map((f) => f.name);
      const templates = (db.prepare('SELECT ord, config FROM templates WHERE ntid = ? ORDER BY ord').all(nt.id) as Array<{ ord: number; config: Buffer }>).map((t) => {
        const config = readMessage(t.config);
        return { ord: t.ord, qfmt: fieldString(config, 1), afmt: fieldString(config, 2) };
      });
      out.set(id, { id, name: nt.name, kind: fieldVarint(readMessage(nt.config), 1) === 1 ? 'cloze' : 'standard', fields, templates });
    }
  } catch {
    throw damaged();
  }
  return out;
}

function deckNames(db: Database.Database, version: 1 | 2 | 3): Map<string, string> {
  const out = new Map<string, string>();
  try {
    const hasDecksTable = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'decks'").get() as { n: number }).n > 0;
    if (version === 3 || hasDecksTable) {
      for (const d of db.prepare('SELECT id, name FROM decks').iterate() as Iterable<{ id: number | bigint; name: string }>) out.set(String(d.id), d.name.split('\u001f').join('::'));
    }
    if (out.size === 0) {
      const row = db.prepare('SELECT decks FROM col LIMIT 1').get() as { decks: string } | undefined;
      const decks = JSON.parse(row?.decks ?? '{}') as Record<string, { name?: unknown }>;
      for (const [id, d] of Object.entries(decks ?? {})) out.set(String(id), String(d?.name ?? ''));
    }
  } catch {
    throw damaged();
  }
  return out;
}

/** Default front and back fields: the first field the card's question names, the first other field its answer names. */
function defaultMapping(nt: NoteType): { front: number; back: number } {
  if (nt.fields.length < 2) return { front: 0, back: 0 };
  const t = [...nt.templates].sort((a, b) => a.ord - b.ord)[0];
  const index = (names: string[]) => names.map((n) => nt.fields.indexOf(n)).filter((i) => i >= 0);
  if (nt.kind === 'cloze') {
    const deleted = index(clozeFields(t?.qfmt ?? ''));
    const front = deleted[0] ?? 0;
    // the extra: the first field the answer shows that is not deleted from
    const extra = index(displayedFields(t?.afmt ?? '')).filter((i) => !deleted.includes(i));
    return { front, back: extra[0] ?? (front === 0 ? 1 : 0) };
  }
  const front = index(displayedFields(t?.qfmt ?? ''))[0] ?? 0;
  const a = index(displayedFields(t?.afmt ?? '')).filter((i) => i !== front);
  return { front, back: a[0] ?? (front === 0 ? 1 : 0) };
}

const CLOZE = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

/** The cloze numbers a text holds, ascending. */
export function clozeNumbers(text: string): number[] {
  return [...new Set([...text.matchAll(CLOZE)].map((m) => Number(m[1])))].filter((n) => n > 0).sort((a, b) => a - b);
}

/** One cloze card: the front hides deletion `n` ([…] or its hint), the back shows it in bold. */
export function clozeSides(text: string, n: number): { front: string; back: string } {
  const front = text.replace(CLOZE, (_w, num: string, answer: string, hint: string | undefined) => (Number(num) === n ? `[${hint ? hint : '…'}]` : answer));
  const back = text.replace(CLOZE, (_w, num: string, answer: string) => (Number(num) === n ? `<b>${answer}</b>` : answer));
  return { front, back };
}

/** Cloze text with only the deletions numbered in `keep`: any other shows its answer, as plain text of the note. */
export function keepClozes(text: string, keep: ReadonlySet<number>): string {
  return text.replace(CLOZE, (whole, num: string, answer: string) => (keep.has(Number(num)) ? whole : answer));
}

/**
 * The cards of a note with two templates are one reversed note (Anki's Basic (and reversed card))
 * when both are there and the second is the first turned around; otherwise each is a card of its own.
 */
function reversedNotes(cards: ImportedCard[]): void {
  const pairs = new Map<string, ImportedCard[]>();
  for (const c of cards) if (c.note?.kind === 'reversed') pairs.set(c.note.id, [...(pairs.get(c.note.id) ?? []), c]);
  for (const pair of pairs.values()) {
    const first = pair.find((c) => c.note!.ord === 0);
    const second = pair.find((c) => c.note!.ord === 1);
    const turned =
      pair.length === 2 &&
      first !== undefined &&
      second !== undefined &&
      first.front === second.back &&
      first.back === second.front &&
      first.frontPicture === second.backPicture &&
      first.backPicture === second.frontPicture;
    if (!turned) for (const c of pair) c.note = null;
  }
}

/**
 * An Anki package (.apkg, or .colpkg with one deck) to cards. The zip is read once; the collection
 * (zstd-decoded for collection.anki21b) is written to a private temporary file, opened read-only
 * and checked against Anki's schema before a row is read.
 */
export async function parseAnki(bytes: Uint8Array, source: 'apkg' | 'colpkg', options: AnkiOptions, limits: ImportLimits): Promise<ParsedImport> {
  const zip = await ZipArchive.open(bytes, { maxUnpackedBytes: limits.maxUnpackedBytes, maxEntries: MAX_ZIP_ENTRIES });
  const dir = mkdtempSync(join(tmpdir(), 'blok-card-import-'));
  let db: Database.Database | undefined;
  try {
    const meta = zip.has('meta') ? await zip.read('meta', 1024) : null;
    const version = versionOf(zip, meta);
    const name = COLLECTION[version];
    if (!zip.has(name)) {
      throw new ImportRefused('import_wrong_file', 'Dit zip-bestand is geen Anki-pakket: er zit geen Anki-collectie in.');
    }
    const big = tooLarge(limits);
    const windowMb = Math.round(limits.zstdMaxWindowBytes / 1024 / 1024);
    const window = () =>
      new ImportRefused('import_too_large', `Dit pakket vraagt bij het uitpakken meer dan ${windowMb} MB geheugen per onderdeel (Anki zelf gebruikt 2 MB). Het is niet geïmporteerd.`);
    const zstd = (cap: number, tooLarge: () => Error, windowTooLarge: () => Error = window) => ({ cap, maxWindow: limits.zstdMaxWindowBytes, tooLarge, windowTooLarge });
    let collection: Uint8Array = await zip.read(name, limits.maxUnpackedBytes, big);
    if (version === 3) collection = zstdDecode(collection, zstd(limits.maxUnpackedBytes, big));
    if (!Buffer.from(collection.subarray(0, 16)).equals(Buffer.from('SQLite format 3\0'))) {
      throw new ImportRefused('import_wrong_file', 'De collectie in dit pakket is geen SQLite-database.');
    }
    let mediaRaw: Uint8Array | null = zip.has('media') ? await zip.read('media', 16 * 1024 * 1024, big) : null;
    if (mediaRaw && version === 3 && mediaRaw.length > 0) mediaRaw = zstdDecode(mediaRaw, zstd(16 * 1024 * 1024, big));
    const media = mediaMap(mediaRaw, version);

    const file = join(dir, 'collection.sqlite');
    writeFileSync(file, collection, { mode: 0o600 });
    collection = new Uint8Array(0);
    db = openCollection(file);

    const noteCount = Number((db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n);
    const cardCount = Number((db.prepare('SELECT count(*) AS n FROM cards').get() as { n: number }).n);
    if (noteCount > limits.maxCards || cardCount > limits.maxCards) throw tooMany(limits);

    const types = version === 3 ? noteTypesLatest(db) : noteTypesLegacy(db);
    if (types.size === 0 && version === 3) {
      // a latest package whose note types sit in col.models (older exporters)
      for (const [k, v] of noteTypesLegacy(db)) types.set(k, v);
    }
    const decks = deckNames(db, version);

    const usedDecks = (db.prepare('SELECT DISTINCT did FROM cards').all() as Array<{ did: number | bigint }>).map((r) => String(r.did));
    if (source === 'colpkg') {
      const roots = new Set(usedDecks.map((d) => (decks.get(d) ?? '').split('::')[0]));
      if (roots.size > 1) {
        throw new ImportRefused('import_wrong_file', 'Deze collectie bevat meer dan één stapel. Exporteer in Anki één stapel als .apkg en importeer die.');
      }
    }
    const firstDeck = usedDecks.map((d) => decks.get(d)).find((n) => n && n !== 'Default' && n !== 'Standaard');
    const deckName = firstDeck ? firstDeck.split('::')[0]! : null;

    // a card in a sub-deck of the set's deck keeps where it was as a tag ("Cellen", "Cellen::Organellen")
    const subDeck = (did: string): string | null => {
      const parts = (decks.get(did) ?? '').split('::');
      return deckName !== null && parts[0] === deckName && parts.length > 1 ? parts.slice(1).join('::') : null;
    };

    const mapping = new Map<string, { front: number; back: number }>();
    const noteTypes: ImportNoteType[] = [];
    for (const nt of types.values()) {
      const chosen = options.mapping?.[nt.id];
      const valid = chosen && chosen.front >= 0 && chosen.back >= 0 && chosen.front < nt.fields.length && chosen.back < nt.fields.length && chosen.front !== chosen.back;
      mapping.set(nt.id, valid ? chosen : defaultMapping(nt));
    }

    const cards: ImportedCard[] = [];
    const problems: ImportProblem[] = [];
    const noteCounts = new Map<string, number>();
    const wantedPictures = new Set<string>();
    let sounds = 0;
    let external = 0;
    let extraPictures = 0;
    let missingPictures = 0;
    let noteIndex = 0;
    let lastNote: string | null = null;

    // a note past maxNoteBytes is never read into the worker: its size is known from its record's header
    const noteKb = Math.round(limits.maxNoteBytes / 1024).toLocaleString('nl-NL');
    let largeNote = false;
    const rows = db
      .prepare(
        `SELECT c.nid AS nid, c.ord AS ord, c.did AS did, n.mid AS mid, octet_length(n.flds) + octet_length(n.tags) > @max AS large,
           CASE WHEN octet_length(n.flds) + octet_length(n.tags) > @max THEN '' ELSE n.tags END AS tags,
           CASE WHEN octet_length(n.flds) + octet_length(n.tags) > @max THEN '' ELSE n.flds END AS flds
         FROM cards c JOIN notes n ON n.id = c.nid ORDER BY n.id, c.ord`,
      )
      .iterate({ max: limits.maxNoteBytes }) as Iterable<{
      nid: number | bigint;
      ord: number;
      did: number | bigint;
      mid: number | bigint;
      large: number;
      tags: string;
      flds: string;
    }>;
    for (const row of rows) {
      const nid = String(row.nid);
      if (nid !== lastNote) {
        noteIndex++;
        lastNote = nid;
        largeNote = row.large === 1;
        if (largeNote) problems.push({ where: `notitie ${noteIndex}`, message: `Deze notitie is groter dan ${noteKb} kB en is weggelaten.`, skipped: true });
        else {
          noteCounts.set(String(row.mid), (noteCounts.get(String(row.mid)) ?? 0) + 1);
          // counted per note, not per card: a reversed note's sound is one sound
          const all = ankiHtmlToMarkdown(String(row.flds).split('\u001f').join('<br>'));
          sounds += all.sounds;
          external += all.externalImages;
        }
      }
      if (largeNote) continue;
      const where = `notitie ${noteIndex}`;
      const nt = types.get(String(row.mid));
      if (!nt) {
        problems.push({ where, message: 'Het notitietype van deze notitie ontbreekt in het pakket.', skipped: true });
        continue;
      }
      const values = String(row.flds).split('\u001f');
      const map = mapping.get(nt.id)!;
      let frontHtml: string;
      let backHtml: string;
      let label = where;
      let note: NoteOrigin | null = null;
      if (nt.kind === 'cloze') {
        // Anki makes card n for every {{cn::…}} in any field the template deletes from, and shows them all
        const template = nt.templates[0];
        const chosen = options.mapping?.[nt.id] !== undefined;
        const deletable = clozeFields(template?.qfmt ?? '').map((f) => nt.fields.indexOf(f)).filter((i) => i >= 0);
        const sources = chosen || deletable.length === 0 ? [map.front] : deletable;
        const texts = sources.map((i) => values[i] ?? '').filter((t) => filled(t));
        const numbers = clozeNumbers(texts.join('\n'));
        const n = row.ord + 1;
        if (!numbers.includes(n)) {
          problems.push({ where, message: `Kaart ${n} heeft geen bijbehorende cloze ({{c${n}::…}}).`, skipped: true });
          continue;
        }
        const sides = texts.map((t) => clozeSides(t, n));
        const extra = sources.includes(map.back) ? '' : (values[map.back] ?? '');
        frontHtml = sides.map((x) => x.front).join('<br>');
        const back = sides.map((x) => x.back).join('<br>');
        backHtml = filled(extra) ? `${back}<br><br>${extra}` : back;
        if (numbers.length > 1) label = `${where}, cloze ${n}`;
        // the note itself, so that an export gives Anki one cloze note again
        note = { id: nid, kind: 'cloze', ord: row.ord, text: ankiHtmlToMarkdown(texts.join('<br>')).markdown, extra: filled(extra) ? ankiHtmlToMarkdown(extra).markdown : '' };
      } else {
        const template = nt.templates.find((t) => t.ord === row.ord);
        const fields = new Map(nt.fields.map((f, i) => [f, values[i] ?? '']));
        if (template && !templateShows(template.qfmt, fields)) continue;
        if (options.mapping?.[nt.id] === undefined && template) {
          // no choice made: what this card's own template asks and answers (a note type with a card per field)
          const shown = displayedFields(template.qfmt);
          const asked = shown.filter((f) => showsSomething(fields.get(f)));
          const answered = displayedFields(template.afmt).filter((f) => !shown.includes(f) && showsSomething(fields.get(f)));
          const q = asked[0] ?? nt.fields[map.front]!;
          const a = answered[0] ?? (q === nt.fields[map.back] ? nt.fields[map.front]! : nt.fields[map.back]!);
          frontHtml = fields.get(q) ?? '';
          backHtml = fields.get(a) ?? '';
        } else {
          const q = template ? referencedFields(template.qfmt) : [];
          const reversed = row.ord > 0 && q.includes(nt.fields[map.back]!) && !q.includes(nt.fields[map.front]!);
          frontHtml = values[reversed ? map.back : map.front] ?? '';
          backHtml = values[reversed ? map.front : map.back] ?? '';
        }
        if (nt.templates.length > 1) label = `${where}, kaart ${row.ord + 1}`;
        // perhaps a reversed note: checked once all its cards are read (reversedNotes)
        if (nt.templates.length === 2 && (row.ord === 0 || row.ord === 1)) note = { id: nid, kind: 'reversed', ord: row.ord };
      }
      const front = ankiHtmlToMarkdown(frontHtml);
      const back = ankiHtmlToMarkdown(backHtml);
      const picture = (side: ConvertedSide): string | null => {
        const [first, ...rest] = side.images.filter((n) => media.has(n));
        extraPictures += rest.length;
        missingPictures += side.images.filter((n) => !media.has(n)).length;
        if (first) wantedPictures.add(first);
        return first ?? null;
      };
      const card: ImportedCard = {
        front: front.markdown,
        back: back.markdown,
        frontPicture: picture(front),
        backPicture: picture(back),
        tags: tagsOf(String(row.tags ?? ''), subDeck(String(row.did))),
        source: label,
        note,
      };
      const empty = (side: ConvertedSide, name: string) =>
        side.images.length > 0
          ? `De afbeelding op de ${name} ontbreekt in het pakket.`
          : side.sounds > 0
            ? `De ${name} is alleen geluid, en Blok speelt geen geluid af.`
            : `De ${name} is leeg.`;
      if (!card.front && !card.frontPicture) {
        problems.push({ where: label, message: empty(front, 'voorkant'), skipped: true });
        continue;
      }
      if (!card.back && !card.backPicture) {
        problems.push({ where: label, message: empty(back, 'achterkant'), skipped: true });
        continue;
      }
      cards.push(card);
      if (cards.length > limits.maxCards) throw tooMany(limits);
    }

    if (wantedPictures.size > limits.maxPictures) {
      throw new ImportRefused('import_too_large', `Dit pakket gebruikt meer dan ${limits.maxPictures.toLocaleString('nl-NL')} afbeeldingen. Exporteer een kleinere stapel.`);
    }
    const pictures: Record<string, ImportedPicture> = {};
    const dropped = new Set<string>();
    for (const pictureName of wantedPictures) {
      const entry = media.get(pictureName)!;
      if (!zip.has(entry)) {
        dropped.add(pictureName);
        problems.push({ where: pictureName, message: 'Deze afbeelding ontbreekt in het pakket; de kaart komt zonder afbeelding.', skipped: false });
        continue;
      }
      const declared = zip.declaredSize(entry);
      const capMb = (limits.maxPictureBytes / 1024 / 1024).toLocaleString('nl-NL', { maximumFractionDigits: 1 });
      if (version < 3 && declared > limits.maxPictureBytes) {
        dropped.add(pictureName);
        problems.push({ where: pictureName, message: `Deze afbeelding is groter dan ${capMb} MB en is weggelaten.`, skipped: false });
        continue;
      }
      const picture = () => new ImportRefused('import_too_large', 'picture');
      let data: Uint8Array = await zip.read(entry, version === 3 ? limits.maxUnpackedBytes : limits.maxPictureBytes, big);
      if (version === 3) {
        try {
          data = zstdDecode(data, zstd(limits.maxPictureBytes, picture, picture));
        } catch (err) {
          if (err instanceof ImportRefused && err.message === 'picture') {
            dropped.add(pictureName);
            problems.push({ where: pictureName, message: `Deze afbeelding is groter dan ${capMb} MB en is weggelaten.`, skipped: false });
            continue;
          }
          throw err;
        }
      }
      const type = pictureType(data);
      if (!type) {
        dropped.add(pictureName);
        problems.push({ where: pictureName, message: 'Dit is geen afbeelding in png, jpg of webp; hij is weggelaten.', skipped: false });
        continue;
      }
      pictures[pictureName] = { name: pictureName, type, bytes: data };
    }
    const kept: ImportedCard[] = [];
    for (const card of cards) {
      const c = {
        ...card,
        frontPicture: card.frontPicture && !dropped.has(card.frontPicture) ? card.frontPicture : null,
        backPicture: card.backPicture && !dropped.has(card.backPicture) ? card.backPicture : null,
      };
      if ((!c.front && !c.frontPicture) || (!c.back && !c.backPicture)) {
        problems.push({ where: c.source, message: 'Zonder de weggelaten afbeelding is een kant van deze kaart leeg.', skipped: true });
        continue;
      }
      kept.push(c);
    }

    reversedNotes(kept);

    const notices: string[] = [];
    if (sounds > 0) notices.push(`${sounds} ${sounds === 1 ? 'geluidsfragment is' : 'geluidsfragmenten zijn'} weggelaten: Blok speelt geen geluid af.`);
    if (external > 0) notices.push(`${external} ${external === 1 ? 'afbeelding van internet is' : 'afbeeldingen van internet zijn'} weggelaten.`);
    if (missingPictures > 0) notices.push(`${missingPictures} ${missingPictures === 1 ? 'afbeelding ontbreekt' : 'afbeeldingen ontbreken'} in het pakket; de kaarten komen zonder.`);
    if (extraPictures > 0) notices.push(`Een kant van een kaart houdt één afbeelding: ${extraPictures} ${extraPictures === 1 ? 'andere is' : 'andere zijn'} weggelaten.`);
    for (const nt of types.values()) {
      const m = mapping.get(nt.id)!;
      const count = noteCounts.get(nt.id) ?? 0;
      if (count > 0) noteTypes.push({ id: nt.id, name: nt.name, kind: nt.kind, fields: nt.fields, front: m.front, back: m.back, notes: count });
    }
    if (kept.length === 0 && problems.length === 0) throw new ImportRefused('import_empty', 'Dit pakket bevat geen kaarten.');
    return { format: source, deckName, separator: null, customSeparator: null, header: false, cards: kept, problems, notices, noteTypes, pictures };
  } finally {
    db?.close();
    zip.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
