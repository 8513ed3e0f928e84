import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import { ImportRefused, type ParseRequest, type ParseResponse, type ParsedImport } from './types.ts';

/** How the parsing threads are shared (env.ts: CARD_IMPORT_*; README "Kaarten importeren"; decision 024). */
export interface RunnerOptions {
  /** threads for packages and large texts */
  workers: number;
  /** uploads that may wait for one of those threads, beyond the ones parsing */
  queue: number;
  /** bytes the uploads admitted to those threads may hold together (parsing, waiting or still arriving) */
  queueBytes: number;
  /** longest an upload waits for a thread before it is refused (429), ms */
  queueWaitMs: number;
  /** longest a parse may take before its thread is stopped, ms */
  timeoutMs: number;
  /** a text up to this many bytes is parsed on its own thread, never behind a package */
  smallTextBytes: number;
  /** small texts admitted at once (one parses, the rest wait their turn) */
  smallTextQueue: number;
  /** heap cap of a parsing thread, MB */
  heapMb: number;
  /** an idle thread ends after this long, ms */
  idleMs: number;
}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = {
  workers: 2,
  queue: 4,
  queueBytes: 200 * 1024 * 1024,
  queueWaitMs: 5_000,
  timeoutMs: 8_000,
  smallTextBytes: 256 * 1024,
  smallTextQueue: 16,
  heapMb: 256,
  idleMs: 10_000,
};

/**
 * A parsing thread: the bundled file beside the server in production (build.mjs makes it), the
 * TypeScript source through tsx in development and tests (Node 20 loads a worker's entry before
 * its --import hooks, so tsx is registered first, then the source imported).
 */
function startWorker(heapMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 } };
  if (process.env.BLOK_BUNDLED === '1') return new Worker(new URL('./card-import-worker.js', import.meta.url), options);
  const tsxApi = new URL('./dist/esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))).href;
  const source = new URL('./worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { ...options, eval: true });
}

interface Slot {
  worker: Worker;
  idleTimer: NodeJS.Timeout | null;
}

const busy = (message: string, retryAfterS: number) => new AppError('import_busy', message, { 'retry-after': String(retryAfterS) });

/**
 * A set of parsing threads: at most `size` parse at once, the others wait in order until their
 * deadline. A thread is kept for a while for the next parse (a preview is followed by its
 * import) and ended when idle; a thread that passes the timeout, fails or runs out of its capped
 * heap is ended, and the file refused.
 */
class Lane {
  private readonly idle: Slot[] = [];
  private running = 0;
  private readonly waiting: Array<{ resolve: () => void; timer: NodeJS.Timeout }> = [];

  constructor(
    private readonly size: number,
    private readonly options: RunnerOptions,
  ) {}

  private retire(slot: Slot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const i = this.idle.indexOf(slot);
    if (i >= 0) this.idle.splice(i, 1);
    void slot.worker.terminate();
  }

  private async acquire(waitMs: number): Promise<Slot> {
    if (this.running >= this.size) {
      await new Promise<void>((resolve, reject) => {
        const entry = {
          resolve,
          timer: setTimeout(() => {
            this.waiting.splice(this.waiting.indexOf(entry), 1);
            reject(busy('Er worden nu veel bestanden gelezen. Probeer het over een paar seconden opnieuw.', Math.ceil(this.options.timeoutMs / 1000)));
          }, waitMs),
        };
        this.waiting.push(entry);
      });
    } else this.running++;
    // the releasing parse handed its turn over (running stays counted)
    const slot = this.idle.pop();
    if (slot) {
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.worker.ref();
      return slot;
    }
    return { worker: startWorker(this.options.heapMb), idleTimer: null };
  }

  private release(slot: Slot | null): void {
    if (slot) {
      // an idle thread never keeps the process alive, and ends after idleMs
      slot.worker.unref();
      slot.idleTimer = setTimeout(() => this.retire(slot), this.options.idleMs);
      slot.idleTimer.unref();
      this.idle.push(slot);
    }
    const next = this.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve();
    } else this.running--;
  }

  async run(req: ParseRequest, waitMs: number): Promise<ParsedImport> {
    const slot = await this.acquire(waitMs);
    const { worker } = slot;
    return new Promise<ParsedImport>((resolve, reject) => {
      let settled = false;
      const finish = (keep: boolean, outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (!keep) void worker.terminate();
        this.release(keep ? slot : null);
        outcome();
      };
      const timer = setTimeout(
        () => finish(false, () => reject(new ImportRefused('import_too_large', 'Dit bestand kost te veel tijd om te lezen. Probeer een kleiner bestand.'))),
        this.options.timeoutMs,
      );
      const onMessage = (res: ParseResponse) => finish(true, () => (res.ok ? resolve(res.result) : reject(new ImportRefused(res.code, res.message))));
      const onError = (err: Error) =>
        finish(false, () => reject(/memory/i.test(String(err)) ? new ImportRefused('import_too_large', 'Dit bestand is te groot om te lezen.') : err));
      const onExit = () => finish(false, () => reject(new ImportRefused('import_damaged', 'Dit bestand kan niet worden gelezen.')));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // the upload's own buffer moves to the thread instead of being copied (up to 50 MB held once, not twice)
      const { bytes } = req;
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      worker.postMessage(req, whole ? [bytes.buffer as ArrayBuffer] : []);
    });
  }

  close(): void {
    for (const slot of [...this.idle]) this.retire(slot);
  }
}

