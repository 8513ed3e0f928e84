import { describe, expect, it } from 'vitest';
import { coalesceReads, formatRanges, parseRanges } from './pdf-opening.ts';

describe("her PDF's opening ranges (decision 050)", () => {
  it('joins touching reads in file order and keeps the first reads within the cap', () => {
    const reads: Array<[number, number]> = [
      [0, 4096],
      [491520, 495615],
      [487424, 491520],
      [8192, 12288],
    ];
    expect(coalesceReads(reads, 1 << 20)).toEqual([
      { start: 0, end: 4095 },
      { start: 8192, end: 12287 },
      { start: 487424, end: 495614 },
    ]);
    // what pdf.js asked first (the header, the cross-reference table) stays when the cap is reached
    expect(coalesceReads(reads, 8200)).toEqual([
      { start: 0, end: 4095 },
      { start: 491520, end: 495614 },
    ]);
  });

  it('reads back what it wrote, and trusts nothing else', () => {
    const ranges = [
      { start: 0, end: 4095 },
      { start: 413696, end: 495614 },
    ];
    expect(parseRanges(formatRanges(ranges), 495615)).toEqual(ranges);
    for (const bad of ['', '0-4095,100-200', '10-5', '0-495615', 'a-b', '0-1;2-3', '-5', null]) expect(parseRanges(bad, 495615)).toBeNull();
  });
});
