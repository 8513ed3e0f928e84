import { GlobalWorkerOptions, PDFWorker, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { ensureAuthenticated } from '../../../lib/api-client.ts';
import { getAccessToken } from '../../../lib/auth/token-storage.ts';
import { keptPdf, pdfFileUrl } from '../offline/pdf-cache.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/** What opening her PDF came to: the document, or why it could not be opened. */
export type Opened = { doc: PDFDocumentProxy; failed?: undefined } | { doc?: undefined; failed: 'error' | 'offline' };

/** A document and the worker given to it: both end together. */
const workers = new WeakMap<PDFDocumentProxy, PDFWorker>();

/**
 * The range pdf.js asks at a time. Her first page needs the file's end (its cross-reference table),
 * the page's objects and its fonts, spread over the file: on a phone's network the round trips cost
 * more than the bytes (bench:pdf, 300 pages over slow 4G: 64 KB ranges 4.3 s to her first page,
 * 256 KB 1.3-1.4 s, 512 KB the same), and a large file still loads only the ranges of the pages shown.
 */
export const RANGE_CHUNK = 256 * 1024;

/**
 * Opens her PDF with pdf.js: the copy kept on the device (features/courses/offline; a file's bytes
 * never change under its id), else fetched in ranges with her bearer token (only the pages shown,
 * never the whole file in the background). Nothing in the file runs: no eval, no XFA.
 */
async function open(courseId: string, fileId: string, signal: { cancelled: boolean }): Promise<Opened> {
  // pdf.js's worker starts at once (its code compiles while the copy on the device is looked up and
  // her session checked); it goes with the document
  const worker = new PDFWorker();
  try {
    const safe = { isEvalSupported: false, enableXfa: false, worker } as const;
    const [kept] = await Promise.all([keptPdf(courseId, fileId), navigator.onLine ? ensureAuthenticated().catch(() => undefined) : undefined]);
    if (signal.cancelled) throw new Error('cancelled');
    let doc: PDFDocumentProxy;
    if (kept) doc = await getDocument({ ...safe, data: kept }).promise;
    else if (!navigator.onLine) {
      worker.destroy();
      return { failed: 'offline' };
    } else {
      const token = getAccessToken();
      doc = await getDocument({
        ...safe,
        url: pdfFileUrl(courseId, fileId),
        httpHeaders: token ? { authorization: `Bearer ${token}` } : {},
        disableAutoFetch: true,
        disableStream: true,
        rangeChunkSize: RANGE_CHUNK,
      }).promise;
    }
    // the worker is ours (given to getDocument): it ends with the document (release)
    workers.set(doc, worker);
    return { doc };
  } catch {
    worker.destroy();
    return { failed: navigator.onLine ? 'error' : 'offline' };
  }
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
    workers.get(doc)?.destroy();
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

let warmed = false;

/**
 * Her course page lists PDFs: the viewer's route (pdf.js with it) is imported and its worker's code
 * fetched while she looks at it (app/routes/courses/course.tsx, after its paint), so the first PDF she
 * opens from it waits for the file only (bench:pdf, "from her course page": 5.05 s without, 4.37 s
 * with). Once per visit; the browser's cache keeps them.
 */
export function warmUp(): void {
  if (warmed) return;
  warmed = true;
  void fetch(workerUrl, { priority: 'low' } as RequestInit).catch(() => {
    warmed = false;
  });
}
