// Writes the hostile Anki packages of issue 38 beside this script (committed with it):
//
//   node apps/api/test/card-import/hostile/make-fixtures.mjs
//
// Each is small on disk and claims a lot inside. They are made by hand, byte by byte where it
// matters (RFC 8878 for zstd, Anki's schema 11 for the collections), so that no encoder "fixes"
// them. Rerunning the script gives the same files (fixed ids, a fixed zip time stamp).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import yazl from 'yazl';

const here = import.meta.dirname;
const STAMP = new Date('2026-01-01T00:00:00Z');

function zipOf(entries) {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(Buffer.from(e.bytes), e.name, { mtime: STAMP, compress: true });
  zip.end();
  const chunks = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
/** A block header (RFC 8878 3.1.1.2): 3 bytes, little-endian: last (1 bit), type (2 bits), size (21 bits). */
const blockHeader = (last, type, size) => {
  const v = (size << 3) | (type << 1) | (last ? 1 : 0);
  return [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff];
};
/** A window descriptor byte: window = 2^(10+exponent) * (1 + mantissa/8). */
const windowByte = (exponent, mantissa) => (exponent << 3) | mantissa;

/** A small valid single-segment frame holding `bytes` as one raw block. */
function tinyFrame(bytes) {
  return Buffer.from([...MAGIC, 0x20, bytes.length, ...blockHeader(true, 0, bytes.length), ...bytes]);
}

/** A frame with a window descriptor (no content size) and `blocks` RLE blocks of `size` bytes each. */
function rleFrame(descriptor, blocks, size) {
  const block = Buffer.from([...blockHeader(false, 1, size), 0x78]);
  const last = Buffer.from([...blockHeader(true, 1, size), 0x78]);
  return Buffer.concat([Buffer.from([...MAGIC, 0x00, descriptor]), ...Array(blocks - 1).fill(block), last]);
}

const META_V3 = Uint8Array.from([8, 3]);
const SQLITE_HEADER = Buffer.from('SQLite format 3\0');

/** Anki's schema 11 (the part the importer reads), and one basic note type and deck as JSON. */
function legacyCollection(dir, extraSql, notes) {
  const file = join(dir, `c${notes.length}${extraSql.length}.db`);
  const db = new Database(file);
  db.pragma('journal_mode = DELETE');
  db.exec(`
    CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL, ver integer NOT NULL,
      dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
      dconf text NOT NULL, tags text NOT NULL);
    CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL,
      tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
    CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL, mod integer NOT NULL,
      usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL,
      reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL,
      data text NOT NULL);
  `);
  const model = {
    id: 1700000000001,
    name: 'Basic',
    type: 0,
    flds: [{ name: 'Front', ord: 0 }, { name: 'Back', ord: 1 }],
    tmpls: [{ name: 'Card 1', ord: 0, qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' }],
  };
  db.prepare("INSERT INTO col VALUES (1, 0, 0, 0, 11, 0, 0, 0, '{}', ?, ?, '{}', '{}')").run(
    JSON.stringify({ [model.id]: model }),
    JSON.stringify({ 1: { id: 1, name: 'Biologie' } }),
  );
  notes.forEach((fields, i) => {
    db.prepare("INSERT INTO notes VALUES (?, ?, ?, 0, 0, '', ?, '', 0, 0, '')").run(1700000001000 + i, `g${i}`, model.id, fields.join('\u001f'));
    db.prepare("INSERT INTO cards VALUES (?, ?, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '')").run(1700000002000 + i, 1700000001000 + i);
  });
  if (extraSql) db.exec(extraSql);
  db.close();
  return readFileSync(file);
}

const dir = mkdtempSync(join(tmpdir(), 'blok-hostile-'));
try {
  const files = {
    // 1. A tiny valid frame, then a frame whose window descriptor claims 1.875 GiB (2^30 * 15/8)
    //    and 250,000 RLE blocks of 128 KiB: only the first frame's window used to be checked.
    'zstd-second-frame-window.apkg': await zipOf([
      { name: 'meta', bytes: META_V3 },
      { name: 'collection.anki21b', bytes: Buffer.concat([tinyFrame(SQLITE_HEADER), rleFrame(windowByte(20, 7), 250_000, 128 * 1024)]) },
    ]),
    // 2. One frame with a 192 MiB window (2^27 * 12/8, under the 200 MB budget) and 100,000 RLE
    //    blocks of 128 KiB: the decoder shifted its whole window once per block.
    'zstd-192mib-window.apkg': await zipOf([
      { name: 'meta', bytes: META_V3 },
      { name: 'collection.anki21b', bytes: rleFrame(windowByte(17, 4), 100_000, 128 * 1024) },
    ]),
    // 4. A decks table whose name is a generated column: each read makes 100 million characters.
    'generated-column.apkg': await zipOf([
      {
        name: 'collection.anki21',
        bytes: legacyCollection(dir, "CREATE TABLE decks (id integer PRIMARY KEY, name TEXT AS (replace(hex(zeroblob(50000000)),'00','x')) VIRTUAL); INSERT INTO decks (id) VALUES (1);", [
          ['mitochondrion', 'energiecentrale'],
        ]),
      },
      { name: 'media', bytes: Buffer.from('{}') },
    ]),
    // 4. One note whose back is 10 MB of HTML, beside an ordinary note.
    'ten-mb-field.apkg': await zipOf([
      {
        name: 'collection.anki21',
        bytes: legacyCollection(dir, '', [
          ['ribosoom', 'maakt eiwitten'],
          ['groot', '<b>x</b><br>'.repeat(Math.ceil((10 * 1024 * 1024) / 12))],
        ]),
      },
      { name: 'media', bytes: Buffer.from('{}') },
    ]),
  };
  for (const [name, bytes] of Object.entries(files)) {
    writeFileSync(join(here, name), bytes);
    console.log(`${name}: ${bytes.length.toLocaleString('en')} bytes`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
