import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { MAX_PAGE_CHARS, type PdfCheckRequest, type PdfCheckResponse } from './pdf-types.ts';

/** How PDFs are checked (env.ts: COURSE_PDF_*; decision 039). */
export interface PdfCheckerOptions {
  /** checks running at once */
  workers: number;
  /** checks that may wait beyond the running ones */
  queue: number;
  /** longest a check may take before its thread is stopped, ms */
  timeoutMs: number;
  /** heap cap of a checking thread, MB */
  heapMb: number;
  maxPages: number;
}

/** The bundled thread beside the server in production (build.mjs), the source through tsx in development and tests. */
function startWorker(heapMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 } };
  if (process.env.BLOK_BUNDLED === '1') return new Worker(new URL('./course-pdf-worker.js', import.meta.url), options);
  const tsxApi = new URL('./dist/esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))).href;
  const source = new URL('./pdf-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { ...options, eval: true });
}

/** An idle checking thread ends after this long, ms. */
const IDLE_MS = 15_000;

const busy = (message: string, retryAfterS: number) => new AppError('pdf_busy', message, { 'retry-after': String(retryAfterS) });

/** A place to check one PDF, held from before her upload is read until it is kept or refused. */
export interface PdfTicket {
  release(): void;
}

/**
 * Checks PDFs on threads of their own, fair between students (the card import's rules, decision
 * 024): one upload per student at a time, admitted before its body is read; at most `workers`
 * checks at once and `queue` more admitted (their bodies arriving or waiting), else 429. Every
 * check runs on a fresh thread with a heap cap, stopped at its deadline: a hostile file (endless
 * nesting, a bomb of a stream) costs one thread for at most `timeoutMs`, and never the next file.
 */
export class PdfChecker {
  private readonly holders = new Set<string>();
  private admitted = 0;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly threads = new Set<Worker>();
  /** threads that answered cleanly, kept for the next check until idle for IDLE_MS */
  private readonly idle: Array<{ worker: Worker; timer: NodeJS.Timeout }> = [];

  constructor(readonly options: PdfCheckerOptions) {}

  private get retryAfterS(): number {
    return Math.ceil(this.options.timeoutMs / 1000);
  }

  /** Her place for one upload, or 429 pdf_busy (her previous PDF is still being checked, or the queue is full). */
  admit(userId: string): PdfTicket {
    if (this.holders.has(userId)) throw busy('Je vorige pdf wordt nog gecontroleerd. Probeer het zo opnieuw.', this.retryAfterS);
    if (this.admitted >= this.options.workers + this.options.queue) throw busy('Er worden nu veel pdf’s gecontroleerd. Probeer het over een paar seconden opnieuw.', this.retryAfterS);
    this.holders.add(userId);
    this.admitted++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.holders.delete(userId);
        this.admitted--;
      },
    };
  }

  /** Checks the spooled PDF at `path`: each page's text and its opening, or the Dutch reason it is refused. */
  async check(path: string): Promise<{ pages: string[]; opening: string | null }> {
    if (this.running >= this.options.workers) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      const res = await this.run({ path, maxPages: this.options.maxPages, maxPageChars: MAX_PAGE_CHARS });
      if (!res.ok) throw new AppError(res.code, res.message);
      return { pages: res.pages, opening: res.opening };
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private take(): Worker {
    const kept = this.idle.pop();
    if (kept) {
      clearTimeout(kept.timer);
      kept.worker.ref();
      return kept.worker;
    }
    const worker = startWorker(this.options.heapMb);
    this.threads.add(worker);
    return worker;
  }

  /** A thread that answered a check in time is kept a while (loading pdf.js takes a second); any other is ended. */
  private keep(worker: Worker): void {
    worker.unref();
    const entry = {
      worker,
      timer: setTimeout(() => {
        this.idle.splice(this.idle.indexOf(entry), 1);
        this.threads.delete(worker);
        void worker.terminate();
      }, IDLE_MS),
    };
    entry.timer.unref();
    this.idle.push(entry);
  }

  private run(req: PdfCheckRequest): Promise<PdfCheckResponse> {
    const worker = this.take();
    return new Promise<PdfCheckResponse>((resolve) => {
      let settled = false;
      const finish = (res: PdfCheckResponse, clean = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.removeAllListeners('message');
        worker.removeAllListeners('error');
        worker.removeAllListeners('exit');
        if (clean) this.keep(worker);
        else {
          this.threads.delete(worker);
          void worker.terminate();
        }
        resolve(res);
      };
      const damaged = (message: string): PdfCheckResponse => ({ ok: false, code: 'pdf_damaged', message });
      const timer = setTimeout(() => finish(damaged('Deze pdf kost te veel tijd om te lezen. Is hij beschadigd? Probeer een andere export.')), this.options.timeoutMs);
      // a file pdf.js read to its end or refused by its own rules leaves the thread clean; a thrown
      // or crashed read (endless nesting) does not, and the thread goes
      worker.on('message', (res: PdfCheckResponse) => finish(res, res.ok || res.code !== 'pdf_damaged'));
      worker.on('error', (err) => finish(damaged(/memory/i.test(String(err)) ? 'Deze pdf kost te veel geheugen om te lezen.' : 'Deze pdf kan niet worden gelezen.')));
      worker.on('exit', () => finish(damaged('Deze pdf kan niet worden gelezen.')));
      worker.postMessage(req);
    });
  }

  async close(): Promise<void> {
    for (const entry of this.idle.splice(0)) clearTimeout(entry.timer);
    await Promise.all([...this.threads].map((t) => t.terminate()));
  }
}
