import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { importContent } from '../../src/content/importer.ts';
import type { DatabaseHandle } from '@blok/db';
import { DIALECTS, PASSWORD, bearer, login, newDeviceId, openTestDatabase, registerUser, type TestApp } from '../helpers.ts';
import { LIBRARY_FIXTURES } from '../library/support.ts';

// Decision 048: her chapter rendered into the reader's page. What is tested here is the API's part:
// whose chapter it renders, when it sends the plain page instead, and how it answers. The web app's
// renderer (apps/web/src/prerender/reader-screen.tsx) is replaced by a small one with the same
// exports, which writes what it was given: the browser tests render the real one
// (e2e/specs/perf/reader-rendered.spec.ts).

const PAGE = `<!doctype html><html lang="nl"><head><style>body{margin:0}</style><link rel="preload" as="style" crossorigin href="/assets/read-Ab12Cd34.css"></head><body><div id="root"></div><noscript>JavaScript</noscript></body></html>`;
const INDEX = `<!doctype html><html lang="nl"><head></head><body><div id="root"></div><noscript>JavaScript</noscript></body></html>`;
const READER_CSS = '.reader{color:#111}';

/** Stands for the web build's dist-server/: the same exports; `textSize` 5 makes it slower than the deadline. */
const SERVER_WINDOW = `export function serverWindow() { globalThis.rendererWindow = true; }\n`;
const READER_SCREEN = `
export async function prepare() { if (!globalThis.rendererWindow) throw new Error('no window'); }
export async function renderReaderScreen({ path, summary, chapter, textSize }) {
  if (textSize === 5) await new Promise((resolve) => setTimeout(resolve, 2000));
  return '<main><p>' + path + '</p><h1>' + chapter.titleText + '</h1><p>of ' + summary.chapters.length + '</p><p>size ' + textSize + '</p>' + chapter.html + '</main>';
}
export async function prepareHome() {}
export async function renderHomeScreen({ profile, continueCards, banner, today }) {
  return '<main><h1>Home of ' + profile.email + '</h1><p>continue ' + continueCards.cards.length + '</p><p>banner ' + banner.message + '</p><p>today ' + today.subjects.length + '</p></main>';
}
export function namedStyles(html) { return [...html.matchAll(/href="\\/(assets\\/[^"]+\\.css)"/g)].map((m) => m[1]); }
export function withScreen(html, screen, markup, styles) {
  return html.replace('<div id="root"></div>', '<div id="root" inert data-prerendered="' + screen + '">' + markup + '</div>').replace('</head>', '<style data-prerendered-css>' + styles.map((s) => s.text).join('') + '</style></head>');
}
`;

const CHAPTER_ONE = '/summary/read/fx-psy-samenvatting/fx-psy-h1';
const PREMIUM = '/summary/read/fx-psy-samenvatting/fx-psy-h2';

