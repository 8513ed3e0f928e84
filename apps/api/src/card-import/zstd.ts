import { Decompress } from 'fzstd';
import { ImportRefused } from './types.ts';

const ZSTD_MAGIC = 0xfd2fb528;

export const isZstd = (bytes: Uint8Array) => bytes.length >= 4 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === ZSTD_MAGIC;

/**
 * The window the first frame asks the decoder to keep (RFC 8878 3.1.1.1): the decoder allocates
 * it up front, so a frame claiming gigabytes is refused before decoding.
 */
function windowSize(bytes: Uint8Array): number {
  const descriptor = bytes[4] ?? 0;
  const singleSegment = (descriptor & 0x20) !== 0;
  if (!singleSegment) {
    const wd = bytes[5] ?? 0;
    const log = 10 + (wd >> 3);
    const base = 2 ** log;
    return base + (base / 8) * (wd & 7);
  }
  // single segment: the window is the content size, stored in 1, 2, 4 or 8 bytes after the descriptor (and no dictionary id here)
  const fcsFlag = descriptor >> 6;
  const dictBytes = [0, 1, 2, 4][descriptor & 3]!;
  const at = 5 + dictBytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < at + 8) return 0;
  if (fcsFlag === 0) return bytes[at]!;
  if (fcsFlag === 1) return view.getUint16(at, true) + 256;
  if (fcsFlag === 2) return view.getUint32(at, true);
  return Number(view.getBigUint64(at, true));
}

/**
 * Decodes zstd (Anki's newer packages) with fzstd, in slices, stopping as soon as the output passes
 * `cap` bytes: a small file that would inflate to gigabytes is refused, not decoded.
 */
export function zstdDecode(bytes: Uint8Array, cap: number, tooLarge: () => Error): Uint8Array {
  if (!isZstd(bytes)) throw new ImportRefused('import_damaged', 'Dit pakket is beschadigd: een onderdeel is niet goed ingepakt.');
  if (windowSize(bytes) > cap) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const decoder = new Decompress((chunk) => {
    size += chunk.length;
    if (size > cap) over = true;
    else chunks.push(chunk);
  });
  const SLICE = 64 * 1024;
  try {
    for (let i = 0; i < bytes.length && !over; i += SLICE) decoder.push(bytes.subarray(i, i + SLICE), i + SLICE >= bytes.length);
  } catch {
    throw new ImportRefused('import_damaged', 'Dit pakket is beschadigd: een onderdeel is niet goed ingepakt.');
  }
  if (over) throw tooLarge();
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
