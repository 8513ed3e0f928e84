import { GlobalWorkerOptions, PDFDataRangeTransport, PDFWorker, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import { PDF_LENGTH_HEADER, PDF_OPENING_CHUNK_BYTES, PDF_RANGES_HEADER, parseRanges } from '@blok/contract/pdf-opening';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { ensureAuthenticated } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth/token-storage.ts';
import { keptPdf, pdfFileUrl, pdfOpeningUrl } from '../offline/pdf-cache.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/** What opening her PDF came to: the document, or why it could not be opened. */
export type Opened = { doc: PDFDocumentProxy; failed?: undefined } | { doc?: undefined; failed: 'error' | 'offline' };

/** A document and the shared worker it uses (it leaves the worker when released). */
const workers = new WeakMap<PDFDocumentProxy, PDFWorker>();

/**
 * What the viewer fetches when pdf.js reads past her file's opening: pdf.js asks 4 KB at a time
 * (PDF_OPENING_CHUNK_BYTES, as the opening was recorded), and on a phone's network round trips cost
 * more than bytes (bench:pdf, 300 pages over slow 4G: 64 KB ranges 4.3 s to her first page, 256 KB
 * 1.3-1.4 s, 512 KB the same), so a read past the opening fetches 256 KB from where it starts; a large
 * file still loads only the ranges of the pages shown.
 */
const RANGE_CHUNK = 256 * 1024;

const authorization = (): Record<string, string> => {
  const token = getAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/** Bytes of her file from `start` on: the opening's pieces, and what the viewer fetched past them. */
type Window = { start: number; end: number; bytes: Promise<Uint8Array | null> };

/** Fetched windows kept for reads that fall in them (pdf.js asks the chunks of each page apart). */
const KEPT_WINDOWS = 4;

/**
 * pdf.js's reads of her file (decision 050): from its opening (the ranges pdf.js reads for the first
 * pages, fetched in one response) where they are in it, else from a window of RANGE_CHUNK fetched
 * from where the read starts; reads that fall in a window being fetched wait for it. A fetch that
 * fails (her connection gone) is tried again, ever later, until the document is closed; a file that
 * is gone (404) is not asked again.
 */
class OpeningTransport extends PDFDataRangeTransport {
  private closed = false;
  private readonly fetched: Window[] = [];

  constructor(
    length: number,
    private readonly pieces: readonly Window[],
    private readonly fileUrl: string,
  ) {
    super(length, null);
  }

  override requestDataRange(begin: number, end: number): void {
    const covers = (w: Window) => w.start <= begin && end <= w.end;
    let window = this.pieces.find(covers) ?? this.fetched.find(covers);
    if (!window) {
      const to = Math.min(this.length, Math.max(end, begin + RANGE_CHUNK));
      window = { start: begin, end: to, bytes: this.fetchRange(begin, to) };
      this.fetched.push(window);
      if (this.fetched.length > KEPT_WINDOWS) this.fetched.shift();
    }
    const { start } = window;
    void window.bytes.then((bytes) => {
      if (bytes && !this.closed) this.onDataRange(begin, bytes.slice(begin - start, end - start));
    });
  }

  private async fetchRange(begin: number, end: number): Promise<Uint8Array | null> {
    for (let attempt = 0; !this.closed; attempt++) {
      try {
        if (attempt > 0) await ensureAuthenticated();
        const response = await fetch(this.fileUrl, { headers: { ...authorization(), range: `bytes=${begin}-${end - 1}` }, credentials: 'same-origin' });
        if (response.status === 404 || response.status === 416) return null;
        const bytes = response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
        // 206: the range; 200: the whole file (a proxy that drops Range)
        if (bytes && response.status === 206 && bytes.length === end - begin) return bytes;
        if (bytes && response.status === 200 && bytes.length === this.length) return bytes.subarray(begin, end);
      } catch {
        // offline or cut off: tried again below
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * 2 ** attempt)));
    }
    return null;
  }

  override abort(): void {
    this.closed = true;
  }
}

