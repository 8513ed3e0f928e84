/**
 * Her PDF's opening in one response (issue 41, decision 050): the byte ranges pdf.js reads to show
 * a file's first pages, recorded by the check at upload, answered by
 * `GET /courses/{id}/files/{fileId}/opening` as their bytes one after another.
 */

/**
 * pdf.js's read size when the opening is recorded and when the viewer reads the file: its reads of a
 * first page are small and spread over the file (the header, the cross-reference table at the end,
 * the page tree, the page, its fonts); 4 KB ranges keep the opening near what the page needs (a
 * 300-page printed reader: 100 KB of 484 KB; 16 KB ranges 132 KB, 64 KB ranges 292 KB).
 */
export const PDF_OPENING_CHUNK_BYTES = 4 * 1024;

/** Most bytes an opening holds: a first page with a large picture gets the rest as it reads on. */
export const PDF_OPENING_MAX_BYTES = 1024 * 1024;

/** The pages whose reads are in the opening: her first screen at 390 x 844 shows one and a half. */
export const PDF_OPENING_PAGES = 2;

/**
 * How long her browser keeps an opening without asking again: her course page fetches the openings
 * of its first PDFs while she looks at it, and the one she taps opens from that copy.
 */
export const PDF_OPENING_FRESH_S = 600;

/** The response's headers: the file's length in bytes, and its ranges in the body's order. */
export const PDF_LENGTH_HEADER = 'pdf-length';
export const PDF_RANGES_HEADER = 'pdf-ranges';

/** Inclusive byte ranges, as in Content-Range. */
export type ByteRange = { start: number; end: number };

/** `0-4095,491520-495614` */
export const formatRanges = (ranges: readonly ByteRange[]): string => ranges.map((r) => `${r.start}-${r.end}`).join(',');

/**
 * The ranges of a header or a stored opening, or null when they are not ranges inside a file of
 * `length` bytes in ascending order without overlap (nothing else is trusted as an opening).
 */
export function parseRanges(text: string | null | undefined, length: number): ByteRange[] | null {
  if (!text || text.length > 20_000) return null;
  const ranges: ByteRange[] = [];
  let after = 0;
  for (const part of text.split(',')) {
    const m = /^(\d{1,15})-(\d{1,15})$/.exec(part.trim());
    if (!m) return null;
    const start = Number(m[1]);
    const end = Number(m[2]);
    if (start < after || end < start || end >= length) return null;
    ranges.push({ start, end });
    after = end + 1;
  }
  return ranges.length > 0 ? ranges : null;
}

/**
 * pdf.js's reads (`begin` inclusive, `end` exclusive, in the order it asked them) as ascending
 * inclusive ranges, touching ones joined: the first reads up to `maxBytes` (what it asks first it
 * needs first: the header and the cross-reference table before any page).
 */
export function coalesceReads(reads: ReadonlyArray<readonly [number, number]>, maxBytes: number): ByteRange[] {
  const taken: Array<readonly [number, number]> = [];
  let bytes = 0;
  for (const [begin, end] of reads) {
    if (end <= begin) continue;
    if (bytes + (end - begin) > maxBytes) break;
    taken.push([begin, end]);
    bytes += end - begin;
  }
  taken.sort((a, b) => a[0] - b[0]);
  const ranges: ByteRange[] = [];
  for (const [begin, end] of taken) {
    const last = ranges.at(-1);
    if (last && begin <= last.end + 1) last.end = Math.max(last.end, end - 1);
    else ranges.push({ start: begin, end: end - 1 });
  }
  return ranges;
}
