import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@blok/db';
import { buildApp } from '../src/app.ts';
import { loadEnv, STAND_INS } from '../src/env.ts';
import { bearer, createTestApp, DIALECTS, login, PASSWORD, refresh, registerUser, type TestApp } from './helpers.ts';

/**
 * Decision 019: every stand-in for a well-kept library can be switched back to it with
 * STAND_INS_OFF, and the app answers the same either way.
 */

/** Every line a logger wrote. */
function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe('STAND_INS_OFF', () => {
  it('takes a list of stand-in names or all, and refuses a name it does not know', () => {
    expect([...loadEnv({ NODE_ENV: 'test' }).STAND_INS_OFF]).toEqual([]);
    expect([...loadEnv({ NODE_ENV: 'test', STAND_INS_OFF: 'pg-prepared, access-log' }).STAND_INS_OFF]).toEqual(['pg-prepared', 'access-log']);
    expect([...loadEnv({ NODE_ENV: 'test', STAND_INS_OFF: 'all' }).STAND_INS_OFF].sort()).toEqual(Object.keys(STAND_INS).sort());
    expect(() => loadEnv({ NODE_ENV: 'test', STAND_INS_OFF: 'helmet' })).toThrow(/STAND_INS_OFF: unknown stand-in\(s\) helmet/);
  });
});

describe('the stand-ins and their libraries answer alike', () => {
  let dir: string;
  let handle: DatabaseHandle;
  const apps: Record<'standIns' | 'libraries', TestApp> = {} as never;
  const logs = { standIns: capture(), libraries: capture() };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blok-stand-ins-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="nl"><head></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'assets', 'app-AbC123xy.js'), 'export {};\n');
    handle = await openDatabase({ url: `file:${join(dir, 'test.db')}` });
    await migrateToLatest(handle.db);
    for (const [name, off] of [['standIns', ''], ['libraries', 'all']] as const) {
      const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false', JOBS: 'off', WEB_DIST: dist, API_RATE_LIMIT_PER_MINUTE: '40', STAND_INS_OFF: off });
      apps[name] = await buildApp({ env, database: handle, logStream: logs[name].stream });
      await apps[name].ready();
    }
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app?.close();
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** the headers that do not change between two answers to the same request */
  const VOLATILE = new Set(['date', 'x-request-id', 'etag', 'last-modified', 'content-length', 'connection', 'keep-alive', 'vary', 'accept-ranges', 'cache-control', 'transfer-encoding']);
  const stable = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([k]) => !VOLATILE.has(k)).sort(([a], [b]) => a.localeCompare(b)));

  it("sets the same security headers as @fastify/helmet on pages, and the API's own set on its answers", async () => {
    // a page, a deep link, an answer of the API and an unknown address under /api
    for (const url of ['/', '/auth/login', '/assets/app-AbC123xy.js', '/api/health', '/api/nope']) {
      const [ours, library] = await Promise.all([apps.standIns.inject({ method: 'GET', url }), apps.libraries.inject({ method: 'GET', url })]);
      expect(ours.statusCode, url).toBe(library.statusCode);
      expect(stable(ours.headers), url).toEqual(stable(library.headers));
      expect(ours.headers['x-request-id'], url).toBeTruthy();
      expect(library.headers['x-request-id'], url).toBeTruthy();
    }
    // and they are helmet's: a page has its CSP and its cross-origin headers
    const page = await apps.libraries.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
  });

  it('compresses a large JSON answer alike with brotli, and leaves a small one as it is', async () => {
    for (const app of Object.values(apps)) {
      const plain = await app.inject({ method: 'GET', url: '/api/catalogue' });
      const br = await app.inject({ method: 'GET', url: '/api/catalogue', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
      expect(small.headers['content-encoding']).toBeUndefined();
    }
  });

  it('signs access tokens with node:crypto or with jose, and either verifies', async () => {
    expect(apps.standIns.services.tokens.signer).toBe('node');
    expect(apps.libraries.services.tokens.signer).toBe('jose');
    for (const app of Object.values(apps)) {
      const { tokens } = await registerUser(app);
      const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(tokens!.access_token) });
      expect(profile.statusCode, profile.body).toBe(200);
    }
  });

  it("writes one access line per request, or Fastify's two through pino", async () => {
    for (const log of Object.values(logs)) log.lines.length = 0;
    const id = '3b241101-e2bb-4255-8caf-4136c566a962';
    for (const app of Object.values(apps)) {
      expect((await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } })).statusCode).toBe(200);
    }
    const parsed = (name: keyof typeof logs) => logs[name].lines.map((l) => JSON.parse(l) as { msg: string; reqId: string; res?: { statusCode: number } });
    expect(parsed('standIns').map((l) => [l.msg, l.reqId])).toEqual([['request completed', id]]);
    expect(parsed('libraries').map((l) => [l.msg, l.reqId])).toEqual([
      ['incoming request', id],
      ['request completed', id],
    ]);
    expect(parsed('libraries')[1]!.res).toEqual({ statusCode: 200 });
  });

  it('refuses an address past the request limit with the same answer and headers', async () => {
    const answers = [];
    for (const [name, app] of Object.entries(apps)) {
      const ip = name === 'standIns' ? '198.51.100.7' : '198.51.100.8';
      let res;
      for (let i = 0; i < 41; i++) {
        res = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
        if (i < 40) expect(res.statusCode, `${name} request ${i + 1}`).toBe(200);
        if (i === 0) expect(res.headers['x-ratelimit-limit'], name).toBeUndefined();
      }
      expect(res!.statusCode, name).toBe(429);
      answers.push({ body: res!.json(), limit: res!.headers['x-ratelimit-limit'], remaining: res!.headers['x-ratelimit-remaining'], retry: Number(res!.headers['retry-after']) });
      // the web app's files are not counted
      expect((await app.inject({ method: 'GET', url: '/assets/app-AbC123xy.js', remoteAddress: ip })).statusCode, name).toBe(200);
    }
    expect(answers[0]).toMatchObject({ body: { error: 'too_many_requests', error_description: 'Te veel verzoeken. Probeer het zo opnieuw.' }, limit: '40', remaining: '0' });
    expect({ ...answers[1], retry: 0 }).toEqual({ ...answers[0], retry: 0 });
    for (const a of answers) expect(a.retry).toBeGreaterThanOrEqual(59);
  });
});

describe.each(DIALECTS)('Blok on the libraries alone (STAND_INS_OFF=all, %s)', (dialect) => {
  let app: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const ctx = await createTestApp(dialect, { STAND_INS_OFF: 'all' });
    app = ctx.app;
    close = ctx.close;
  });
  afterAll(async () => close?.());

  it('registers, signs in again, refreshes and answers her profile', async () => {
    const { tokens, email, deviceId } = await registerUser(app);
    const again = await login(app, { username: email, password: PASSWORD, device_id: deviceId });
    expect(again.statusCode, again.body).toBe(200);
    const renewed = await refresh(app, again.json().refresh_token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().access_token).not.toBe(tokens!.access_token);
    const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(renewed.json().access_token) });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().email).toBe(email);
  });
});
