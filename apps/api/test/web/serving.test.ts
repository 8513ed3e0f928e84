import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@blok/db';
import { API_CONTENT_SECURITY_POLICY, buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
// The same step `npm run build -w @blok/web` runs after Vite.
import { precompress } from '../../../web/scripts/precompress.mjs';

const ASSET = 'assets/index-AbC123xy.js';
const SCRIPT = `export const greeting = ${JSON.stringify('Welkom bij Blok! '.repeat(200))};\n`;
const INDEX = `<!doctype html><html lang="nl"><head><script type="module" src="/${ASSET}"></script></head><body><div id="root"></div>${'<!-- Blok -->'.repeat(60)}</body></html>`;
/** The build's copy of index.html for the login screen: it also names the screen's code. */
const LOGIN = INDEX.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/login-Xy12AbCd.js"></head>');
const REGISTER = INDEX.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/register-Xy12AbCd.js"></head>');
const HOME = INDEX.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/home-Xy12AbCd.js"></head>');

describe('serving the web build', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blok-web-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, ASSET), SCRIPT);
    writeFileSync(join(dist, 'index.html'), INDEX);
    mkdirSync(join(dist, 'first-screen'));
    writeFileSync(join(dist, 'first-screen', 'login.html'), LOGIN);
    writeFileSync(join(dist, 'first-screen', 'register.html'), REGISTER);
    writeFileSync(join(dist, 'first-screen', 'home.html'), HOME);
    // as the web build writes it (apps/web/src/app/first-screens.ts); reader has no copy in this build
    const addresses = [
      { page: 'login', address: '^\\/auth\\/login\\/?$' },
      { page: 'register', address: '^\\/auth\\/register\\/?$' },
      { page: 'home', address: '^\\/home\\/?$' },
      { page: 'reader', address: '^\\/summary\\/read\\/' },
    ];
    writeFileSync(join(dist, 'first-screen', 'addresses.json'), JSON.stringify(addresses));
    // the screens apps/web/scripts/prerender.mjs put into their copies (decision 032)
    writeFileSync(join(dist, 'first-screen', 'prerendered.json'), JSON.stringify(['login', 'register']));
    writeFileSync(join(dist, 'sw.js'), `self.addEventListener('install', () => {});\n${'// Blok\n'.repeat(100)}`);
    expect(precompress(dist).count).toBe(6);
    handle = await openDatabase({ url: `file:${join(dir, 'test.db')}` });
    await migrateToLatest(handle.db);
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS: 'off', WEB_DIST: dist });
    app = await buildApp({ env, database: handle, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends a page helmet's document headers and the API's answers their own short set", async () => {
    for (const url of ['/', '/auth/login', '/summary/read/a/b']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(String(page.headers['permissions-policy'])).toContain('camera=()');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    }
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    for (const name of ['permissions-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection', 'x-ratelimit-limit', 'x-ratelimit-remaining']) {
      expect(api.headers[name], name).toBeUndefined();
    }
    // an address under /api/ that is not the API's is still answered as JSON with the API's headers
    const unknown = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it('answers an API address in any spelling from the API, never with the SPA fallback (issue 25, item 9)', async () => {
    for (const url of ['/api/nope', '/%61pi/nope', '/%61pi', '/%61pi/health']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.headers['content-security-policy'], url).toBe(API_CONTENT_SECURITY_POLICY);
      expect(res.headers['permissions-policy'], url).toBeUndefined();
    }
    expect((await app.inject({ method: 'GET', url: '/%61pi/health' })).json()).toMatchObject({ status: 'ok' });
    // decoded once, '/%2561pi/health' is '/%61pi/health': a page's address like any other
    const page = await app.inject({ method: 'GET', url: '/%2561pi/health', headers: { 'accept-encoding': 'identity' } });
    expect(page.statusCode).toBe(200);
    expect(page.payload).toBe(INDEX);
    expect(String(page.headers['permissions-policy'])).toContain('camera=()');
    // a file that is not in the build, and a write to a page's address: a JSON 404 with a page's headers
    const file = await app.inject({ method: 'GET', url: '/assets/bestaat-niet.js' });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ error: 'not_found', error_description: 'Dit bestand bestaat niet.' });
    const post = await app.inject({ method: 'POST', url: '/bibliotheek' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ error: 'not_found' });
    expect(String(post.headers['permissions-policy'])).toContain('camera=()');
  });

  it('sends a hashed asset brotli-compressed when the browser accepts br, cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli', async () => {
    const res = await app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is without accept-encoding', async () => {
    const res = await app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': '' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.payload).toBe(SCRIPT);
  });

  it('never lets index.html, a deep link or the service worker be cached without asking', async () => {
    for (const url of ['/', '/auth/login', '/sw.js']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
    }
    const plain = await app.inject({ method: 'GET', url: '/library', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(INDEX);
  });

  it("answers a first screen's address with the copy of index.html that names the screen's code", async () => {
    for (const url of ['/auth/login', '/auth/login/', '/auth/login?next=%2Fhome']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(LOGIN);
    }
    // a screen whose copy the build did not write, and any other address: index.html itself
    for (const url of ['/auth/login/extra', '/summary/read/abc/def', '/bibliotheek', '/library']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.payload, url).toBe(INDEX);
    }
  });

  it('answers / with Home\'s copy for a browser with a token cookie and the registration\'s for any other', async () => {
    const get = (cookie?: string) => app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });
    expect((await get()).payload).toBe(REGISTER);
    expect((await get('theme=dark')).payload).toBe(REGISTER);
    expect((await get('refresh_token=')).payload).toBe(REGISTER);
    expect((await get('refresh_token=abc.def')).payload).toBe(HOME);
    expect((await get('theme=dark; access_token=eyJ')).payload).toBe(HOME);
    // the access token ran out: the web app's marker says she is signed in (the refresh token is an
    // HttpOnly cookie of /api/auth, never sent with a page, decision 034)
    expect((await get('theme=dark; signed_in=1')).payload).toBe(HOME);
    expect((await get('signed_in=')).payload).toBe(REGISTER);
    expect((await app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'identity' } })).payload).toBe(HOME);
  });

  it("answers a signed-in browser with index.html where the copy holds a visitor's screen (decision 032)", async () => {
    const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });
    expect((await get('/auth/login')).payload).toBe(LOGIN);
    expect((await get('/auth/register')).payload).toBe(REGISTER);
    expect((await get('/auth/login', 'refresh_token=abc.def')).payload).toBe(INDEX);
    expect((await get('/auth/register/', 'access_token=eyJ')).payload).toBe(INDEX);
    // Home's copy holds no screen: a signed-in browser still gets it
    expect((await get('/home', 'refresh_token=abc.def')).payload).toBe(HOME);
  });
});
