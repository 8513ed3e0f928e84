import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@blok/db';
import { API_CONTENT_SECURITY_POLICY, buildApp, PERMISSIONS_POLICY } from '../src/app.ts';
import { loadEnv } from '../src/env.ts';
import type { TestApp } from './helpers.ts';

/**
 * The security headers, every one of them (plugins/security-headers.ts): a page and a file of the web
 * app get helmet's document headers with Blok's CSP and the permissions policy; the API's answers,
 * its 404 included, get the API's short set; HSTS only over https. Pinned from the headers Blok sent
 * before issue 42 put @fastify/helmet back in place of the stand-in: the same set, CSP included.
 */
const PAGE = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';worker-src 'self';manifest-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': PERMISSIONS_POLICY,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
const API = {
  'cache-control': 'no-store',
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
/** What an answer carries besides its security headers. */
const CONTENT = new Set(['accept-ranges', 'cache-control', 'connection', 'content-length', 'content-type', 'date', 'etag', 'last-modified', 'vary', 'x-request-id', 'location']);

describe('the security headers', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let app: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blok-headers-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="nl"><head></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'assets', 'app-AbC123xy.js'), 'export {};\n');
    handle = await openDatabase({ url: `file:${join(dir, 'test.db')}` });
    await migrateToLatest(handle.db);
    const env = loadEnv({ NODE_ENV: 'test', SEED_DEMO: 'false', JOBS: 'off', WEB_DIST: dist, TRUST_PROXY: '1' });
    app = await buildApp({ env, database: handle, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The security headers of an answer: all but its content's (the API's cache-control is one of them). */
  const security = (headers: Record<string, unknown>, api: boolean) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => (api && name === 'cache-control') || !CONTENT.has(name)).sort(([a], [b]) => a.localeCompare(b)));

  it('sends helmet’s document headers, Blok’s CSP and the permissions policy with a page and a file', async () => {
    for (const url of ['/', '/auth/login', '/assets/app-AbC123xy.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(security(res.headers, false), url).toEqual(PAGE);
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
  });

  it("sends the API's own short set with an answer and an unknown API address", async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url === '/api/health' ? 200 : 404);
      expect(security(res.headers, true), url).toEqual(API);
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
  });

  it('adds HSTS to requests that came over https, and only to them', async () => {
    for (const [url, expected, api] of [
      ['/', PAGE, false],
      ['/api/health', API, true],
    ] as const) {
      const https = await app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(security(https.headers, api), url).toEqual({ ...expected, ...HSTS });
      const http = await app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
