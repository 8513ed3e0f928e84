import { Decompress, decompress } from 'fzstd';
import { ImportRefused } from './types.ts';

const ZSTD_MAGIC = 0xfd2fb528;
/** Skippable frames: 0x184D2A50 … 0x184D2A5F (RFC 8878 3.1.2). */
const SKIPPABLE = 0x184d2a50;
/** The largest block a frame may hold (RFC 8878 3.1.1.2.4: Block_Maximum_Size is at most 128 KiB). */
const MAX_BLOCK = 128 * 1024;
/**
 * fzstd shifts a streamed frame's whole window once per block. Anki writes 2 MiB windows with full
 * 128 KiB blocks: 16 bytes shifted per byte decoded. Frames without a declared size may shift at
 * most that much per byte of the budget (200 MB: 3.2 GB, well under a second), however tiny their
 * blocks.
 */
const SHIFT_PER_BUDGET_BYTE = 16;

export const isZstd = (bytes: Uint8Array) => bytes.length >= 4 && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === ZSTD_MAGIC;

const damaged = () => new ImportRefused('import_damaged', 'Dit pakket is beschadigd: een onderdeel is niet goed ingepakt.');

export interface ZstdLimits {
  /** most bytes all frames together may decode to */
  cap: number;
  /** largest window a frame without a declared size may ask for (the decoder allocates it) */
  maxWindow: number;
  /** the refusal past the cap */
  tooLarge: () => Error;
  /** the refusal of a window past maxWindow */
  windowTooLarge: () => Error;
}

interface Frame {
  /** the frame's bytes, header to checksum */
  bytes: Uint8Array;
  /** declared content size, or null (the frame is then decoded through its window) */
  contentSize: number | null;
  window: number;
  blocks: number;
  /** most bytes its blocks can decode to */
  bound: number;
}

/**
 * Every frame of the input, walked from header to checksum without decoding (RFC 8878 3.1.1):
 * the window and declared size of each frame and the sizes of its blocks are known before a byte
 * is allocated for it. A reserved bit, a dictionary, a block past the frame's maximum or bytes
 * that run out: damaged.
 */
function walkFrames(input: Uint8Array): Frame[] {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const frames: Frame[] = [];
  let at = 0;
  const need = (n: number) => {
    if (at + n > input.length) throw damaged();
  };
  while (at < input.length) {
    need(4);
    const magic = view.getUint32(at, true);
    if ((magic & 0xfffffff0) >>> 0 === SKIPPABLE) {
      need(8);
      at += 8 + view.getUint32(at + 4, true);
      if (at > input.length) throw damaged();
      continue;
    }
    if (magic !== ZSTD_MAGIC) throw damaged();
    const start = at;
    at += 4;
    need(1);
    const descriptor = input[at++]!;
    const fcsFlag = descriptor >> 6;
    const singleSegment = (descriptor & 0x20) !== 0;
    const checksum = (descriptor & 0x04) !== 0;
    const dictBytes = [0, 1, 2, 4][descriptor & 3]!;
    if ((descriptor & 0x08) !== 0) throw damaged();
    let window = 0;
    if (!singleSegment) {
      need(1);
      const wd = input[at++]!;
      const base = 2 ** (10 + (wd >> 3));
      window = base + (base / 8) * (wd & 7);
    }
    need(dictBytes);
    for (let i = 0; i < dictBytes; i++) if (input[at + i] !== 0) throw damaged();
    at += dictBytes;
    const fcsBytes = fcsFlag === 0 ? (singleSegment ? 1 : 0) : 1 << fcsFlag;
    need(fcsBytes);
    let contentSize: number | null = null;
    if (fcsBytes === 1) contentSize = input[at]!;
    else if (fcsBytes === 2) contentSize = view.getUint16(at, true) + 256;
    else if (fcsBytes === 4) contentSize = view.getUint32(at, true);
    else if (fcsBytes === 8) contentSize = Number(view.getBigUint64(at, true));
    at += fcsBytes;
    if (singleSegment) window = contentSize!;
    const maxBlock = Math.min(window, MAX_BLOCK);
    let blocks = 0;
    let bound = 0;
    for (let last = false; !last; ) {
      need(3);
      const header = input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16);
      at += 3;
      last = (header & 1) === 1;
      const type = (header >> 1) & 3;
      const size = header >>> 3;
      if (type === 3 || size > maxBlock) throw damaged();
      blocks++;
      // raw: the bytes themselves; RLE: one byte repeated; compressed: at most a maximum block
      bound += type === 2 ? maxBlock : size;
      const stored = type === 1 ? 1 : size;
      need(stored);
      at += stored;
    }
    if (checksum) {
      need(4);
      at += 4;
    }
    frames.push({ bytes: input.subarray(start, at), contentSize, window, blocks, bound });
  }
  return frames;
}

/**
 * Decodes zstd (Anki's newer packages) with fzstd, bounded before anything is allocated: every
 * frame's header and blocks are read first, and the file is refused when any frame's declared
 * size or its blocks could pass what is left of `cap`, or a frame without a declared size asks
 * for a window over `maxWindow` (fzstd allocates the window up front, outside the worker's heap
 * cap). A frame with a declared size is decoded straight into the output; one without through
 * its window, stopped the moment it passes its bound. The output is allocated once.
 */
export function zstdDecode(bytes: Uint8Array, limits: ZstdLimits): Uint8Array {
  if (!isZstd(bytes)) throw damaged();
  const frames = walkFrames(bytes);
  let total = 0;
  let shifted = 0;
  for (const f of frames) {
    if (f.contentSize !== null) {
      if (f.contentSize > f.bound) throw damaged();
      total += f.contentSize;
    } else {
      if (f.window > limits.maxWindow) throw limits.windowTooLarge();
      total += f.bound;
      shifted += f.blocks * f.window;
    }
    if (total > limits.cap) throw limits.tooLarge();
  }
  if (shifted > limits.cap * SHIFT_PER_BUDGET_BYTE + limits.maxWindow) throw limits.tooLarge();

  const out = new Uint8Array(total);
  let size = 0;
  try {
    for (const f of frames) {
      if (f.contentSize !== null) {
        decompress(f.bytes, out.subarray(size, size + f.contentSize));
        size += f.contentSize;
        continue;
      }
      const end = size + f.bound;
      new Decompress((chunk) => {
        if (size + chunk.length > end) throw damaged();
        out.set(chunk, size);
        size += chunk.length;
      }).push(f.bytes, true);
    }
  } catch (err) {
    if (err instanceof ImportRefused) throw err;
    throw damaged();
  }
  return out.subarray(0, size);
}
