import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import Fastify from 'fastify';
import accessLog from '../src/plugins/access-log.ts';
import { openDatabase, migrateToLatest, type DatabaseHandle } from '@blok/db';
import { buildApp, LOG_FLUSH_MS } from '../src/app.ts';
import { loadEnv } from '../src/env.ts';
import { bearer, registerUser, type TestApp } from './helpers.ts';

/** Every line a logger wrote, parsed. */
function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) }, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/**
 * The access log (plugins/access-log.ts): one line per answered request, the line pino writes for
 * the same fields, with no header or body in it.
 */
describe('the access log', () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let out: ReturnType<typeof capture>;

  async function build(level: string) {
    out = capture();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: level, SEED_DEMO: 'false', JOBS: 'off', REGISTER_RATE_LIMIT_IP: '1000' });
    return buildApp({ env, database: handle, serveWeb: false, logStream: out.stream });
  }
  beforeAll(async () => {
    handle = await openDatabase({ url: ':memory:' });
    await migrateToLatest(handle.db);
    app = await build('info');
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const completed = () => out.parsed().filter((l) => l.msg === 'request completed');

  it('writes one line per answered request, the one pino writes for its fields', async () => {
    out.lines.length = 0;
    // an address with quotes, a backslash, a line separator and a non-ASCII letter stays one valid JSON line
    const url = '/api/nergens?q=%22a%5Cb%22&x="\\\u2028é';
    const res = await app.inject({ method: 'GET', url, headers: { 'x-request-id': '3b241101-e2bb-4255-8caf-4136c566a962', host: 'blok.example' }, remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(404);
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]!.endsWith('}\n')).toBe(true);
    const line = completed()[0]!;
    expect(line).toMatchObject({
      level: 30,
      pid: process.pid,
      reqId: '3b241101-e2bb-4255-8caf-4136c566a962',
      req: { method: 'GET', host: 'blok.example', remoteAddress: '203.0.113.9' },
      res: { statusCode: 404 },
      msg: 'request completed',
    });
    // the address as it arrived (inject percent-encodes all but the backslash)
    expect((line.req as { url: string }).url).toMatch(/^\/api\/nergens\?q=%22a%5Cb%22&x=%22\\%E2%80%A8%C3%A9$/);
    expect(typeof line.time).toBe('number');
    expect(typeof line.responseTime).toBe('number');

    // pino itself, with the app logger's bindings, writes the same line for the same fields
    const reference = capture();
    pino({ level: 'info' }, reference.stream).info({ reqId: line.reqId, req: line.req, res: line.res, responseTime: line.responseTime }, 'request completed');
    const expected = { ...reference.parsed()[0]!, time: line.time };
    expect(Object.keys(line)).toEqual(Object.keys(expected));
    expect(line).toEqual(expected);
  });

  it('never logs a header or a body, and logs the status an answer went out with', async () => {
    const { tokens } = await registerUser(app);
    out.lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/user/profile', headers: { ...bearer(tokens!.access_token), cookie: 'geheim=1' } });
    expect(res.statusCode, res.body).toBe(200);
    const bad = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { grant_type: 'password', username: 'x@example.nl', password: 'Geheim#2024', client_id: 'nope', device_id: 'd' } });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    const text = out.lines.join('');
    expect(text).not.toContain(tokens!.access_token);
    expect(text).not.toContain('geheim=1');
    expect(text).not.toContain('Geheim#2024');
    expect(completed().map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([200, bad.statusCode]);
  });

  it('writes no access line when the level is above info', async () => {
    const quiet = await build('warn');
    await quiet.ready();
    try {
      expect((await quiet.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(out.lines.filter((l) => l.includes('request completed'))).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

/**
 * The access log leans on pino's internals (its stream and bindings symbols, decision 019): when they
 * are not there it refuses to start instead of writing nothing.
 */
describe("the access log's hold on pino", () => {
  it('finds the symbols it reads in the installed pino', () => {
    expect(typeof pino.symbols.streamSym).toBe('symbol');
    expect(typeof pino.symbols.chindingsSym).toBe('symbol');
    const logger = pino({ level: 'info' }, capture().stream) as unknown as Record<symbol, unknown>;
    expect(typeof (logger[pino.symbols.streamSym] as { write?: unknown }).write).toBe('function');
    expect(logger[pino.symbols.chindingsSym]).toMatch(/^,"pid":\d+,"hostname":/);
  });

  it('refuses to start on a logger without them', async () => {
    const silent = () => undefined;
    const notPino = { level: 'info', info: silent, error: silent, debug: silent, fatal: silent, warn: silent, trace: silent, silent, child: () => notPino, isLevelEnabled: () => true };
    const app = Fastify({ loggerInstance: notPino as never });
    const start = async () => {
      await app.register(accessLog);
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/access-log: the logger is not pino as this plugin knows it/);
  });
});

/**
 * Outside tests the logs are written in batches (app.ts logDestination): a line waits at most
 * LOG_FLUSH_MS, and what is still waiting when the process exits is written then.
 */
describe('the log destination of a running process', () => {
  it('writes a line within a flush interval, and the last line when the process exits', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'fixtures/log-destination.ts')], {
      cwd: resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, LATER_MS: String(LOG_FLUSH_MS * 2.5) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const started = Date.now();
    const seen: Array<{ msg: string; after: number }> = [];
    let buffered = '';
    child.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const l of lines) seen.push({ msg: (JSON.parse(l) as { msg: string }).msg, after: Date.now() - started });
    });
    const code = await new Promise<number | null>((res) => child.once('exit', (c) => res(c)));
    await new Promise((r) => setTimeout(r, 50));
    expect(code).toBe(0);
    expect(seen.map((s) => s.msg)).toEqual(['een', 'twee']);
    // 'een' came by the periodic flush, long before the process ended
    expect(seen[0]!.after).toBeLessThan(seen[1]!.after - LOG_FLUSH_MS / 2);
  }, 20_000);
});
