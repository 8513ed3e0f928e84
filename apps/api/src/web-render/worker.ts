import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RenderRequest, RenderResponse, RenderThreadData, Screen } from './types.ts';

/**
 * The thread that renders her pages (decision 048): React's server renderer over the web app's own
 * screens (apps/web/src/prerender/reader-screen.tsx and home-screen.tsx, built into
 * apps/web/dist-server), in a jsdom window of its own, so the API's thread never holds a browser's
 * globals nor spends a render's milliseconds. The host (screen-pages.ts) gives up on a slow page and
 * sends the plain one.
 */
type PageParts = {
  withScreen(html: string, screen: string, markup: string, styles: Array<{ file: string; text: string }>, options?: { lowPriorityCode?: boolean }): string;
  namedStyles(html: string): string[];
};
type ReaderRenderer = PageParts & { prepare(): Promise<void>; renderReaderScreen(data: Extract<Screen, { screen: 'reader' }>['data']): Promise<string> };
type HomeRenderer = PageParts & { prepareHome(): Promise<void>; renderHomeScreen(data: Extract<Screen, { screen: 'home' }>['data']): Promise<string> };

const port = parentPort!;
const { webRoot, serverDir } = workerData as RenderThreadData;
const post = (message: RenderResponse) => port.postMessage(message);

/** A screen's page as the web build wrote it, and the stylesheets it names. */
function pageOf(parts: PageParts, screen: Screen['screen']) {
  const html = readFileSync(join(webRoot, 'first-screen', `${screen}.html`), 'utf8');
  return { html, styles: parts.namedStyles(html).map((file) => ({ file, text: readFileSync(join(webRoot, file), 'utf8') })) };
}

async function start(): Promise<void> {
  const load = async <T>(file: string) => (await import(pathToFileURL(join(serverDir, file)).href)) as T;
  const { serverWindow } = await load<{ serverWindow: () => void }>('server-window.js');
  serverWindow();
  const reader = await load<ReaderRenderer>('reader-screen.js');
  const home = await load<HomeRenderer>('home-screen.js');
  await Promise.all([reader.prepare(), home.prepareHome()]);
  const pages = { reader: pageOf(reader, 'reader'), home: pageOf(home, 'home') };
  const markupOf = (request: Screen) => (request.screen === 'reader' ? reader.renderReaderScreen(request.data) : home.renderHomeScreen(request.data));
  port.on('message', (request: RenderRequest) => {
    void markupOf(request).then(
      (markup) => {
        const page = pages[request.screen];
        const html = Buffer.from(reader.withScreen(page.html, request.screen, markup, page.styles, { lowPriorityCode: true }));
        const body =
          request.encoding === 'br'
            ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } })
            : request.encoding === 'gzip'
              ? gzipSync(html, { level: 6 })
              : html;
        post({ id: request.id, page: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) });
      },
      (error: unknown) => post({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  post({ ready: true });
}

start().catch((error: unknown) => post({ failed: error instanceof Error ? error.message : String(error) }));
