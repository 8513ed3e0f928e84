import { createServer, connect, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, migrateToLatest, openDatabase, type DatabaseHandle } from '@blok/db';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { signedInUser, type TestApp } from '../helpers.ts';

/** A TCP proxy in front of PostgreSQL that the test can cut (every connection dies) and restore. */
class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    if (this.server) return;
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address && typeof address === 'object') this.port = address.port;
  }

  /** The database "restarts": every open connection is reset and new ones are refused. */
  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

const base = process.env.TEST_DATABASE_URL;

/** Issue 8 defects 1 and 2: a database outage neither crashes the API nor answers 500. */
describe.skipIf(!base)('a PostgreSQL outage', () => {
  let proxy: CuttableProxy;
  let handle: DatabaseHandle;
  let app: TestApp;
  let schema: string;

  beforeAll(async () => {
    const url = new URL(base!);
    proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.up();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    schema = `t_${randomBytes(6).toString('hex')}`;
    handle = await openDatabase({ url: url.toString(), schema, poolSize: 4 });
    await migrateToLatest(handle.db);
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS: 'off' });
    app = await buildApp({ env, database: handle, logger: false, serveWeb: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await proxy?.down();
    if (schema) await dropSchema(base!, schema);
  });

  it('answers 503 database_unavailable with Retry-After while it is down, and recovers by itself', async () => {
    const { headers } = await signedInUser(app);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers })).statusCode).toBe(200);

    await proxy.down();
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['GET', '/api/user/profile'],
      ['GET', '/api/library'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await app.inject({ method, url, headers, ...(method === 'POST' ? { payload: { refresh_token: 'x' } } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(503);
      expect(res.json()).toMatchObject({ error: 'database_unavailable' });
      expect(res.headers['retry-after']).toBe('5');
    }

    await proxy.up();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'postgres' });
    expect((await app.inject({ method: 'GET', url: '/api/user/profile', headers })).statusCode).toBe(200);
  }, 60_000);
});
