import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ImportRefused, type ParseRequest, type ParseResponse, type ParsedImport } from './types.ts';

/** Longest a parse may take before its thread is stopped. */
const PARSE_TIMEOUT_MS = 60_000;
/** Parsing threads at once (the machine's cores are the API's too); more parses wait their turn. */
const MAX_WORKERS = 2;
/** An idle thread ends after this long; the next parse starts a new one. */
const IDLE_MS = 30_000;

/**
 * A parsing thread: the bundled file beside the server in production (build.mjs makes it), the
 * TypeScript source through tsx in development and tests (Node 20 loads a worker's entry before
 * its --import hooks, so tsx is registered first, then the source imported).
 */
function startWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: 512 } };
  if (process.env.BLOK_BUNDLED === '1') return new Worker(new URL('./card-import-worker.js', import.meta.url), options);
  const tsxApi = new URL('./dist/esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))).href;
  const source = new URL('./worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { ...options, eval: true });
}

interface Slot {
  worker: Worker;
  idleTimer: NodeJS.Timeout | null;
}

const idle: Slot[] = [];
let running = 0;
const waiting: Array<() => void> = [];

function retire(slot: Slot): void {
  if (slot.idleTimer) clearTimeout(slot.idleTimer);
  const i = idle.indexOf(slot);
  if (i >= 0) idle.splice(i, 1);
  void slot.worker.terminate();
}

async function acquire(): Promise<Slot> {
  while (idle.length === 0 && running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  const slot = idle.pop();
  if (slot) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.worker.ref();
    return slot;
  }
  return { worker: startWorker(), idleTimer: null };
}

function release(slot: Slot | null): void {
  running--;
  if (slot) {
    // an idle thread never keeps the process alive
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => retire(slot), IDLE_MS);
    slot.idleTimer.unref();
    idle.push(slot);
  }
  waiting.shift()?.();
}

/**
 * Parses an import file in a worker thread, never on the event loop: unzipping, zstd and SQLite
 * of a large package take seconds. At most MAX_WORKERS threads, kept for a while for the next parse
 * (a preview is followed by its import); a thread that passes the timeout, fails or runs out of
 * its capped heap is ended, and the file is refused.
 */
export async function parseInWorker(req: ParseRequest): Promise<ParsedImport> {
  const slot = await acquire();
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
      release(keep ? slot : null);
      outcome();
    };
    const timer = setTimeout(() => finish(false, () => reject(new ImportRefused('import_too_large', 'Dit bestand kost te veel tijd om te lezen. Probeer een kleiner bestand.'))), PARSE_TIMEOUT_MS);
    const onMessage = (res: ParseResponse) => finish(true, () => (res.ok ? resolve(res.result) : reject(new ImportRefused(res.code, res.message))));
    const onError = (err: Error) =>
      finish(false, () => reject(/memory/i.test(String(err)) ? new ImportRefused('import_too_large', 'Dit bestand is te groot om te lezen.') : err));
    const onExit = () => finish(false, () => reject(new ImportRefused('import_damaged', 'Dit bestand kan niet worden gelezen.')));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(req);
  });
}
