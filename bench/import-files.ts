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

/**
 * A PDF of `mb` megabytes (MiB) and `pages` pages, written byte by byte (a real PDF 1.4 file with a
 * correct xref table, a line of Helvetica text per page, as apps/api/test/courses/pdf-maker.ts writes
 * them): what is large in it is one image of random bytes on its first page (an uncompressed stream,
 * as a scanned slide is), so nothing in it compresses and the upload carries every byte.
 */
export function largePdf(mb: number, pages: number): Buffer {
  const imageBytes = Math.floor(mb * 1024 * 1024) - pages * 400 - 4096;
  const side = Math.floor(Math.sqrt(imageBytes / 3));
  const image = randomBytes(side * side * 3);
  const objects: Array<string | Buffer> = [];
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  const first = 5;
  const pageIds = Array.from({ length: pages }, (_, i) => first + i * 2);
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push(Buffer.concat([Buffer.from(`<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${image.length} >>\nstream\n`, 'latin1'), image, Buffer.from('\nendstream', 'latin1')]));
  for (let i = 0; i < pages; i++) {
    const text = `BT /F1 18 Tf 50 760 Td (Dia ${i + 1}: attitudes, sociale cognitie en groepsprocessen) Tj ET`;
    const stream = i === 0 ? `q 495 0 0 495 50 200 cm /Im1 Do Q ${text}` : text;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> /XObject << /Im1 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`);
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(part);
    length += part.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(tail, 'latin1'));
  return Buffer.concat(parts);
}
