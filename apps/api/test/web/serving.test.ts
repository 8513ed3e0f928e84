import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@blok/db';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
// The same step `npm run build -w @blok/web` runs after Vite.
import { precompress } from '../../../web/scripts/precompress.mjs';

const ASSET = 'assets/index-AbC123xy.js';
const SCRIPT = `export const greeting = ${JSON.stringify('Welkom bij Blok! '.repeat(200))};\n`;
const INDEX = `<!doctype html><html lang="nl"><head><script type="module" src="/${ASSET}"></script></head><body><div id="root"></div>${'<!-- Blok -->'.repeat(60)}</body></html>`;

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
    writeFileSync(join(dist, 'sw.js'), `self.addEventListener('install', () => {});\n${'// Blok\n'.repeat(100)}`);
    expect(precompress(dist).count).toBe(3);
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
});
