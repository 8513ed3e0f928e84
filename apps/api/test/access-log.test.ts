import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The access log is Fastify's own request logging through pino (decision 019 gave the stand-in back,
 * issue 42): `incoming request` and `request completed` per request, with the request id, the
 * request's method, address, host and peer, the status and the response time; never a header or a body.
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

  it('writes the incoming request and the answer, each one valid JSON line with the request id', async () => {
    out.lines.length = 0;
    // an address with quotes, a backslash, a line separator and a non-ASCII letter stays one valid JSON line
    const url = '/api/nergens?q=%22a%5Cb%22&x="\\\u2028é';
    const id = '3b241101-e2bb-4255-8caf-4136c566a962';
    const res = await app.inject({ method: 'GET', url, headers: { 'x-request-id': id, host: 'blok.example' }, remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(404);
    expect(out.lines).toHaveLength(2);
    for (const line of out.lines) expect(line.endsWith('}\n')).toBe(true);
    const [incoming, done] = out.parsed();
    expect(incoming).toMatchObject({ level: 30, pid: process.pid, reqId: id, req: { method: 'GET', host: 'blok.example', remoteAddress: '203.0.113.9' }, msg: 'incoming request' });
    expect(done).toMatchObject({ level: 30, pid: process.pid, reqId: id, res: { statusCode: 404 }, msg: 'request completed' });
    // the address as it arrived (inject percent-encodes all but the backslash)
    expect((incoming!.req as { url: string }).url).toMatch(/^\/api\/nergens\?q=%22a%5Cb%22&x=%22\\%E2%80%A8%C3%A9$/);
    expect(typeof done!.time).toBe('number');
    expect(typeof done!.responseTime).toBe('number');
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
      expect(out.lines.filter((l) => /incoming request|request completed/.test(l))).toEqual([]);
    } finally {
      await quiet.close();
    }
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
