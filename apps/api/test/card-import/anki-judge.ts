/**
 * Reads an exported .apkg the way Anki's importer reads a legacy package (rslib/src/import_export/
 * package/apkg/import, notetype/schema11.rs), for tests where Anki's own Python library is not
 * installed (there is no PyPI here): the zip's collection.anki2 and media list, the note types in
 * col.models with their kind (0 standard, 1 cloze) and stock kind, every note with its fields by
 * name and the cards Anki would keep. It fails the way Anki would refuse a package: a note whose
 * note type is missing or whose field count differs from it, a card whose template (standard) or
 * cloze number (cloze) does not exist, a card in a deck that is not there.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import yauzl from 'yauzl';

export interface JudgedNoteType {
  id: string;
  name: string;
  kind: 'standard' | 'cloze';
  /** notetypes.proto OriginalStockKind: 1 Basic, 2 Basic (and reversed card), 5 Cloze; 0 unknown */
  originalStockKind: number;
  fields: string[];
  templates: Array<{ name: string; qfmt: string; afmt: string }>;
}

export interface JudgedNote {
  noteType: string;
  guid: string;
  fields: Record<string, string>;
  tags: string[];
  /** card ords, ascending */
  cards: number[];
  deck: string;
}

export interface JudgedPackage {
  noteTypes: JudgedNoteType[];
  notes: JudgedNote[];
  media: Record<string, Buffer>;
}

function entriesOf(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (e: yauzl.Entry) =>
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
}

const CLOZE = /\{\{c(\d+)::/g;

export async function judgeApkg(bytes: Buffer): Promise<JudgedPackage> {
  const entries = await entriesOf(bytes);
  const collection = entries.get('collection.anki2');
  if (!collection) throw new Error('no collection.anki2');
  const list = JSON.parse(entries.get('media')?.toString() ?? '{}') as Record<string, string>;
  const media: Record<string, Buffer> = {};
  for (const [entry, name] of Object.entries(list)) {
    const data = entries.get(entry);
    if (!data) throw new Error(`media entry ${entry} (${name}) is missing`);
    media[name] = data;
  }
  const dir = mkdtempSync(join(tmpdir(), 'blok-anki-judge-'));
  try {
    writeFileSync(join(dir, 'c.db'), collection);
    const db = new Database(join(dir, 'c.db'), { readonly: true });
    try {
      if (db.pragma('integrity_check', { simple: true }) !== 'ok') throw new Error('collection fails integrity_check');
      const col = db.prepare('SELECT ver, models, decks FROM col').get() as { ver: number; models: string; decks: string };
      if (col.ver !== 11) throw new Error(`collection version ${col.ver}, expected 11`);
      const models = JSON.parse(col.models) as Record<string, Record<string, unknown>>;
      const decks = JSON.parse(col.decks) as Record<string, { name: string }>;
      const noteTypes = new Map<string, JudgedNoteType>();
      for (const [key, m] of Object.entries(models)) {
        // what NotetypeSchema11 requires (no serde default): id, name, type, mod, usn, sortf, did, tmpls, flds, css
        for (const field of ['id', 'name', 'type', 'mod', 'usn', 'sortf', 'did', 'tmpls', 'flds', 'css']) {
          if (!(field in m)) throw new Error(`note type ${key} lacks ${field}`);
        }
        if (String(m.id) !== key) throw new Error(`note type key ${key} is not its id ${String(m.id)}`);
        const flds = [...(m.flds as Array<{ name: string; ord: number }>)].sort((a, b) => a.ord - b.ord);
        const tmpls = [...(m.tmpls as Array<{ name: string; ord: number; qfmt: string; afmt: string }>)].sort((a, b) => a.ord - b.ord);
        flds.forEach((f, i) => {
          if (f.ord !== i) throw new Error(`note type ${String(m.name)}: field ords are not 0..n`);
        });
        if (m.type === 1 && tmpls.length !== 1) throw new Error(`cloze note type ${String(m.name)} has ${tmpls.length} templates`);
        noteTypes.set(key, {
          id: key,
          name: String(m.name),
          kind: m.type === 1 ? 'cloze' : 'standard',
          originalStockKind: Number(m.originalStockKind ?? 0),
          fields: flds.map((f) => f.name),
          templates: tmpls.map((t) => ({ name: t.name, qfmt: t.qfmt, afmt: t.afmt })),
        });
      }
      const notes: JudgedNote[] = [];
      const rows = db.prepare('SELECT id, guid, mid, tags, flds FROM notes ORDER BY id').all() as Array<{ id: number; guid: string; mid: number; tags: string; flds: string }>;
      const guids = new Set<string>();
      for (const n of rows) {
        const nt = noteTypes.get(String(n.mid));
        if (!nt) throw new Error(`note ${n.id}: note type ${n.mid} is missing`);
        const values = n.flds.split('\u001f');
        if (values.length !== nt.fields.length) throw new Error(`note ${n.id}: ${values.length} fields, its note type has ${nt.fields.length}`);
        if (guids.has(n.guid)) throw new Error(`note ${n.id}: guid ${n.guid} twice`);
        guids.add(n.guid);
        const cards = db.prepare('SELECT ord, did FROM cards WHERE nid = ? ORDER BY ord').all(n.id) as Array<{ ord: number; did: number }>;
        if (cards.length === 0) throw new Error(`note ${n.id} has no cards`);
        const fields = Object.fromEntries(nt.fields.map((f, i) => [f, values[i]!]));
        for (const c of cards) {
          if (!decks[String(c.did)]) throw new Error(`note ${n.id}: card in deck ${c.did}, which is missing`);
          if (nt.kind === 'standard' && c.ord >= nt.templates.length) throw new Error(`note ${n.id}: card ord ${c.ord} without a template`);
          if (nt.kind === 'cloze') {
            const numbers = new Set([...values.join(' ').matchAll(CLOZE)].map((x) => Number(x[1])));
            if (!numbers.has(c.ord + 1)) throw new Error(`note ${n.id}: cloze card ${c.ord + 1} without a deletion c${c.ord + 1}`);
          }
        }
        notes.push({
          noteType: nt.name,
          guid: n.guid,
          fields,
          tags: n.tags.split(' ').filter(Boolean),
          cards: cards.map((c) => c.ord),
          deck: decks[String(cards[0]!.did)]!.name,
        });
      }
      const orphan = db.prepare('SELECT count(*) AS n FROM cards WHERE nid NOT IN (SELECT id FROM notes)').get() as { n: number };
      if (orphan.n > 0) throw new Error(`${orphan.n} cards without a note`);
      return { noteTypes: [...noteTypes.values()], notes, media };
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
