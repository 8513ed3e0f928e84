import { describe, expect, it } from 'vitest';
import { zstdDecode, type ZstdLimits } from '../../src/card-import/zstd.ts';
import { ImportRefused } from '../../src/card-import/types.ts';
import { zstd } from './packages.ts';

/** Frames made by hand (RFC 8878), as the hostile fixtures are (hostile/make-fixtures.mjs). */
const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const blockHeader = (last: boolean, type: number, size: number) => {
  const v = (size << 3) | (type << 1) | (last ? 1 : 0);
  return [v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff];
};
/** A frame without a declared size: window 2^(10+exponent) * (1 + mantissa/8), the bytes as raw blocks of at most `block`. */
function streamedFrame(bytes: Uint8Array, exponent: number, mantissa = 0, block = 1024): Uint8Array {
  const parts: number[] = [...MAGIC, 0x00, (exponent << 3) | mantissa];
  for (let at = 0; at < bytes.length || at === 0; at += block) {
    const piece = bytes.subarray(at, at + block);
    parts.push(...blockHeader(at + block >= bytes.length, 0, piece.length), ...piece);
  }
  return Uint8Array.from(parts);
}
/** A frame of `count` RLE blocks of `size` bytes. */
function rleFrame(exponent: number, mantissa: number, count: number, size: number): Uint8Array {
  const parts: number[] = [...MAGIC, 0x00, (exponent << 3) | mantissa];
  for (let i = 0; i < count; i++) parts.push(...blockHeader(i === count - 1, 1, size), 0x61);
  return Uint8Array.from(parts);
}
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

class TooLarge extends Error {}
class Window extends Error {}
const limits = (cap: number, maxWindow = 8 * 1024 * 1024): ZstdLimits => ({ cap, maxWindow, tooLarge: () => new TooLarge(), windowTooLarge: () => new Window() });
const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251);

describe('zstd with bounds (issue 38)', () => {
  it('decodes frames with a declared size, frames without one, and several after each other', async () => {
    const a = bytes(300_000, 1);
    const b = bytes(5_000, 2);
    expect(Buffer.from(zstdDecode(await zstd(a), limits(1024 * 1024)))).toEqual(Buffer.from(a));
    expect(Buffer.from(zstdDecode(streamedFrame(b, 7), limits(1024 * 1024)))).toEqual(Buffer.from(b));
    const all = concat(await zstd(a), streamedFrame(b, 7), await zstd(b));
    expect(Buffer.from(zstdDecode(all, limits(1024 * 1024)))).toEqual(Buffer.from(concat(a, b, b)));
  });

  it('checks every frame, not only the first: a later frame claiming a huge window is refused before it is allocated', async () => {
    const first = await zstd(bytes(100));
    // 2^30 * 15/8 = 1.875 GiB
    expect(() => zstdDecode(concat(first, rleFrame(20, 7, 3, 1024)), limits(200 * 1024 * 1024))).toThrow(Window);
    // within the window cap, but its blocks would pass the budget
    expect(() => zstdDecode(concat(first, rleFrame(13, 0, 10, 8192)), limits(64 * 1024))).toThrow(TooLarge);
    // a declared size past the budget
    const declared = await zstd(bytes(70_000));
    expect(() => zstdDecode(concat(first, declared), limits(64 * 1024))).toThrow(TooLarge);
  });

  it('refuses a frame of many tiny blocks in a large window (the decoder shifts its window once per block)', () => {
    // 8 MiB window, 100,000 blocks of one byte: 100 KB of output, 800 GB of window shifted
    expect(() => zstdDecode(rleFrame(13, 0, 100_000, 1), limits(200 * 1024 * 1024))).toThrow(TooLarge);
    // fewer in a 64 KiB window are honest enough
    expect(zstdDecode(rleFrame(6, 0, 10_000, 1), limits(200 * 1024 * 1024))).toHaveLength(10_000);
  });

  it('refuses damaged frames as damaged', async () => {
    const good = await zstd(bytes(1000));
    for (const bad of [good.subarray(0, good.length - 3), concat(good, Uint8Array.from([1, 2, 3, 4, 5])), Uint8Array.from([...MAGIC, 0x08, 0x00])]) {
      expect(() => zstdDecode(bad, limits(1024 * 1024))).toThrow(ImportRefused);
    }
    // a block larger than its frame's maximum (the window: 1 KiB)
    expect(() => zstdDecode(rleFrame(0, 0, 1, 4096), limits(1024 * 1024))).toThrow(ImportRefused);
  });
});
