import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CONTENT_SECURITY_POLICY } from '../src/app.ts';
import { CHOICE, DIALECTS, createTestApp, signedInUser, type TestContext } from './helpers.ts';

/**
 * Issue 25, item 9: everything that applies to the API (request limit, headers, authentication,
 * commands) is registered in one encapsulated /api context (docs/architecture.md, "The API's pipeline").
 * Fastify routes the percent-decoded path, so `/%61pi/health` reaches /api/health: no spelling of an
 * API address may reach an API route without the API's pipeline.
 */
const HEALTH_SPELLINGS = ['/api/health', '/%61pi/health', '/%61%70%69/health', '/api/%68ealth', '/%61pi/health/', '/%61pi/health?x=1'];

describe.each(DIALECTS)('the /api pipeline for every spelling of an address on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('counts every spelling of an API address against the one per-address limit', async () => {
    const limited = await createTestApp(dialect, { API_RATE_LIMIT_PER_MINUTE: String(HEALTH_SPELLINGS.length) });
    try {
      for (const url of HEALTH_SPELLINGS) {
        const ok = await limited.app.inject({ method: 'GET', url });
        expect(ok.statusCode, url).toBe(200);
        expect(ok.json(), url).toMatchObject({ status: 'ok' });
      }
      // the limit is used up: an encoded spelling is refused like the plain one, and so is an
      // unknown address below /api in any spelling, and a login (a command) in any spelling
      for (const [method, url] of [
        ['GET', '/%61pi/health'],
        ['GET', '/api/health'],
        ['GET', '/%61pi/bestaat-niet'],
        ['POST', '/%61pi/auth/login'],
      ] as const) {
        const refused = await limited.app.inject({ method, url });
        expect(refused.statusCode, url).toBe(429);
        expect(refused.json(), url).toMatchObject({ error: 'too_many_requests' });
        expect(Number(refused.headers['retry-after']), url).toBeGreaterThan(0);
      }
      // another address still has its whole limit
      expect((await limited.app.inject({ method: 'GET', url: '/%61pi/health', remoteAddress: '198.51.100.7' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("sends the API's headers, never a page's, on every spelling of an API address and its 404", async () => {
    for (const url of [...HEALTH_SPELLINGS, '/%61pi/bestaat-niet', '/%61pi']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(API_CONTENT_SECURITY_POLICY);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['permissions-policy'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
    const unknown = await ctx.app.inject({ method: 'POST', url: '/%61pi/bestaat-niet' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    expect(unknown.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it('asks for a token on every spelling of a signed-in address, and checks its device', async () => {
    for (const url of ['/%61pi/user/profile', '/api/%75ser/profile', '/%61%70%69/%75%73%65%72/%70rofile']) {
      const refused = await ctx.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(401);
      expect(refused.json(), url).toMatchObject({ error: 'unauthorized' });
    }
    const { headers, deviceId } = await signedInUser(ctx.app);
    const profile = await ctx.app.inject({ method: 'GET', url: '/%61pi/user/profile', headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers.deviceid).toBe(deviceId);
    expect(profile.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it('runs a write in an encoded spelling as a command: its Idempotency-Key replays the first answer', async () => {
    const { headers } = await signedInUser(ctx.app);
    const key = randomUUID();
    const write = () =>
      ctx.app.inject({ method: 'PUT', url: '/%61pi/user/profile', headers: { ...headers, 'idempotency-key': key }, payload: { firstName: 'Sanne', ...CHOICE } });
    const first = await write();
    expect(first.statusCode).toBe(200);
    const again = await write();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const badKey = await ctx.app.inject({ method: 'PUT', url: '/%61pi/user/profile', headers: { ...headers, 'idempotency-key': 'nope' }, payload: { firstName: 'Sanne', ...CHOICE } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toMatchObject({ error: 'invalid_idempotency_key' });
  });

  it('never reaches the API through a double-encoded spelling: that is another address', async () => {
    for (const url of ['/%2561pi/health', '/%2561pi/user/profile', '/%252561pi/health']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'not_found', error_description: 'Deze pagina of dit adres bestaat niet.' });
    }
  });
});
