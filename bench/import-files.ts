// Honest large import files, made the same way by bench/card-import.ts and bench/event-loop.ts.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import yazl from 'yazl';
import { BASIC, buildAnkiPackage, type TestNote } from '../apps/api/test/card-import/packages.ts';

export function zipOf(entries: Array<{ name: string; bytes: Uint8Array; compress?: boolean }>): Promise<Buffer> {
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

/** 380 notes, each with its own 480 x 360 JPEG of noise (about 60 KB: photos of slides). */
export async function picturePackage(): Promise<Buffer> {
  const media: Array<{ name: string; bytes: Uint8Array }> = [];
  const notes: TestNote[] = [];
  for (let i = 0; i < 380; i++) {
    const raw = randomBytes(160 * 120 * 3);
    const jpg = await sharp(raw, { raw: { width: 160, height: 120, channels: 3 } }).resize(480, 360).jpeg({ quality: 80 }).toBuffer();
    media.push({ name: `dia-${i}.jpg`, bytes: jpg });
    notes.push({ mid: BASIC.id, fields: [`Dia ${i + 1}: wat zie je hier?`, `<img src="dia-${i}.jpg">`], ords: [0] });
  }
  return buildAnkiPackage({ version: 2, noteTypes: [BASIC], decks: [{ id: 1, name: 'Default' }, { id: 1700000000100, name: 'Anatomie' }], notes: notes.map((n) => ({ ...n, did: 1700000000100 })), media });
}

/** 1,000 lines of a Quizlet-style text: Markdown with bold, italics and a link on every card. */
export const thousandCards = () =>
  Buffer.from(
    Array.from({ length: 1000 }, (_, i) => `**Begrip ${i + 1}** met _nadruk_\tDe uitleg van begrip ${i + 1}: een zin van gemiddelde lengte, met een [link](https://example.nl/${i}) erin.`).join('\n'),
  );
