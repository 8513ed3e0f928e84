import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { DIALECTS, openTestDatabase, signedInUser, type TestApp } from '../helpers.ts';

/** Every line the app's logger wrote, parsed. */
function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) }, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/**
 * Sends a request's head and part of its body, then drops the connection: with a reset (RST) or a
 * plain close (FIN), as a phone losing its network or a closed tab does.
 */
function dropMidBody(port: number, head: string, how: 'reset' | 'close'): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write('{"email":"sanne@exa');
      setTimeout(() => {
        if (how === 'reset') socket.resetAndDestroy();
        else socket.end();
        resolve();
      }, 50);
    });
    socket.on('error', reject);
    socket.on('data', () => undefined);
  });
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Issue 25, item 8: a client that drops its connection while sending its body fails the request's
 * own stream with ECONNRESET ('aborted'). That is the client's doing: logged as a client abort, never
 * as a database outage (503 database_unavailable and a warning that wakes an operator).
 */
describe.each(DIALECTS)('a client that drops its connection mid-request on %s', (dialect) => {
  let app: TestApp;
  let cleanup: () => Promise<void>;
  let port: number;
  let out: ReturnType<typeof capture>;
  let auth: Record<string, string>;

  beforeAll(async () => {
    const db = await openTestDatabase(dialect);
    cleanup = db.cleanup;
    out = capture();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', SEED_DEMO: 'false', JOBS: 'off' });
    app = await buildApp({ env, database: db.handle, serveWeb: false, logStream: out.stream });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
    auth = (await signedInUser(app)).headers;
  });
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });

  for (const how of ['reset', 'close'] as const) {
    it(`logs a ${how === 'reset' ? 'reset' : 'closed'} connection as a client abort, not as the database being unavailable`, async () => {
      out.lines.length = 0;
      for (const [path, headers] of [
        ['/api/auth/forgot-password', {}],
        ['/api/user/profile', auth],
      ] as const) {
        const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
        const method = path === '/api/user/profile' ? 'PUT' : 'POST';
        await dropMidBody(port, `${method} ${path} HTTP/1.1\r\nHost: blok.example\r\nContent-Type: application/json\r\nContent-Length: 400\r\n${extra}\r\n`, how);
      }
      // the two requests end as client aborts (what the old code logged: 'database unavailable', a
      // warning, and a 503 that nobody reads)
      await until(() => out.parsed().filter((l) => l.msg === 'client aborted the request' || l.msg === 'database unavailable').length >= 2).catch(() => {
        throw new Error(`not logged as expected: ${out.lines.join('')}`);
      });
      await new Promise((r) => setTimeout(r, 200));
      const lines = out.parsed();
      const aborted = lines.filter((l) => l.msg === 'client aborted the request');
      expect(aborted, JSON.stringify(lines)).toHaveLength(2);
      expect(aborted[0]).toMatchObject({ level: 30, code: 'ECONNRESET' });
      expect(lines.filter((l) => l.msg === 'database unavailable' || (l.level as number) >= 40), JSON.stringify(lines)).toEqual([]);
      expect(lines.filter((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === 503)).toEqual([]);
      // the API is fine: the next request is answered as ever
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  }
});
