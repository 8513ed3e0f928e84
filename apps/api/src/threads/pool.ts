import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import type { TaskKind, Tasks } from './tasks.ts';

/** How the work threads are shared (env.ts: WORK_*; decision 024, issue 38). */
export interface WorkPoolOptions {
  /** threads running tasks at once */
  threads: number;
  /** tasks that may wait for a thread beyond the running ones; past it 429 */
  queue: number;
  /** tasks of one student at once, running or waiting; past it 429 */
  perStudent: number;
  /** longest a task may run before its thread is stopped, ms */
  timeoutMs: number;
  /** heap cap of a work thread, MB */
  heapMb: number;
  /** an idle thread ends after this long, ms */
  idleMs: number;
}

export const DEFAULT_WORK_POOL_OPTIONS: WorkPoolOptions = { threads: 2, queue: 16, perStudent: 2, timeoutMs: 30_000, heapMb: 256, idleMs: 30_000 };

/**
 * A work thread: the bundled file beside the server in production (build.mjs makes it), the
 * TypeScript source through tsx in development and tests (Node 20 loads a worker's entry before
 * its --import hooks, so tsx is registered first; as the card import's parsing threads).
 */
function startThread(heapMb: number): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 } };
  if (process.env.BLOK_BUNDLED === '1') return new Worker(new URL('./work-worker.js', import.meta.url), options);
  const tsxApi = new URL('./dist/esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))).href;
  const source = new URL('./worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { ...options, eval: true });
}

interface Thread {
  worker: Worker;
  idleTimer: NodeJS.Timeout | null;
}

type Answer = { ok: true; output: unknown } | { ok: false; message: string };

const busy = (message: string) => new AppError('too_many_requests', message, { 'retry-after': '5' });

/**
 * CPU work off the event loop (issue 38): rendering the sides of a large import, writing an .apkg.
 * At most `threads` tasks run at once, at most `queue` more wait in order, and one student has at
 * most `perStudent` tasks in it at once (her next one answers 429): one student's large set never
 * holds every thread, and memory stays bounded however many arrive. A thread stays a while for the
 * next task and ends when idle; a thread that fails or passes the timeout is stopped.
 */
export class WorkPool {
  private readonly idle: Thread[] = [];
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly perOwner = new Map<string, number>();
  /** tasks run so far, by kind (tests read it) */
  readonly counts = new Map<TaskKind, number>();

  constructor(readonly options: WorkPoolOptions = DEFAULT_WORK_POOL_OPTIONS) {}

  /**
   * Runs a task on a work thread. `owner`: the student it is for (her limit); `transfer`: buffers
   * of the input that move to the thread instead of being copied (unusable here afterwards).
   */
  async run<K extends TaskKind>(kind: K, input: Tasks[K]['input'], options: { owner?: string; transfer?: ArrayBuffer[] } = {}): Promise<Tasks[K]['output']> {
    const { owner } = options;
    if (owner !== undefined && (this.perOwner.get(owner) ?? 0) >= this.options.perStudent) {
      throw busy('Je vorige grote opdracht wordt nog verwerkt. Wacht tot die klaar is en probeer het dan opnieuw.');
    }
    if (this.running >= this.options.threads && this.waiting.length >= this.options.queue) {
      throw busy('Het is nu erg druk. Probeer het over een paar seconden opnieuw.');
    }
    if (owner !== undefined) this.perOwner.set(owner, (this.perOwner.get(owner) ?? 0) + 1);
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    try {
      if (this.running >= this.options.threads) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running++;
      return (await this.onThread(kind, input, options.transfer ?? [])) as Tasks[K]['output'];
    } finally {
      if (owner !== undefined) {
        const left = this.perOwner.get(owner)! - 1;
        if (left === 0) this.perOwner.delete(owner);
        else this.perOwner.set(owner, left);
      }
    }
  }

  /** Runs on a thread (its turn taken); hands the turn to the next waiting task after. */
  private onThread(kind: TaskKind, input: unknown, transfer: ArrayBuffer[]): Promise<unknown> {
    const thread = this.idle.pop() ?? { worker: startThread(this.options.heapMb), idleTimer: null };
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.worker.ref();
    const { worker } = thread;
    return new Promise<unknown>((resolve, reject) => {
      let settled = false;
      const finish = (keep: boolean, outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (keep) this.release(thread);
        else {
          void worker.terminate();
          this.release(null);
        }
        outcome();
      };
      const timer = setTimeout(() => finish(false, () => reject(busy('Dit duurt nu te lang. Probeer het over een paar seconden opnieuw.'))), this.options.timeoutMs);
      const onMessage = (answer: Answer) => finish(true, () => (answer.ok ? resolve(answer.output) : reject(new Error(`work thread: ${kind}: ${answer.message}`))));
      const onError = (err: Error) => finish(false, () => reject(err));
      const onExit = (code: number) => finish(false, () => reject(new Error(`work thread ended (${code}) during ${kind}`)));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ kind, input }, transfer);
    });
  }

  private release(thread: Thread | null): void {
    if (thread) {
      // an idle thread never keeps the process alive, and ends after idleMs
      thread.worker.unref();
      thread.idleTimer = setTimeout(() => this.retire(thread), this.options.idleMs);
      thread.idleTimer.unref();
      this.idle.push(thread);
    }
    // the turn goes to the next waiting task (running stays counted), else it is given back
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  private retire(thread: Thread): void {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    const i = this.idle.indexOf(thread);
    if (i >= 0) this.idle.splice(i, 1);
    void thread.worker.terminate();
  }

  /** Ends the idle threads (a running one ends with its task). */
  close(): void {
    for (const thread of [...this.idle]) this.retire(thread);
  }
}
