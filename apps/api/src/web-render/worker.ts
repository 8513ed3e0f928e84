import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RenderRequest, RenderResponse, RenderThreadData } from './types.ts';

/**
 * The thread that renders her chapter's page (decision 048): React's server renderer over the web
 * app's own reader (apps/web/src/prerender/reader-screen.tsx, built into apps/web/dist-server), in a
 * jsdom window of its own, so the API's thread never holds a browser's globals nor spends a render's
 * milliseconds. One page at a time; the host (reader-pages.ts) gives up on a slow one and sends the
 * plain page.
 */
type ReaderRenderer = {
  prepare(): Promise<void>;
  renderReaderScreen(screen: RenderRequest['screen']): Promise<string>;
  withScreen(html: string, screen: string, markup: string, styles: Array<{ file: string; text: string }>): string;
  namedStyles(html: string): string[];
};

const port = parentPort!;
const { webRoot, serverDir } = workerData as RenderThreadData;
const post = (message: RenderResponse, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function start(): Promise<void> {
  const { serverWindow } = (await import(pathToFileURL(join(serverDir, 'server-window.js')).href)) as { serverWindow: () => void };
  serverWindow();
  const renderer = (await import(pathToFileURL(join(serverDir, 'reader-screen.js')).href)) as ReaderRenderer;
  await renderer.prepare();
  const page = readFileSync(join(webRoot, 'first-screen', 'reader.html'), 'utf8');
  const styles = renderer.namedStyles(page).map((file) => ({ file, text: readFileSync(join(webRoot, file), 'utf8') }));
  port.on('message', (request: RenderRequest) => {
    void renderer.renderReaderScreen(request.screen).then(
      (markup) => {
        const html = Buffer.from(renderer.withScreen(page, 'reader', markup, styles));
        const body =
          request.encoding === 'br'
            ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
            : request.encoding === 'gzip'
              ? gzipSync(html, { level: 6 })
              : html;
        const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
        post({ id: request.id, page: bytes });
      },
      (error: unknown) => post({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  post({ ready: true });
}

start().catch((error: unknown) => post({ failed: error instanceof Error ? error.message : String(error) }));
