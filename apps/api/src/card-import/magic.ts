import type { PictureType } from './types.ts';

const starts = (b: Uint8Array, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

/** The picture type its first bytes show (not its name), or null: only png, jpeg and webp (what a card keeps). */
export function pictureType(b: Uint8Array): PictureType | null {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** A zip archive's local file header (PK\3\4), or an empty zip (PK\5\6). */
export const isZip = (b: Uint8Array) => starts(b, [0x50, 0x4b, 0x03, 0x04]) || starts(b, [0x50, 0x4b, 0x05, 0x06]);
