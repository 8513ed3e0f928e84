import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../errors.ts';

/**
 * An upload written to a private temporary file as it arrived (never held whole in memory), with
 * its hash and size. The path is not enumerable, so the command's fingerprint (decision 007)
 * hashes `{ sha256, size, type }`. `discard()` removes the file; the route calls it when the
 * request ends, kept or not.
 */
export class SpooledFile {
  declare readonly path: string;
  /** the private temporary folder (a #field: never enumerated into the fingerprint) */
  readonly #dir: string;

  constructor(
    path: string,
    dir: string,
    readonly sha256: string,
    readonly size: number,
    readonly type: string,
  ) {
    Object.defineProperty(this, 'path', { value: path, enumerable: false });
    this.#dir = dir;
  }

  async discard(): Promise<void> {
    await rm(this.#dir, { recursive: true, force: true });
  }
}

export interface SpoolOptions {
  /** largest upload, bytes: past it the stream is stopped and `tooLarge()` thrown */
  maxBytes: number;
  tooLarge: () => AppError;
  /** checks the first bytes as soon as they are there (a file that is not a PDF stops at its first chunk) */
  checkHead?: (head: Buffer) => AppError | null;
  /** bytes checkHead needs */
  headBytes?: number;
  empty: () => AppError;
}

/** Writes a request body to a temporary file in its chunks, hashing it as it goes. */
export async function spool(payload: NodeJS.ReadableStream & { destroy?: (err?: Error) => void }, type: string, opts: SpoolOptions): Promise<SpooledFile> {
  const dir = await mkdtemp(join(tmpdir(), 'blok-upload-'));
  const path = join(dir, 'upload');
  const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const headBytes = opts.headBytes ?? 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let failed: Error | null = null;
      let settled = false;
      const settle = (err: Error | null) => {
        if (settled) return;
        settled = true;
        if (err) reject(err);
        else resolve();
      };
      // A refused upload is read to its end and dropped, so the client hears the answer instead of a
      // cut connection; one that goes on far past the limit is cut.
      const fail = (err: Error) => {
        if (failed) return;
        failed = err;
        out.destroy();
        payload.resume();
      };
      payload.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (failed) {
          if (size > opts.maxBytes * 2 + 1024 * 1024) {
            payload.destroy?.();
            settle(failed);
          }
          return;
        }
        if (size > opts.maxBytes) return fail(opts.tooLarge());
        if (opts.checkHead && head.length < headBytes) {
          head = Buffer.concat([head, chunk.subarray(0, headBytes - head.length)]);
          if (head.length >= headBytes) {
            const problem = opts.checkHead(head);
            if (problem) return fail(problem);
          }
        }
        hash.update(chunk);
        // back-pressure: a slow disk pauses the upload instead of buffering it
        if (!out.write(chunk)) {
          payload.pause();
          out.once('drain', () => payload.resume());
        }
      });
      payload.on('end', () => {
        if (failed) return settle(failed);
        if (size === 0) return settle(opts.empty());
        if (opts.checkHead && head.length < headBytes) {
          const problem = opts.checkHead(head);
          if (problem) return settle(problem);
        }
        out.end(() => settle(null));
      });
      payload.on('error', (err: Error) => settle(failed ?? err));
      out.on('error', (err: Error) => {
        if (!failed) {
          payload.destroy?.();
          settle(err);
        }
      });
    });
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return new SpooledFile(path, dir, hash.digest('base64url'), size, type);
}
