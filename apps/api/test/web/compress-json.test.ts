import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

/** The API's large answers go compressed by @fastify/compress (app.ts): brotli, else gzip, from 8 KB up. */
describe('large JSON answers go compressed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
  });
  afterAll(async () => ctx?.close());

  const catalogue = (acceptEncoding?: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/catalogue', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the catalogue as it is to a client that accepts no encoding', async () => {
    const res = await catalogue();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().universities.length).toBeGreaterThanOrEqual(8);
  });

  it('sends brotli, or gzip without it, that decodes to the same JSON', async () => {
    const plain = (await catalogue()).body;
    const br = await catalogue('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    // a cache keeps the compressed answer apart from the plain one
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await catalogue('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('leaves small answers and errors alone', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding with its weights', async () => {
    for (const [accept, encoding] of [
      ['identity', undefined],
      ['gzip, br', 'br'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['deflate', undefined],
    ] as const) {
      const res = await catalogue(accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
    }
  });
});
