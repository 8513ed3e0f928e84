import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { expect, test } from '../../fixtures.ts';

// Spec sections 4 and 9: a new service worker raises the update toast, a click applies the waiting
// worker and the page reloads once on controllerchange; the app looks for one every 120000 ms.
// Two builds (A and B) of the same web app are served in turn from a small static server of this
// test; /api goes to the e2e server. B differs from A in its index.html (and so in the worker's
// precache manifest), as any new release does.

const DIST = resolve(import.meta.dirname, '..', '..', '..', 'apps', 'web', 'dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.txt': 'text/plain',
};

/** A copy of the web build marked with its name, in index.html and in the worker's precache. */
function makeBuild(root: string, label: string): string {
  const dir = join(root, label);
  cpSync(DIST, dir, { recursive: true });
  const indexFile = join(dir, 'index.html');
  writeFileSync(indexFile, readFileSync(indexFile, 'utf8').replace('<head>', `<head><meta name="blok-build" content="${label}">`));
  const swFile = join(dir, 'sw.js');
  const sw = readFileSync(swFile, 'utf8');
  const marked = sw.replace(/url:"index\.html",revision:"[^"]*"/, `url:"index.html",revision:"build-${label}-${Date.now()}"`);
  expect(marked, 'the precache manifest lists index.html').not.toBe(sw);
  writeFileSync(swFile, marked);
  return dir;
}

function serve(getRoot: () => string, apiBase: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/api/')) {
      fetch(new URL(req.url ?? '/', apiBase), { method: req.method, headers: { accept: 'application/json' } })
        .then(async (r) => {
          res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await r.arrayBuffer()));
        })
        .catch(() => res.writeHead(502).end());
      return;
    }
    const root = getRoot();
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) file = join(root, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

test.describe('update', () => {
  test('build A is served, then build B: the 120 s check finds it, the toast appears, a click reloads into B exactly once', async ({ page, baseURL }) => {
    test.slow();
    const root = mkdtempSync(join(tmpdir(), 'blok-update-'));
    const a = makeBuild(root, 'A');
    const b = makeBuild(root, 'B');
    let current = a;
    const server = await serve(() => current, baseURL!);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Asked while the page reloads, the old document is gone: that counts as not yet known.
    const build = () => page.evaluate(() => document.querySelector('meta[name="blok-build"]')?.getAttribute('content') ?? '').catch(() => '');
    try {
      await page.clock.install();
      await page.goto(`${origin}/auth/register`);
      await expect.poll(build).toBe('A');
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 30_000 })
        .toBe('activated');
      // Controlled by A's worker from now on (the first visit is not).
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect.poll(build).toBe('A');

      current = b;
      const updateButton = page.getByRole('button', { name: 'Haal de nieuwste versie op' });
      // Just short of the interval nothing is asked yet; at 120000 ms the check runs.
      await page.clock.fastForward(110_000);
      await page.waitForTimeout(1500);
      await expect(updateButton).toHaveCount(0);
      await page.clock.fastForward(10_000);
      await expect(updateButton).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Er is een nieuwe versie van Blok', { exact: true })).toBeVisible();

      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });
      await updateButton.click();
      await expect.poll(build, { timeout: 20_000 }).toBe('B');
      await page.waitForTimeout(2000);
      expect(loads).toBe(1);
      await expect(updateButton).toHaveCount(0);
    } finally {
      await new Promise((done) => server.close(done));
      rmSync(root, { recursive: true, force: true });
    }
  });
});