/** An upload admitted to be parsed: her place, and its bytes counted, until release(). */
export interface ParseTicket {
  readonly lane: 'general' | 'smallText';
  release(): void;
}

/**
 * The card import's parsing (issue 38, decision 024), fair between students:
 *
 * - one upload per student at a time, admitted before its body is read (her second gets 429);
 * - packages and large texts share `workers` threads with at most `queue` more waiting and
 *   `queueBytes` held in all, and wait at most `queueWaitMs` (then 429): memory stays bounded by
 *   (workers + queue) uploads however many arrive;
 * - a small text (what a pasted Quizlet list is) has a thread of its own, so it never waits
 *   behind packages, however hostile;
 * - every parse is stopped after `timeoutMs`.
 */
export class ParseRunner {
  private readonly general: Lane;
  private readonly smallText: Lane;
  private readonly holders = new Set<string>();
  private generalHeld = 0;
  private generalBytes = 0;
  private smallHeld = 0;

  constructor(readonly options: RunnerOptions = DEFAULT_RUNNER_OPTIONS) {
    this.general = new Lane(options.workers, options);
    this.smallText = new Lane(1, options);
  }

  private get retryAfterS(): number {
    return Math.ceil(this.options.timeoutMs / 1000);
  }

  /**
   * Her place for one upload of `bytes` (its Content-Length, or the largest upload when it has
   * none), or 429 import_busy: her previous file is still being read, or the queue is full.
   */
  admit(userId: string, bytes: number, smallText: boolean): ParseTicket {
    if (this.holders.has(userId)) {
      throw busy('Je vorige bestand wordt nog gelezen. Wacht tot het klaar is en probeer het dan opnieuw.', this.retryAfterS);
    }
    const lane = smallText && bytes <= this.options.smallTextBytes ? 'smallText' : 'general';
    if (lane === 'smallText' ? this.smallHeld >= this.options.smallTextQueue : this.generalHeld >= this.options.workers + this.options.queue || this.generalBytes + bytes > this.options.queueBytes) {
      throw busy('Er worden nu veel bestanden gelezen. Probeer het over een paar seconden opnieuw.', this.retryAfterS);
    }
    this.holders.add(userId);
    if (lane === 'smallText') this.smallHeld++;
    else {
      this.generalHeld++;
      this.generalBytes += bytes;
    }
    let released = false;
    return {
      lane,
      release: () => {
        if (released) return;
        released = true;
        this.holders.delete(userId);
        if (lane === 'smallText') this.smallHeld--;
        else {
          this.generalHeld--;
          this.generalBytes -= bytes;
        }
      },
    };
  }

  /** Parses an admitted upload on its lane's thread (never on the event loop). */
  parse(ticket: ParseTicket, req: ParseRequest): Promise<ParsedImport> {
    // a small text never waits long: its own lane parses in milliseconds
    const lane = ticket.lane === 'smallText' && req.source === 'text' && req.bytes.length <= this.options.smallTextBytes ? this.smallText : this.general;
    return lane.run(req, this.options.queueWaitMs);
  }

  /** Parses without admission (tests, tools). */
  parseNow(req: ParseRequest): Promise<ParsedImport> {
    return this.general.run(req, this.options.queueWaitMs);
  }

  /** Ends the idle threads (a parsing one ends with its parse). */
  close(): void {
    this.general.close();
    this.smallText.close();
  }
}

let shared: ParseRunner | undefined;

/** Parses an import file in a worker thread of a shared runner with the default options, without admission. */
export function parseInWorker(req: ParseRequest): Promise<ParsedImport> {
  shared ??= new ParseRunner();
  return shared.parseNow(req);
}
