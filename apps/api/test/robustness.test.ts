import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, signedInUser, type TestContext } from './helpers.ts';
import { questionsApp, student } from './questions/support.ts';

// Bad input gets a clear 4xx with a machine-readable code, never a 500: every route of the
// OpenAPI document is called with hostile path parameters and bodies, signed in and signed out.
const HOSTILE_PARAMS = ["'; drop table users; --", '%00', 'x'.repeat(2000), '../../etc/passwd', '-1', '1e309', 'ü🙂'];
const HOSTILE_BODIES: unknown[] = [
  {},
  { questionId: 1, answerId: ['x'], textAnswer: { a: 1 }, chapterId: null, position: 'NaN' },
  { position: Number.MAX_VALUE * 2, chapterId: 'x'.repeat(5000) },
  { questionId: 'a\u0000b', textAnswer: 'nul\u0000byte', answerIds: ['\u0000'], chapterId: '\u0000', position: 0.5, refresh_token: 'a\u0000' },
  [],
  'plain text',
];

describe.each(DIALECTS)('hostile input on %s', (dialect) => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  let routes: Array<{ method: string; path: string }>;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { API_RATE_LIMIT_PER_MINUTE: '100000', REGISTER_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_IP: '100000' });
    headers = (await signedInUser(ctx.app)).headers;
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
  });
  afterAll(async () => ctx?.close());

  it('answers every route with a 2xx/4xx JSON answer, never a 5xx', async () => {
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const { method, path } of routes) {
      for (const param of HOSTILE_PARAMS) {
        const url = `${path.replace(/\{[^}]+\}/g, encodeURIComponent(param))}?query=${encodeURIComponent(param)}&subjectId=%00&limit=-5`;
        for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : HOSTILE_BODIES) {
          for (const auth of [headers, {}]) {
            const res = await ctx.app.inject({
              method: method as 'GET',
              url,
              headers: { ...auth, ...(body === undefined ? {} : { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' }) },
              ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
            });
            if (res.statusCode >= 500) failures.push(`${method} ${url.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
            else if (res.statusCode >= 400 && !String(res.headers['content-type'] ?? '').includes('json')) failures.push(`${method} ${url.slice(0, 80)} -> ${res.statusCode} not JSON`);
            else if (res.statusCode >= 400 && typeof res.json().error !== 'string') failures.push(`${method} ${url.slice(0, 80)} -> ${res.statusCode} without error code`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('makes every write route a command: a repeated Idempotency-Key gets the first answer, another body 422', async () => {
    // Deleting the account would sign this test's user out of everything after it.
    const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !(r.method === 'DELETE' && r.path === '/api/user/profile'));
    expect(writes.length).toBeGreaterThan(8);
    const failures: string[] = [];
    for (const { method, path } of writes) {
      const url = path.replace(/\{[^}]+\}/g, 'does-not-exist');
      const key = randomUUID();
      const call = (body: unknown) =>
        ctx.app.inject({
          method: method as 'POST',
          url,
          headers: { ...headers, 'idempotency-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
      const body = method === 'DELETE' ? undefined : { probe: 1 };
      const first = await call(body);
      const again = await call(body);
      if (first.statusCode >= 500 || again.statusCode >= 500) failures.push(`${method} ${path}: ${first.statusCode}/${again.statusCode}`);
      // schema-invalid requests never reach the command; everything else is replayed
      else if (first.statusCode !== 400 && (again.statusCode !== first.statusCode || again.headers['idempotent-replayed'] !== 'true')) {
        failures.push(`${method} ${path}: first ${first.statusCode}, repeat ${again.statusCode} replayed=${String(again.headers['idempotent-replayed'])}`);
      }
      if (body !== undefined && first.statusCode !== 400) {
        const other = await call({ probe: 2 });
        if (other.statusCode !== 422 && other.statusCode !== 400) failures.push(`${method} ${path}: another body with the key -> ${other.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe.each(DIALECTS)('NUL characters on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('refuses a NUL character in an otherwise valid answer with 400 and stores nothing', async () => {
    const me = await student(ctx.app);
    const sessionId = await me.start('fx-lijst-a', undefined, true);
    const res = await me.call('POST', '/api/question-list/fx-lijst-a/save-answer', { sessionId, questionId: 'fx-a4', textAnswer: 'nul\u0000byte' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
    const overview = await me.overview(sessionId);
    expect(overview.reviewAnswers).toBe(0);
    const search = await me.call('GET', `/api/subjects?query=${encodeURIComponent('a\u0000')}`);
    expect(search.statusCode).toBe(400);
  });
});