describe.each(DIALECTS)("her chapter and her Home rendered into their pages on %s", (dialect) => {
  let dir: string;
  let app: TestApp;
  let off: TestApp;
  let cleanup: () => Promise<void>;
  let db: DatabaseHandle['db'];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blok-reader-page-'));
    const dist = join(dir, 'web', 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(dist, 'first-screen'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'first-screen', 'reader.html'), PAGE);
    writeFileSync(join(dist, 'first-screen', 'home.html'), PAGE);
    writeFileSync(join(dist, 'assets', 'read-Ab12Cd34.css'), READER_CSS);
    writeFileSync(join(dist, 'first-screen', 'addresses.json'), JSON.stringify([
        { page: 'home', address: '^\\/home\\/?$' },
        { page: 'reader', address: '^\\/summary\\/read\\/' },
      ]));
    mkdirSync(join(dir, 'web', 'dist-server'));
    // ES modules, as apps/web's package.json says of its files
    writeFileSync(join(dir, 'web', 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(dir, 'web', 'dist-server', 'server-window.js'), SERVER_WINDOW);
    writeFileSync(join(dir, 'web', 'dist-server', 'reader-screen.js'), READER_SCREEN);
    writeFileSync(join(dir, 'web', 'dist-server', 'home-screen.js'), READER_SCREEN);
    const database = await openTestDatabase(dialect);
    cleanup = database.cleanup;
    db = database.handle.db;
    await importContent(database.handle.db, LIBRARY_FIXTURES, { dialect });
    const env = (extra: Record<string, string>) =>
      loadEnv({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', SEED_DEMO: 'false', JOBS: 'off', WEB_DIST: dist, REGISTER_RATE_LIMIT_IP: '1000', WEB_SERVER_RENDER_TIMEOUT_MS: '400', ...extra });
    app = await buildApp({ env: env({}), database: database.handle });
    off = await buildApp({ env: env({ WEB_SERVER_RENDER: 'off' }), database: database.handle, logger: false });
    await Promise.all([app.ready(), off.ready()]);
    // the thread loads the renderer after the server is ready: the first pages are plain until then
    const student = await signedIn();
    for (let tries = 0; (await page(app, CHAPTER_ONE, student.cookie)).headers['cache-control'] !== 'private, no-store'; tries++) {
      if (tries > 150) throw new Error('the render thread did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 30_000);

  afterAll(async () => {
    await app?.close();
    await off?.close();
    await cleanup?.();
    rmSync(dir, { recursive: true, force: true });
  });

  async function signedIn() {
    const r = await registerUser(app);
    if (!r.tokens) throw new Error(`register failed: ${r.res.body}`);
    return { token: r.tokens.access_token, cookie: `access_token=${encodeURIComponent(r.tokens.access_token)}; signed_in=1`, email: r.email };
  }

  const page = (server: TestApp, url: string, cookie?: string, encoding = 'identity') =>
    server.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) } });

  it('renders her chapter into the page, inert, with its stylesheets, never to be cached', async () => {
    const { cookie } = await signedIn();
    const res = await page(app, CHAPTER_ONE, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toContain('cookie');
    // the page's own security headers, as every page
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.body).toContain('<div id="root" inert data-prerendered="reader">');
    expect(res.body).toContain(`<p>${CHAPTER_ONE}</p>`);
    expect(res.body).toMatch(/<h1>[^<]+<\/h1><p>of \d+<\/p><p>size null<\/p>/);
    expect(res.body).toContain(READER_CSS);
  });

  it('gives the chapter as the chapter call answers her', async () => {
    const { cookie, token } = await signedIn();
    const chapter = (await app.inject({ method: 'GET', url: '/api/summaries/fx-psy-samenvatting/chapters/fx-psy-h1', headers: bearer(token) })).json() as { titleText: string; html: string };
    const res = await page(app, CHAPTER_ONE, cookie);
    expect(res.body).toContain(`<h1>${chapter.titleText}</h1>`);
    expect(res.body).toContain(chapter.html);
  });

  it('sends it compressed as the browser accepts, brotli first', async () => {
    const { cookie } = await signedIn();
    const br = await page(app, CHAPTER_ONE, cookie, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('data-prerendered="reader"');
    const gz = await page(app, CHAPTER_ONE, cookie, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('data-prerendered="reader"');
  });

  it('renders her text size from its cookie', async () => {
    const { cookie } = await signedIn();
    const res = await page(app, CHAPTER_ONE, `${cookie}; blok_text_size=3`);
    expect(res.body).toContain('<p>size 3</p>');
  });

  it('sends the plain page without a valid session of hers', async () => {
    const plain = (res: Awaited<ReturnType<typeof page>>) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).not.toContain('data-prerendered');
    };
    plain(await page(app, CHAPTER_ONE));
    plain(await page(app, CHAPTER_ONE, 'signed_in=1'));
    plain(await page(app, CHAPTER_ONE, 'access_token=not-a-token; signed_in=1'));
    // signed out on this device by a login on another (the spec's one-device rule)
    const { cookie, email } = await signedIn();
    expect((await login(app, { username: email, password: PASSWORD, device_id: newDeviceId() })).statusCode).toBe(200);
    plain(await page(app, CHAPTER_ONE, cookie));
  });

  it('sends the plain page for a chapter she may not read, one that is not there, or an address of no chapter', async () => {
    const { cookie } = await signedIn();
    for (const url of [PREMIUM, '/summary/read/fx-psy-samenvatting/nope', '/summary/read/nope/fx-psy-h1', '/summary/read/fx-psy-samenvatting', '/summary/read/fx-psy-samenvatting/chapters', '/summary/read/fx-psy-samenvatting/fx-psy-h1/extra']) {
      const res = await page(app, url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('data-prerendered');
    }
  });

  it('renders a Premium chapter for a student with a subscription', async () => {
    const { cookie, email } = await signedIn();
    await db.updateTable('users').set({ has_subscription: 1 }).where('email', '=', email).execute();
    expect((await page(app, PREMIUM, cookie)).body).toContain('data-prerendered="reader"');
  });

  it('sends the plain page when her place is further on in the chapter: the app scrolls her there', async () => {
    const { cookie, token } = await signedIn();
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/summaries/fx-psy-samenvatting/progress',
      headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      payload: { chapterId: 'fx-psy-h1', position: 0.4 },
    });
    expect(saved.statusCode).toBe(200);
    expect((await page(app, CHAPTER_ONE, cookie)).body).not.toContain('data-prerendered');
  });

  it('sends the plain page when the page takes longer than its deadline', async () => {
    const { cookie } = await signedIn();
    const started = Date.now();
    const res = await page(app, CHAPTER_ONE, `${cookie}; blok_text_size=5`);
    expect(res.body).not.toContain('data-prerendered');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('renders her Home from the four reads of its first screen, on /home and on /', async () => {
    const { cookie, email, token } = await signedIn();
    const today = (await app.inject({ method: 'GET', url: '/api/plan/today', headers: bearer(token) })).json() as { subjects: unknown[] };
    for (const url of ['/home', '/']) {
      const res = await page(app, url, cookie);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.body, url).toContain('<div id="root" inert data-prerendered="home">');
      expect(res.body, url).toContain(`<h1>Home of ${email}</h1>`);
      expect(res.body, url).toContain(`<p>today ${today.subjects.length}</p>`);
    }
    // a visitor on / still gets the registration's page, and /home its plain page
    expect((await page(app, '/home')).body).not.toContain('data-prerendered');
  });

  it('renders nothing with WEB_SERVER_RENDER=off', async () => {
    const { cookie } = await signedIn();
    expect((await page(off, CHAPTER_ONE, cookie)).body).not.toContain('data-prerendered');
    expect((await page(off, '/home', cookie)).body).not.toContain('data-prerendered');
  });
});
