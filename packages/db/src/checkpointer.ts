import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import type { SqliteSynchronous } from './index.ts';

/**
 * SQLite's WAL checkpoints on a thread of their own (decision 014, "Write path, fourth round").
 *
 * better-sqlite3 runs on the event loop's thread. With the default wal_autocheckpoint (1000 pages)
 * the commit that fills the WAL copies it back into the database file and flushes both to disk
 * (synchronous NORMAL syncs only there), so every so often one request waits for two fsyncs while
 * every other request of the process waits behind it. Here a worker thread with its own connection
 * to the same file runs a PASSIVE checkpoint every CHECKPOINT_INTERVAL_MS: it never blocks a writer
 * or a reader, and the commits on the event loop only append to the WAL. The connection's own
 * automatic checkpoint stays as a safety net with a higher threshold, should the worker fall behind
 * or fail to start.
 */
export const CHECKPOINT_INTERVAL_MS = 100;
/**
 * The event loop's connection still checkpoints by itself past this many WAL pages (128 MiB at 4 KiB).
 * Above one transaction's size: a PDF of 50 MB (issue 41) is one transaction of about 12,800 pages,
 * and at 16 MiB its commit copied all of them back on the event loop (the health poll waited 348 ms,
 * bench/RESULTS.md); the thread checkpoints them 100 ms later instead.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 32_768;

// Runs in the worker: CommonJS, the driver's path passed in (the API is bundled; the worker is not).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = ' + workerData.synchronous);
db.pragma('busy_timeout = 0');
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

export interface Checkpointer {
  /** Stops the worker after a last checkpoint; resolves when its connection is closed. */
  close(): Promise<void>;
}

/**
 * Starts the checkpoint thread for an open WAL database file and raises the connection's own
 * automatic checkpoint threshold. If the worker cannot start, the threshold goes back to SQLite's
 * default and nothing else changes.
 */
export function startCheckpointer(connection: SQLite.Database, file: string, synchronous: SqliteSynchronous): Checkpointer {
  connection.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, synchronous, intervalMs: CHECKPOINT_INTERVAL_MS } });
  // never the reason a process stays alive
  worker.unref();
  let running = true;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // a worker that failed or ended by itself: the connection checkpoints as SQLite does by default
  const fallBack = () => {
    if (!running) return;
    running = false;
    if (connection.open) connection.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  return {
    async close() {
      if (!running) return;
      running = false;
      // held until it has closed its connection (unref'd, the process would not wait for it)
      worker.ref();
      worker.postMessage('close');
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') await worker.terminate();
    },
  };
}
