import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_LENGTH_HEADER, PDF_OPENING_CHUNK_BYTES, PDF_OPENING_FRESH_S, PDF_RANGES_HEADER, parseRanges, type ByteRange, type CourseDetail, type CourseFile } from '@blok/contract';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { makePdf, makeReader } from './pdf-maker.ts';

// Her PDF's opening (issue 41, decision 050): the ranges pdf.js reads for the first pages, recorded
// by the check at upload and answered in one response.

async function student(app: TestApp) {
  const { headers } = await signedInUser(app);
  const get = (url: string, extra: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
  const course = async (): Promise<CourseDetail> =>
    (await app.inject({ method: 'POST', url: '/api/courses', headers: { ...headers, 'idempotency-key': randomUUID() }, payload: { name: 'Sociale psychologie' } })).json();
  const upload = async (courseId: string, bytes: Buffer): Promise<CourseFile> => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/files?name=Reader.pdf`,
      headers: { ...headers, 'idempotency-key': randomUUID(), 'content-type': 'application/pdf' },
      payload: bytes,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  return { get, course, upload };
}

/** A reader of 200 pages, each with a paragraph of its own: about 80 KB, spread over twenty 4 KB ranges. */
const reader = makeReader(
  Array.from({ length: 200 }, (_, i) => `Pagina ${i + 1}: attitudes, sociale cognitie en groepsprocessen, met de onderzoeken die erbij horen en wat ze laten zien over gedrag.`),
);

/** Opens the file with pdf.js reading only `ranges` (anything else it asks is noted as missing) and reads page 1's text. */
async function firstPageFrom(bytes: Uint8Array, ranges: ByteRange[]): Promise<{ text: string; missing: Array<[number, number]> }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const missing: Array<[number, number]> = [];
  const inOpening = (begin: number, end: number) => ranges.some((r) => r.start <= begin && end - 1 <= r.end);
  class Only extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      if (!inOpening(begin, end)) missing.push([begin, end]);
      setImmediate(() => this.onDataRange(begin, bytes.slice(begin, end)));
    }
  }
  const doc = await pdfjs.getDocument({ range: new Only(bytes.length, null), rangeChunkSize: PDF_OPENING_CHUNK_BYTES, disableAutoFetch: true, disableStream: true, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const page = await doc.getPage(1);
    await page.getOperatorList();
    const content = await page.getTextContent();
    return { text: content.items.map((item) => ('str' in item ? item.str : '')).join(''), missing };
  } finally {
    await doc.destroy();
  }
}

describe.each(DIALECTS)("her PDF's opening on %s", (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { COURSE_PDF_TIMEOUT_S: '20' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers the bytes pdf.js reads for her first page in one response, a part of the file, with headers that run nothing', async () => {
    const s = await student(ctx.app);
    const { course } = await s.course();
    const file = await s.upload(course.id, reader);

    const res = await s.get(`/api/courses/${course.id}/files/${file.id}/opening`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'cache-control': `private, max-age=${PDF_OPENING_FRESH_S}`,
      [PDF_LENGTH_HEADER]: String(reader.length),
    });
    // her browser asks again with the tag it has: nothing changed under the file's id
    const again = await s.get(`/api/courses/${course.id}/files/${file.id}/opening`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const ranges = parseRanges(String(res.headers[PDF_RANGES_HEADER]), reader.length)!;
    expect(ranges).not.toBeNull();
    // its header and its cross-reference table (at the end), and far less than the whole file
    expect(ranges[0]!.start).toBe(0);
    expect(ranges.at(-1)!.end).toBe(reader.length - 1);
    const bytes = ranges.reduce((n, r) => n + r.end - r.start + 1, 0);
    expect(bytes).toBeLessThan(reader.length / 2);
    // the body is those ranges' bytes one after another
    expect(res.rawPayload.length).toBe(bytes);
    expect(Number(res.headers['content-length'])).toBe(bytes);
    expect(Buffer.compare(res.rawPayload, Buffer.concat(ranges.map((r) => reader.subarray(r.start, r.end + 1))))).toBe(0);

    // pdf.js draws and reads her first page from the opening alone
    const first = await firstPageFrom(new Uint8Array(reader), ranges);
    expect(first.text).toContain('Pagina 1:');
    expect(first.missing).toEqual([]);
    // the file's other pages are not in it
    expect((await firstPageFrom(new Uint8Array(reader), ranges.slice(0, 1))).missing.length).toBeGreaterThan(0);
  });

  it('answers a file kept before openings were recorded with its first and last 64 KB', async () => {
    const s = await student(ctx.app);
    const { course } = await s.course();
    const big = makePdf(Array.from({ length: 900 }, (_, i) => `Pagina ${i + 1}: ${'groepsprocessen '.repeat(8)}`));
    expect(big.length).toBeGreaterThan(128 * 1024);
    const file = await s.upload(course.id, big);
    await ctx.handle.db.updateTable('course_files').set({ opening: null }).where('id', '=', file.id).execute();

    const res = await s.get(`/api/courses/${course.id}/files/${file.id}/opening`);
    expect(res.statusCode).toBe(200);
    const ranges = parseRanges(String(res.headers[PDF_RANGES_HEADER]), big.length)!;
    expect(ranges[0]).toEqual({ start: 0, end: 64 * 1024 - 1 });
    expect(ranges[1]!.end).toBe(big.length - 1);
    expect(ranges[1]!.start % PDF_OPENING_CHUNK_BYTES).toBe(0);
    expect(Buffer.compare(res.rawPayload, Buffer.concat(ranges.map((r) => big.subarray(r.start, r.end + 1))))).toBe(0);
  });

  it("answers 404 for another student's file, a file of another course and an unknown one, 401 without a session", async () => {
    const owner = await student(ctx.app);
    const other = await student(ctx.app);
    const { course } = await owner.course();
    const { course: hers } = await other.course();
    const file = await owner.upload(course.id, makePdf(['een', 'twee']));
    const url = (courseId: string, fileId: string) => `/api/courses/${courseId}/files/${fileId}/opening`;

    expect((await owner.get(url(course.id, file.id))).statusCode).toBe(200);
    for (const res of [await other.get(url(course.id, file.id)), await other.get(url(hers.id, file.id)), await owner.get(url(course.id, randomUUID()))]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    expect((await owner.get(url(course.id, 'geen-id'))).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: url(course.id, file.id) })).statusCode).toBe(401);
  });
});
