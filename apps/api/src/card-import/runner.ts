import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ImportRefused, type ParseRequest, type ParsedImport } from './types.ts';

/** Longest a parse may take before its thread is stopped. */
const PARSE_TIMEOUT_MS = 60_000;

/**
 * The worker's script: the bundled file beside the server in production (build.mjs makes it), the
 * TypeScript source through tsx in development and tests.
 */
function startWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: 512 } };
  if (process.env.BLOK_BUNDLED === '1') return new Worker(new URL('./card-import-worker.js', import.meta.url), options);
  // Node 20 loads a worker's entry before its --import hooks: register tsx first, then import the source.
  const tsxApi = new URL('./dist/esm/api/index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json'))).href;
  const source = new URL('./worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`, { ...options, eval: true });
}

/**
 * Parses an import file in a worker thread, never on the event loop: unzipping, zstd and SQLite
 * of a large package take seconds. One thread per parse, ended when it answers, on the timeout
 * or on an error; its heap is capped so a hostile file cannot take the process's memory.
 */
export function parseInWorker(req: ParseRequest): Promise<ParsedImport> {
  const worker = startWorker();
  return new Promise<ParsedImport>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new ImportRefused('import_too_large', 'Dit bestand kost te veel tijd om te lezen. Probeer een kleiner bestand.'));
    }, PARSE_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (res: { ok: true; result: ParsedImport } | { ok: false; code: ImportRefused['code']; message: string }) => {
      done();
      if (res.ok) resolve(res.result);
      else reject(new ImportRefused(res.code, res.message));
    });
    worker.once('error', (err) => {
      done();
      reject(/memory/i.test(String(err)) ? new ImportRefused('import_too_large', 'Dit bestand is te groot om te lezen.') : err);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new ImportRefused('import_damaged', 'Dit bestand kan niet worden gelezen.'));
    });
    worker.postMessage(req);
  });
}