/** Her file's opening in one response, or null (an older server, a failed fetch: pdf.js then reads the file as it goes). */
async function fetchOpening(courseId: string, fileId: string): Promise<OpeningTransport | null> {
  try {
    const response = await fetch(pdfOpeningUrl(courseId, fileId), { headers: authorization(), credentials: 'same-origin' });
    const length = Number(response.headers.get(PDF_LENGTH_HEADER));
    const ranges = response.ok && Number.isSafeInteger(length) && length > 0 ? parseRanges(response.headers.get(PDF_RANGES_HEADER), length) : null;
    if (!ranges) return null;
    const body = new Uint8Array(await response.arrayBuffer());
    const pieces: Window[] = [];
    let at = 0;
    for (const { start, end } of ranges) {
      pieces.push({ start, end: end + 1, bytes: Promise.resolve(body.subarray(at, at + end - start + 1)) });
      at += end - start + 1;
    }
    return at === body.length ? new OpeningTransport(length, pieces, pdfFileUrl(courseId, fileId)) : null;
  } catch {
    return null;
  }
}

/**
 * Opens her PDF with pdf.js: the copy kept on the device (features/courses/offline; a file's bytes
 * never change under its id), else its opening in one response and the rest in ranges with her
 * bearer token (only the pages shown, never the whole file in the background). Nothing in the file
 * runs: no eval, no XFA.
 */
async function open(courseId: string, fileId: string, signal: { cancelled: boolean }): Promise<Opened> {
  // pdf.js's worker starts at once (its code compiles while the copy on the device is looked up and
  // her session checked); it goes with the document
  const worker = joinWorker();
  try {
    const safe = { isEvalSupported: false, enableXfa: false, worker } as const;
    const [kept] = await Promise.all([keptPdf(courseId, fileId), navigator.onLine ? ensureAuthenticated().catch(() => undefined) : undefined]);
    if (signal.cancelled) throw new Error('cancelled');
    let doc: PDFDocumentProxy;
    if (kept) doc = await getDocument({ ...safe, data: kept }).promise;
    else if (!navigator.onLine) {
      leaveWorker(worker);
      return { failed: 'offline' };
    } else {
      const reading = { disableAutoFetch: true, disableStream: true } as const;
      const range = await fetchOpening(courseId, fileId);
      if (signal.cancelled) throw new Error('cancelled');
      doc = await getDocument(
        range
          ? { ...safe, ...reading, range, rangeChunkSize: PDF_OPENING_CHUNK_BYTES }
          : { ...safe, ...reading, url: pdfFileUrl(courseId, fileId), httpHeaders: authorization(), rangeChunkSize: RANGE_CHUNK },
      ).promise;
    }
    // the document leaves the shared worker when it is released
    workers.set(doc, worker);
    return { doc };
  } catch {
    leaveWorker(worker);
    return { failed: navigator.onLine ? 'error' : 'offline' };
  }
}

/**
 * pdf.js's worker, one for her documents (pdf.js lets documents share a worker): it compiles about a
 * megabyte of code when it starts, on a phone most of a second (bench:pdf: from her tap to her
 * document 1.05 s, of which the file was 0.03 s). Started on her course page while she looks at it
 * (warmUp) or by her first opening, and ended WORKER_IDLE_MS after her last document closed.
 */
let shared: { worker: PDFWorker; users: number; timer: ReturnType<typeof setTimeout> | null } | null = null;
const WORKER_IDLE_MS = 2 * 60_000;

function idleWorker(): void {
  const entry = shared;
  if (!entry || entry.users > 0) return;
  entry.timer = setTimeout(() => {
    if (shared !== entry || entry.users > 0) return;
    shared = null;
    entry.worker.destroy();
  }, WORKER_IDLE_MS);
}

