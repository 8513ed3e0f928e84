import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { LIBRARY_FIXTURES, createLibraryApp } from './support.ts';

const URL = '/api/content/images/fx-psychologie/fx-diagram.svg';

describe.each(DIALECTS)('content images on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createLibraryApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('serves an image without a token, with its type, long caching and a locked-down SVG policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.rawPayload.equals(readFileSync(join(LIBRARY_FIXTURES, 'fx-psychologie/images/fx-diagram.svg')))).toBe(true);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d{7,}/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.etag).toMatch(/^".+"$/);

    const again = await ctx.app.inject({ method: 'GET', url: URL, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 JSON for an unknown image, subject or a name that is not an image', async () => {
    for (const url of [
      '/api/content/images/fx-psychologie/bestaat-niet.svg',
      '/api/content/images/fx-recht/fx-diagram.svg',
      '/api/content/images/fx-psychologie/..%2Fsubject.yaml',
      '/api/content/images/fx-psychologie/FX-DIAGRAM.SVG',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: 'not_found', error_description: 'Deze afbeelding bestaat niet.' });
    }
  });
});
