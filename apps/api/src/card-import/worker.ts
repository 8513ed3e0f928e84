import { parentPort } from 'node:worker_threads';
import { parseImportSafely } from './parse.ts';
import type { ParseRequest, ParseResponse } from './types.ts';

/**
 * The parsing thread: one request in, one response out. The pictures' bytes travel back as
 * transferred buffers (not copied).
 */
parentPort!.on('message', (req: ParseRequest) => {
  void parseImportSafely(req).then((res: ParseResponse) => {
    const transfer = res.ok ? Object.values(res.result.pictures).map((p) => p.bytes.buffer as ArrayBuffer) : [];
    parentPort!.postMessage(res, [...new Set(transfer)]);
  });
});
