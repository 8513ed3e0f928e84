import { readFile } from 'node:fs/promises';
import { PDF_OPENING_CHUNK_BYTES, PDF_OPENING_MAX_BYTES, PDF_OPENING_PAGES, coalesceReads, formatRanges } from '@blok/contract';
import type { PdfCheckRequest, PdfCheckResponse } from './pdf-types.ts';

const MAGIC = Buffer.from('%PDF-', 'latin1');

/**
 * The largest page count any page tree in the file claims (`/Count n` in a `/Type /Pages`
 * dictionary that is not compressed), so a file that claims a million pages is refused before
 * pdf.js walks it. An outline's `/Count` (its open entries) is not a page count and is passed
 * over. pdf.js's own count (numPages) covers trees inside compressed object streams.
 */
export function largestClaimedCount(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let largest = 0;
  let at = buffer.indexOf('/Count');
  while (at >= 0) {
    let i = at + 6;
    while (i < buffer.length && (buffer[i] === 0x20 || buffer[i] === 0x0a || buffer[i] === 0x0d || buffer[i] === 0x09)) i++;
    let digits = '';
    while (i < buffer.length && digits.length < 12 && buffer[i]! >= 0x30 && buffer[i]! <= 0x39) digits += String.fromCharCode(buffer[i++]!);
    if (digits !== '' && Number(digits) > largest && inPagesDictionary(buffer, at)) largest = Number(digits);
    at = buffer.indexOf('/Count', at + 6);
  }
  return largest;
}

/** Whether the dictionary around `at` (from its `<<` to its `>>`, within 4 KB) says `/Type /Pages`. */
function inPagesDictionary(buffer: Buffer, at: number): boolean {
  const open = buffer.lastIndexOf('<<', at);
  const close = buffer.indexOf('>>', at);
  if (open < 0 || close < 0 || at - open > 4096 || close - at > 4096) return false;
  return /\/Type\s*\/Pages\b/.test(buffer.toString('latin1', open, close));
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/**
 * The byte ranges pdf.js reads to show the first pages (decision 050): the file opened again over
 * a range transport that answers from the bytes at hand and notes each read, as the viewer reads it
 * (PDF_OPENING_CHUNK_BYTES at a time), while the first PDF_OPENING_PAGES pages are drawn into an
 * operator list (their fonts and pictures; a picture above 16 Mpx is passed over, as it is not drawn
 * here) and their text is read. Null when that fails: the viewer then reads as it goes.
 */
async function recordOpening(pdfjs: PdfJs, data: Uint8Array): Promise<string | null> {
  const reads: Array<[number, number]> = [];
  class Recorder extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      reads.push([begin, end]);
      setImmediate(() => this.onDataRange(begin, data.slice(begin, end)));
    }
  }
  let doc: Awaited<ReturnType<PdfJs['getDocument']>['promise']> | undefined;
  try {
    doc = await pdfjs.getDocument({
      range: new Recorder(data.length, null),
      rangeChunkSize: PDF_OPENING_CHUNK_BYTES,
      disableAutoFetch: true,
      disableStream: true,
      isEvalSupported: false,
      enableXfa: false,
      disableFontFace: true,
      useSystemFonts: false,
      maxImageSize: 16_000_000,
      verbosity: 0,
    }).promise;
    for (let n = 1; n <= Math.min(PDF_OPENING_PAGES, doc.numPages); n++) {
      const page = await doc.getPage(n);
      await page.getOperatorList();
      await page.getTextContent();
      page.cleanup();
    }
    const ranges = coalesceReads(reads, PDF_OPENING_MAX_BYTES);
    return ranges.length > 0 ? formatRanges(ranges) : null;
  } catch {
    return null;
  } finally {
    await doc?.destroy().catch(() => undefined);
  }
}

/** The PDF's first bytes are its signature (%PDF-); anything else is not a PDF. */
export function looksLikePdf(head: Uint8Array): boolean {
  return head.length >= MAGIC.length && Buffer.from(head.buffer, head.byteOffset, MAGIC.length).equals(MAGIC);
}

const refused = (code: 'pdf_not_a_pdf' | 'pdf_too_many_pages' | 'pdf_damaged', message: string): PdfCheckResponse => ({ ok: false, code, message });

/**
 * Checks a PDF and reads each page's text, with pdf.js (pdfjs-dist's build for Node): no
 * evaluated code (isEvalSupported false), no XFA forms, no fonts loaded into anything, and no
 * scripting (the sandbox is never loaded: JavaScript, launch actions and embedded files are not
 * run or read). Runs on a thread of its own with a heap cap and a deadline (pdf-checker.ts).
 */
export async function checkPdf(req: PdfCheckRequest): Promise<PdfCheckResponse> {
  const data = new Uint8Array(await readFile(req.path));
  if (!looksLikePdf(data)) return refused('pdf_not_a_pdf', 'Dit bestand is geen pdf.');
  if (largestClaimedCount(data) > req.maxPages) return refused('pdf_too_many_pages', `Deze pdf heeft meer dan ${req.maxPages} pagina's.`);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']> | undefined;
  try {
    doc = await pdfjs.getDocument({
      data,
      isEvalSupported: false,
      enableXfa: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      verbosity: 0,
    }).promise;
    if (doc.numPages > req.maxPages) return refused('pdf_too_many_pages', `Deze pdf heeft meer dan ${req.maxPages} pagina's.`);
    if (doc.numPages < 1) return refused('pdf_damaged', 'Deze pdf heeft geen pagina’s.');
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
        if (text.length > req.maxPageChars) break;
      }
      pages.push(text.replace(/[ \t]+/g, ' ').trim().slice(0, req.maxPageChars));
      page.cleanup();
    }
    // pdf.js was given the bytes (they are its worker's now): the opening reads the file again
    await doc.destroy();
    doc = undefined;
    return { ok: true, pages, opening: await recordOpening(pdfjs, new Uint8Array(await readFile(req.path))) };
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'InvalidPDFException') return refused('pdf_damaged', 'Deze pdf is beschadigd en kan niet worden gelezen.');
    if (err instanceof RangeError || /call stack|recursion/i.test(String(err))) return refused('pdf_damaged', 'Deze pdf is zo gebouwd dat hij niet veilig kan worden gelezen.');
    return refused('pdf_damaged', 'Deze pdf kan niet worden gelezen.');
  } finally {
    await doc?.destroy();
  }
}
