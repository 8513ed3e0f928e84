import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadEnv } from '../../src/env.ts';
import { buildApp } from '../../src/app.ts';
import { createTestApp, signedInUser, type TestContext } from '../helpers.ts';

/** Sends raw bytes to the listening app and returns status line, headers and body. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (d) => (out += d.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    setTimeout(() => resolve(out), 3000);
  });
}

/** Issue 8 defects 9 and 10: Fastify's and Node's own refusals in the product's shape; hardening headers. */
describe('hostile HTTP', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(async () => ctx?.close());

  it('answers multipart/form-data without a boundary with 400 invalid_request on every route with a body', async () => {
    for (const url of ['/api/auth/login', '/api/auth/register', '/api/auth/logout']) {
      const res = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'multipart/form-data' }, payload: 'x' });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request' });
    }
  });

  it('reads multipart form data only where the spec sends it (login, registration): elsewhere 415', async () => {
    const { headers } = await signedInUser(ctx.app);
    const boundary = 'blokgrens';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="position"\r\n\r\n0\r\n--${boundary}--\r\n`;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'invalid_request', error_description: 'Dit type inhoud wordt niet ondersteund.' });
  });

  it('answers a malformed or too long URL in the product’s error shape, without echoing it', async () => {
    const long = await ctx.app.inject({ method: 'GET', url: `/api/subjects/${'a'.repeat(500)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'invalid_request', error_description: 'Het adres is te lang.' });
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/subjects/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_request' });
    expect(bad.body).not.toContain('%E0');
  });

  it('answers Node’s parser refusals (431, a malformed request) as JSON with an error code', async () => {
    const big = await raw(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1.1 431/);
    expect(big).toContain('"error":"invalid_request"');
    const broken = await raw(port, 'GARBAGE\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1.1 400/);
    expect(broken).toContain('"error":"invalid_request"');
  });

  it('sends consistent framing headers on API answers, and HSTS only over https', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps a student\'s answers out of every cache, and lets the routes that may be cached say so', async () => {
    const { headers } = await signedInUser(ctx.app);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const catalogue = await ctx.app.inject({ method: 'GET', url: '/api/catalogue' });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.headers['cache-control']).toBe('public, max-age=300');
  });

  it('tells a client over the API limit when to come back, and only then sends the limit headers', async () => {
    const limited = await createTestApp('sqlite', { API_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      for (let i = 0; i < 2; i++) {
        const ok = await limited.app.inject({ method: 'GET', url: '/api/health' });
        expect(ok.statusCode).toBe(200);
        expect(ok.headers['x-ratelimit-remaining']).toBeUndefined();
      }
      const refused = await limited.app.inject({ method: 'GET', url: '/api/health' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['x-ratelimit-limit']).toBe('2');
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    } finally {
      await limited.close();
    }
  });

  it('uses a client X-Request-Id as the log id only when it is a UUID', async () => {
    const good = '0193a0b2-7c3d-4e5f-8a6b-0c1d2e3f4a5b';
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': good } })).headers['x-request-id']).toBe(good);
    const forged = (await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'admin logged in' } })).headers['x-request-id'];
    expect(forged).not.toBe('admin logged in');
    expect(String(forged)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adds the deviceid header to a 400 of an authenticated route', async () => {
    const { headers, deviceId } = await signedInUser(ctx.app);
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/summaries/x/progress', headers, payload: { position: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers.deviceid).toBe(deviceId);
  });

  it('serves the API docs outside production, and in production only with API_DOCS=true', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    const secret = 'x'.repeat(40);
    for (const [apiDocs, status] of [[undefined, 404], ['true', 200]] as const) {
      const vapid = webpush.generateVAPIDKeys();
      const env = loadEnv({ NODE_ENV: 'production', PAYMENTS: 'test', PUBLIC_URL: 'https://blok.example', JWT_SECRET: secret, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, SEED_DEMO: 'false', JOBS: 'off', LOG_LEVEL: 'silent', ...(apiDocs ? { API_DOCS: apiDocs } : {}) });
      const app = await buildApp({ env, database: ctx.handle, logger: false, serveWeb: false });
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(status);
      await app.close();
    }
  });
});


/** Sends a request's head (no body) and resolves with the answer's first line, or '' if none comes within `ms`. */
function statusLineFor(port: number, head: string, ms = 2000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let out = '';
    const done = (line: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(line);
    };
    const timer = setTimeout(() => done(''), ms);
    socket.on('data', (d) => {
      out += d.toString();
      if (out.includes('\r\n\r\n')) done(out.split('\r\n')[0]!);
    });
    socket.on('error', reject);
  });
}

/** Issue 25: what a signed-in student (or nobody) could make the server do or hold. */
describe('hostile HTTP: requests the server would make or hold', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(async () => ctx?.close());

  it('answers an anonymous picture upload 401 before reading its body', async () => {
    // 9.9 MB announced, none sent: the answer comes anyway (it used to wait for, and hold, the body).
    const head = 'PUT /api/user/profile/picture HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: 9900000\r\n\r\n';
    const answers = await Promise.all(Array.from({ length: 5 }, () => statusLineFor(port, head)));
    expect(answers).toEqual(Array(5).fill('HTTP/1.1 401 Unauthorized'));
  });

  it('refuses a signed-in upload that announces more than 5 MB before reading it', async () => {
    const { headers } = await signedInUser(ctx.app);
    const head = `PUT /api/user/profile/picture HTTP/1.1\r\nHost: x\r\nAuthorization: ${headers.authorization}\r\nContent-Type: image/png\r\nContent-Length: 6000000\r\n\r\n`;
    expect(await statusLineFor(port, head)).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it('stores no Idempotency-Key for a flood of anonymous webhook calls', async () => {
    for (let i = 0; i < 30; i += 1) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/shop/webhooks/test',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': crypto.randomUUID() },
        payload: `id=tp_${i}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const stored = await ctx.handle.db.selectFrom('idempotency_keys').select('key').where('scope', '=', 'anonymous').execute();
    expect(stored).toEqual([]);
  });

  it('refuses push subscriptions that would send the server to itself, its network or the cloud metadata service', async () => {
    const { headers } = await signedInUser(ctx.app);
    for (const endpoint of ['http://169.254.169.254/latest/meta-data/iam', 'https://169.254.169.254/latest/meta-data/iam', 'https://127.0.0.1:5432/', 'https://[::1]:6379/', 'https://localhost:3000/api/health', 'https://192.168.1.1/']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/push-subscriptions', headers, payload: { endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(['invalid_request', 'push_endpoint_refused'], endpoint).toContain(res.json().error);
    }
    const stored = await ctx.handle.db.selectFrom('push_subscriptions').select('endpoint').execute();
    expect(stored).toEqual([]);
  });
});
