import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Encoding, RenderRequest, RenderResponse, RenderThreadData, Screen } from './types.ts';

export type ScreenPagesOptions = {
  /** the web build's pages (apps/web/dist, env WEB_DIST) */
  webRoot: string;
  /** longest a page may take before the plain page goes instead, ms */
  timeoutMs: number;
  /** pages waiting for the thread at most; beyond them the plain page goes at once */
  queue: number;
  /** heap cap of the rendering thread, MB */
  heapMb: number;
  log: { warn(obj: object, message: string): void };
};

/** The bundled thread beside the server in production (build.mjs), the source through tsx in development and tests. */
function startWorker(data: RenderThreadData, heapMb: number): Worker {
  const options = { workerData: data, resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 } };
  if (process.env.BLOK_BUNDLED === '1') return new Worker(new URL('./web-render-worker.js', import.meta.url), options);
  const tsxApi = new URL('./dist/esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))).href;
  const source = new URL('./worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { ...options, eval: true });
}

/** After a thread ended unexpectedly, the next one starts no sooner than this, ms. */
const RESTART_AFTER_MS = 10_000;

/**
 * Her pages with their screen in them (issue 43, decision 048): her chapter, her Home. Rendered on a
 * thread of its own (worker.ts). Every answer is a best effort: while the thread starts, when it is busy beyond `queue`
 * pages, slower than `timeoutMs`, or failed, `render` answers null and the caller sends the plain page
 * (the app then renders the chapter as it always did). A page is never worth a student's wait.
 */
export class ScreenPages {
  private worker: Worker | undefined;
  private ready = false;
  private startedAt = 0;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (page: Buffer | null) => void; timer: NodeJS.Timeout }>();
  private closed = false;

  private constructor(
    private readonly serverDir: string,
    private readonly options: ScreenPagesOptions,
  ) {}

  /** The renderer of a web build that has one (apps/web/dist-server beside dist, and the screens' pages), else null. */
  static of(options: ScreenPagesOptions): ScreenPages | null {
    const serverDir = join(options.webRoot, '..', 'dist-server');
    const complete = ['server-window.js', 'reader-screen.js', 'home-screen.js'].every((file) => existsSync(join(serverDir, file)));
    const pages = ['reader', 'home'].every((screen) => existsSync(join(options.webRoot, 'first-screen', `${screen}.html`)));
    if (!complete || !pages) return null;
    return new ScreenPages(serverDir, options);
  }

  /** Starts the thread (it loads the renderer and the page, a second or so): pages are plain until it is ready. */
  start(): void {
    if (this.closed || this.worker || Date.now() - this.startedAt < RESTART_AFTER_MS) return;
    this.startedAt = Date.now();
    const worker = startWorker({ webRoot: this.options.webRoot, serverDir: this.serverDir }, this.options.heapMb);
    this.worker = worker;
    worker.unref();
    worker.on('message', (message: RenderResponse) => {
      if ('ready' in message) this.ready = true;
      else if ('failed' in message) {
        this.options.log.warn({ reason: message.failed }, 'web render: the thread could not start; pages stay plain');
        void worker.terminate();
      } else {
        const waiting = this.pending.get(message.id);
        if (!waiting) return;
        this.pending.delete(message.id);
        clearTimeout(waiting.timer);
        if ('error' in message) this.options.log.warn({ reason: message.error }, 'web render: a page failed; sent plain');
        waiting.resolve('page' in message ? Buffer.from(message.page.buffer, message.page.byteOffset, message.page.byteLength) : null);
      }
    });
    worker.on('error', (error) => this.options.log.warn({ reason: error.message }, 'web render: the thread failed'));
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.ready = false;
      for (const [id, waiting] of this.pending) {
        clearTimeout(waiting.timer);
        waiting.resolve(null);
        this.pending.delete(id);
      }
    });
  }

  /** Her page with the screen in it, encoded as asked, or null for the plain page. */
  render(screen: Screen, encoding: Encoding): Promise<Buffer | null> {
    const worker = this.worker;
    if (!worker || !this.ready) {
      this.start();
      return Promise.resolve(null);
    }
    if (this.pending.size >= this.options.queue) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(null);
      }, this.options.timeoutMs);
      this.pending.set(id, { resolve, timer });
      const request: RenderRequest = { id, encoding, ...screen };
      worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.resolve(null);
      this.pending.delete(id);
    }
    if (worker) await worker.terminate();
  }
}
