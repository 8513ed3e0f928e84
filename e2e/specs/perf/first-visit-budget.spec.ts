import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '../../fixtures.ts';

/**
 * Bundle budgets (issue 14) as deterministic bytes: what a first visit of each entry route really
 * loads (index.html's scripts and styles plus the route's chunks, as Chromium requests them), each
 * file counted at its gzip size (level 9, as the build precompresses it). No clock is involved.
 * The service worker is blocked: its precache is not part of the first paint.
 */
const DIST = resolve(import.meta.dirname, '../../../apps/web/dist');
const KB = 1024;

/**
 * JavaScript (gzip) a first visit of each entry route loads until its screen shows. Measured on
 * 23-11-2026: /auth/login 219.3 KB in 29 files, / and /auth/register 241.5 KB in 35. The goal
 * is 110 KB for /auth/login (zod's schemas, 24 KB, the rule engine, 15 KB, and the dialog, 9 KB, are
 * loaded up front today): these budgets only stop growth until that work lands, then come down.
 */
const ROUTES: Array<{ path: string; maxJs: number }> = [
  { path: '/auth/login', maxJs: 225 * KB },
  { path: '/', maxJs: 250 * KB },
  { path: '/auth/register', maxJs: 250 * KB },
];
const MAX_CSS = 30 * KB;
/** Any one lazily loaded chunk. */
const MAX_CHUNK = 50 * KB;

const gzipped = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

test.use({ serviceWorkers: 'block' });

for (const route of ROUTES) {
  test(`a first visit of ${route.path} stays within its budget`, async ({ page }, testInfo) => {
    const assets = new Set<string>();
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (/^\/assets\/.+\.(?:js|css)$/.test(path)) assets.add(path.slice(1));
    });
    await page.goto(route.path);
    // the screen itself, not a loading state
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const files = [...assets];
    const js = files.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipped(f), 0);
    const css = files.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gzipped(f), 0);
    testInfo.annotations.push({ type: 'first visit', description: `${route.path}: JS ${(js / KB).toFixed(1)} KB, CSS ${(css / KB).toFixed(1)} KB gzip in ${files.length} files` });
    // BUDGET_LIST=1: every file of the visit with its gzip size
    if (process.env.BUDGET_LIST) console.log(files.map((f) => `${f} ${gzipped(f)}`).join('\n'));
    console.log(`${route.path}: JS ${(js / KB).toFixed(1)} KB, CSS ${(css / KB).toFixed(1)} KB gzip (${files.length} files)`);
    expect(files.length).toBeGreaterThan(0);
    expect(js).toBeLessThanOrEqual(route.maxJs);
    expect(css).toBeLessThanOrEqual(MAX_CSS);
  });
}

test('no lazily loaded chunk is larger than 50 KB gzip', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entry = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
  const chunks = readdirSync(join(DIST, 'assets'))
    .filter((f) => f.endsWith('.js') && !entry.has(`assets/${f}`))
    .map((f) => ({ f, size: gzipped(`assets/${f}`) }))
    .sort((a, b) => b.size - a.size);
  expect(chunks.length).toBeGreaterThan(0);
  console.log(`largest chunk: ${chunks[0]!.f} ${(chunks[0]!.size / KB).toFixed(1)} KB gzip`);
  expect(chunks.filter((c) => c.size > MAX_CHUNK)).toEqual([]);
});