function joinWorker(): PDFWorker {
  shared ??= { worker: new PDFWorker(), users: 0, timer: null };
  if (shared.timer) clearTimeout(shared.timer);
  shared.timer = null;
  shared.users++;
  return shared.worker;
}

function leaveWorker(worker: PDFWorker): void {
  if (shared?.worker !== worker) return;
  shared.users--;
  idleWorker();
}

type Pending = { key: string; opened: Promise<Opened>; signal: { cancelled: boolean } };
/** The one opening started by the route's loader, before the screen's code and her course's data arrived. */
let early: Pending | null = null;

const keyOf = (courseId: string, fileId: string) => `${courseId}/${fileId}`;

const release = (pending: Pending) => {
  pending.signal.cancelled = true;
  void pending.opened.then(async ({ doc }) => {
    if (!doc) return;
    await doc.destroy();
    const worker = workers.get(doc);
    if (worker) leaveWorker(worker);
  });
};

/**
 * Starts opening her PDF as she navigates to it (the route's loader), side by side with the screen's
 * code and her course: the viewer takes it when it mounts. An earlier opening nobody took is released.
 */
export function openEarly(courseId: string, fileId: string): void {
  if (early?.key === keyOf(courseId, fileId)) return;
  if (early) release(early);
  early = start(courseId, fileId);
}

const start = (courseId: string, fileId: string): Pending => {
  const signal = { cancelled: false };
  return { key: keyOf(courseId, fileId), opened: open(courseId, fileId, signal), signal };
};

/**
 * Her PDF for the viewer: the opening the loader started, or a new one. The viewer calls `cancel`
 * when it closes: the document and its worker are released then (also when it is still opening).
 */
export function openPdf(courseId: string, fileId: string): { opened: Promise<Opened>; cancel: () => void } {
  const taken = early?.key === keyOf(courseId, fileId) ? early : null;
  if (taken) early = null;
  const pending = taken ?? start(courseId, fileId);
  return { opened: pending.opened, cancel: () => release(pending) };
}

const fetchedAhead = new Set<string>();

/** The openings fetched ahead on her course page: its newest PDFs, the ones she most likely opens next. */
const OPENINGS_AHEAD = 3;

const saveData = () => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * Her course page lists PDFs (app/routes/courses/course.tsx, after its paint, with the viewer's route
 * and pdf.js imported): pdf.js's worker starts; her newest PDF is opened ahead (its opening fetched
 * and read by pdf.js, no page drawn: the viewer takes it if she taps it, else it is released after
 * WORKER_IDLE_MS or when she opens another), and the openings of the next ones are fetched (about
 * 35 KB each over the network). Not when her browser asks to save data, nor for a copy kept on the
 * device. Once per visit and file; the browser's cache keeps the openings (bench:pdf, "from her
 * course page").
 */
export function warmUp(courseId: string, fileIds: readonly string[]): void {
  if (!shared) {
    joinWorker();
    leaveWorker(shared!.worker);
  }
  if (saveData()) return;
  fileIds.slice(0, OPENINGS_AHEAD).forEach((fileId, i) => {
    const key = keyOf(courseId, fileId);
    if (fetchedAhead.has(key)) return;
    fetchedAhead.add(key);
    void (async () => {
      if (await keptPdf(courseId, fileId)) return;
      if (i === 0 && !early) {
        openEarly(courseId, fileId);
        const ahead = early;
        setTimeout(() => {
          if (early === ahead && ahead) {
            early = null;
            release(ahead);
          }
        }, WORKER_IDLE_MS);
        return;
      }
      const response = await fetch(pdfOpeningUrl(courseId, fileId), { headers: authorization(), credentials: 'same-origin', priority: 'low' } as RequestInit);
      // read to its end: the browser's cache keeps it then
      await response.arrayBuffer();
    })().catch(() => fetchedAhead.delete(key));
  });
}
