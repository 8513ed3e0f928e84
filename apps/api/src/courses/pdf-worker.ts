import { parentPort } from 'node:worker_threads';
import { checkPdf } from './pdf-check.ts';
import type { PdfCheckRequest } from './pdf-types.ts';

/** The PDF checking thread: one request in, one response out; the thread is ended after it. */
parentPort!.on('message', (req: PdfCheckRequest) => {
  void checkPdf(req).then(
    (res) => parentPort!.postMessage(res),
    () => parentPort!.postMessage({ ok: false, code: 'pdf_damaged', message: 'Deze pdf kan niet worden gelezen.' }),
  );
});
