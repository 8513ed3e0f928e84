import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import requestLimit from '../src/plugins/request-limit.ts';
import errorHandler from '../src/plugins/error-handler.ts';
import clientKey from '../src/plugins/client-key.ts';

/**
 * The API's per-address request limit (plugins/request-limit.ts, @fastify/rate-limit): a fixed window
 * per client address, a 429 with retry-after and the limit headers past it, nothing for requests
 * outside its context, and a bounded number of remembered addresses.
 */
describe('the per-address request limit', () => {
  afterEach(() => vi.useRealTimers());

  async function app(options: { max: number; windowMs: number; maxClients?: number }) {
    const a = Fastify({ logger: false });
    // the app's error handler turns the limiter's error into the product's answer
    await a.register(errorHandler);
    await a.register(clientKey, { ipv6Prefix: 64 });
    // counted: the requests of the context it is registered in (app.ts: the /api context)
    await a.register(
      async (api) => {
        await api.register(requestLimit, options);
        api.get('/ping', async () => ({ ok: true }));
      },
      { prefix: '/api' },
    );
    a.get('/app.js', async () => 'js');
    await a.ready();
    return a;
  }
  const get = (a: Awaited<ReturnType<typeof app>>, url: string, ip = '198.51.100.1') => a.inject({ method: 'GET', url, remoteAddress: ip });

  it('refuses an address past its limit with retry-after and the limit headers, and no headers before', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z'), toFake: ['Date'] });
    const a = await app({ max: 2, windowMs: 60_000 });
    for (let i = 0; i < 2; i++) {
      const ok = await get(a, '/api/ping');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-limit']).toBeUndefined();
    }
    vi.setSystemTime(new Date('2026-11-26T10:00:20.500Z'));
    const refused = await get(a, '/api/ping');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'too_many_requests', error_description: 'Te veel verzoeken. Probeer het zo opnieuw.' });
    expect(refused.headers).toMatchObject({ 'retry-after': '40', 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '40' });
    // another address has its own count; the web app's files are not counted
    expect((await get(a, '/api/ping', '198.51.100.2')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await get(a, '/app.js')).statusCode).toBe(200);
    // the window ends a minute after the address's first request
    vi.setSystemTime(new Date('2026-11-26T10:00:59.999Z'));
    expect((await get(a, '/api/ping')).statusCode).toBe(429);
    vi.setSystemTime(new Date('2026-11-26T10:01:00Z'));
    expect((await get(a, '/api/ping')).statusCode).toBe(200);
    await a.close();
  });

  it('counts an IPv6 client by its /64: two addresses in one /64 share a count (issue 25, item 11)', async () => {
    const a = await app({ max: 2, windowMs: 60_000 });
    expect((await get(a, '/api/ping', '2001:db8:1:2::1')).statusCode).toBe(200);
    expect((await get(a, '/api/ping', '2001:db8:1:2:ffff:ffff:ffff:fffe')).statusCode).toBe(200);
    expect((await get(a, '/api/ping', '2001:db8:1:2:dead:beef::7')).statusCode).toBe(429);
    // the next /64 is another client
    expect((await get(a, '/api/ping', '2001:db8:1:3::1')).statusCode).toBe(200);
    await a.close();
  });

  it('remembers at most maxClients addresses, the one seen longest ago forgotten first', async () => {
    const a = await app({ max: 1, windowMs: 60_000, maxClients: 2 });
    expect((await get(a, '/api/ping', '10.0.0.1')).statusCode).toBe(200);
    expect((await get(a, '/api/ping', '10.0.0.2')).statusCode).toBe(200);
    expect((await get(a, '/api/ping', '10.0.0.1')).statusCode).toBe(429);
    // a third address pushes out the second, seen longest ago: it starts over; the first is still counted
    expect((await get(a, '/api/ping', '10.0.0.3')).statusCode).toBe(200);
    expect((await get(a, '/api/ping', '10.0.0.1')).statusCode).toBe(429);
    expect((await get(a, '/api/ping', '10.0.0.2')).statusCode).toBe(200);
    await a.close();
  });
});
