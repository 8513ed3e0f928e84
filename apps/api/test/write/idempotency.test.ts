import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, type TokenResponse } from '@blok/contract';
import { IDEMPOTENCY_RETENTION_SECONDS } from '../../src/write/idempotency.ts';
import { CHOICE, DIALECTS, PASSWORD, newDeviceId, refresh, uniqueEmail, type TestContext } from '../helpers.ts';
import { pageAnswerId, questionsApp, student } from '../questions/support.ts';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(DIALECTS)('idempotent commands (Idempotency-Key) on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  const keyCount = async () => Number((await ctx.handle.db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('answers a replayed save-answer with its first 200 and stores the answer once', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const key = randomUUID();
    const body = { sessionId: id, questionId: 'fx-a1', answerId: await pageAnswerId(ctx.handle.db, id, 'fx-a1', 3) };
    const send = () => ctx.app.inject({ method: 'POST', url: '/api/question-list/fx-lijst-a/save-answer', headers: { ...s.headers, 'idempotency-key': key }, payload: body });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const overview = await s.overview(id);
    expect(overview.userAnswers).toHaveLength(1);
    expect(overview.wrongAnswers).toBe(1);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const key = randomUUID();
    const headers = { ...s.headers, 'idempotency-key': key };
    const url = '/api/question-list/fx-lijst-a/save-answer';
    expect((await ctx.app.inject({ method: 'POST', url, headers, payload: { sessionId: id, questionId: 'fx-a1', answerId: await pageAnswerId(ctx.handle.db, id, 'fx-a1', 1) } })).statusCode).toBe(200);
    const other = await ctx.app.inject({ method: 'POST', url, headers, payload: { sessionId: id, questionId: 'fx-a3', answerId: await pageAnswerId(ctx.handle.db, id, 'fx-a3', 2) } });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'idempotency_key_reused' });
    expect((await s.overview(id)).userAnswers.map((a) => a.questionId)).toEqual(['fx-a1']);
  });

  it('answers 409 request_in_progress while the first request with the key still runs', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const body = { sessionId: id, questionId: 'fx-a1', answerId: await pageAnswerId(ctx.handle.db, id, 'fx-a1', 1) };
    const url = '/api/question-list/fx-lijst-a/save-answer';
    const profile = (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: s.headers })).json() as { id: string };
    const key = randomUUID();
    // The first request has claimed the key and is still working on it.
    const claim = await ctx.app.services.idempotency.claim({ scope: profile.id, key, method: 'POST', path: url, body });
    expect(claim.kind).toBe('claimed');
    const res = await ctx.app.inject({ method: 'POST', url, headers: { ...s.headers, 'idempotency-key': key }, payload: body });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'request_in_progress' });
    expect(res.headers['retry-after']).toBe('1');
    expect((await s.overview(id)).userAnswers).toHaveLength(0);
  });

  it('lets concurrent requests with one key make one change: the others get the stored answer or 409', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const key = randomUUID();
    const body = { sessionId: id, questionId: 'fx-a2', answerIds: [await pageAnswerId(ctx.handle.db, id, 'fx-a2', 1), await pageAnswerId(ctx.handle.db, id, 'fx-a2', 2)] };
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        ctx.app.inject({ method: 'POST', url: '/api/question-list/fx-lijst-a/save-answer', headers: { ...s.headers, 'idempotency-key': key }, payload: body }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.statusCode === 200 || (r.statusCode === 409 && r.json().error === 'request_in_progress'))).toBe(true);
    for (const r of ok) expect(r.json()).toEqual(ok[0]!.json());
    expect((await s.overview(id)).userAnswers).toHaveLength(1);
  });

  it('still answers 409 answer_locked, changing nothing, to another answer on a locked question', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: await pageAnswerId(ctx.handle.db, id, 'fx-a1', 1) });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/question-list/fx-lijst-a/save-answer',
      headers: { ...s.headers, 'idempotency-key': randomUUID() },
      payload: { sessionId: id, questionId: 'fx-a1', answerId: await pageAnswerId(ctx.handle.db, id, 'fx-a1', 2) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'answer_locked' });
    const q = (await s.overview(id)).questions[0]!;
    expect(q.userAnswerIds).toEqual(['fx-a1-a1']);
    expect(q.isCorrect).toBe(1);
  });

  it('stores a 4xx answer too: the replay gets the same 404', async () => {
    const s = await student(ctx.app);
    const key = randomUUID();
    const missing = randomUUID();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/question-list/fx-lijst-a/save-answer',
        headers: { ...s.headers, 'idempotency-key': key },
        payload: { sessionId: missing, questionId: 'fx-a1', answerId: '0123456789abcdef' },
      });
    const first = await send();
    expect(first.statusCode).toBe(404);
    const again = await send();
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('replays a 201 start and a 204 restart with their status', async () => {
    const s = await student(ctx.app);
    const startKey = randomUUID();
    const start = () => ctx.app.inject({ method: 'POST', url: '/api/session/fx-lijst-a/start', headers: { ...s.headers, 'idempotency-key': startKey } });
    const a = await start();
    const b = await start();
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    const lists = (await s.call('GET', '/api/question-lists?subjectId=fixture-vragen')).json() as { questionLists: Array<{ id: string; sessionId: string | null }> };
    expect(lists.questionLists.find((l) => l.id === 'fx-lijst-a')?.sessionId).toBe(a.json().id);

    const restartKey = randomUUID();
    const restart = () => ctx.app.inject({ method: 'DELETE', url: '/api/question-list/fx-lijst-a/answers', headers: { ...s.headers, 'idempotency-key': restartKey } });
    const r1 = await restart();
    const r2 = await restart();
    expect([r1.statusCode, r2.statusCode]).toEqual([204, 204]);
    expect(r2.headers['idempotent-replayed']).toBe('true');
    expect(r2.body).toBe('');
  });

  it('keeps keys per user: the same key from two students are two requests', async () => {
    const a = await student(ctx.app);
    const b = await student(ctx.app);
    const key = randomUUID();
    const ra = await ctx.app.inject({ method: 'POST', url: '/api/session/fx-lijst-a/start', headers: { ...a.headers, 'idempotency-key': key } });
    const rb = await ctx.app.inject({ method: 'POST', url: '/api/session/fx-lijst-a/start', headers: { ...b.headers, 'idempotency-key': key } });
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(rb.json().id).not.toBe(ra.json().id);
    // and b cannot read a's session through the replay
    expect((await b.call('GET', `/api/session/${ra.json().id}`)).statusCode).toBe(404);
  });

  it('refuses a key that is not a UUID with 400 invalid_idempotency_key', async () => {
    const s = await student(ctx.app);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/session/fx-lijst-a/start', headers: { ...s.headers, 'idempotency-key': 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_idempotency_key' });
  });

  it('answers a retried registration with its first tokens and creates one account', async () => {
    const email = uniqueEmail('idem');
    const key = randomUUID();
    const fields = { device_id: newDeviceId(), grant_type: 'external_register', client_id: CLIENT_ID, email, password: PASSWORD, ...CHOICE };
    const send = (f: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/auth/register', headers: { ...FORM, 'idempotency-key': key }, payload: form(f) });
    const first = await send(fields);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(fields);
    expect(again.statusCode).toBe(200);
    expect((again.json() as TokenResponse).refresh_token).toBe((first.json() as TokenResponse).refresh_token);
    const users = await ctx.handle.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    // another body with that key is refused
    const other = await send({ ...fields, email: uniqueEmail('idem-other') });
    expect(other.statusCode).toBe(422);
    // the stored tokens are not readable in the database
    const row = await ctx.handle.db.selectFrom('idempotency_keys').select(['response_body', 'fingerprint']).where('key', '=', key).executeTakeFirstOrThrow();
    expect(row.response_body).not.toContain((first.json() as TokenResponse).refresh_token);
    expect(row.fingerprint).not.toContain(PASSWORD);
  });

  it('answers a retried refresh with its first rotation instead of treating it as a reuse', async () => {
    const email = uniqueEmail('idem-refresh');
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: FORM,
      payload: form({ device_id: newDeviceId(), grant_type: 'external_register', client_id: CLIENT_ID, email, password: PASSWORD, ...CHOICE }),
    });
    const tokens = reg.json() as TokenResponse;
    const key = randomUUID();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...FORM, 'idempotency-key': key },
        payload: form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: CLIENT_ID, client_secret: '' }),
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(); // the first answer was lost on the way
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // the family is intact: the rotated token works
    const next = await refresh(ctx.app, (first.json() as TokenResponse).refresh_token);
    expect(next.statusCode, next.body).toBe(200);
    // without a key, the old token is a reuse and revokes the family
    expect((await refresh(ctx.app, tokens.refresh_token)).statusCode).toBe(400);
    expect((await refresh(ctx.app, (next.json() as TokenResponse).refresh_token)).statusCode).toBe(400);
  });

  it('stores the reuse answer of a refresh together with the family revocation', async () => {
    const email = uniqueEmail('idem-reuse');
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: FORM,
      payload: form({ device_id: newDeviceId(), grant_type: 'external_register', client_id: CLIENT_ID, email, password: PASSWORD, ...CHOICE }),
    });
    const old = (reg.json() as TokenResponse).refresh_token;
    const rotated = (await refresh(ctx.app, old)).json() as TokenResponse;
    const key = randomUUID();
    const reuse = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...FORM, 'idempotency-key': key },
        payload: form({ grant_type: 'refresh_token', refresh_token: old, client_id: CLIENT_ID, client_secret: '' }),
      });
    const first = await reuse();
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await reuse()).json()).toEqual(first.json());
    // the revocation was committed although the call answered an error
    expect((await refresh(ctx.app, rotated.refresh_token)).statusCode).toBe(400);
  });

  it('purges stored responses after the retention period with the maintenance job', async () => {
    // the purge walks the rows in insert order from the oldest (next test): an expired row first
    await ctx.handle.db.deleteFrom('idempotency_keys').execute();
    const store = ctx.app.services.idempotency;
    const old = Date.now() - (IDEMPOTENCY_RETENTION_SECONDS + 3600) * 1000;
    const claim = await store.claim({ scope: 'anonymous', key: randomUUID(), method: 'POST', path: '/api/x', body: {} }, old);
    if (claim.kind !== 'claimed') throw new Error('not claimed');
    await store.complete(ctx.handle.db, claim.id, { key: 'k' }, { status: 200, text: '{"ok":true}' });
    const young = await store.claim({ scope: 'anonymous', key: randomUUID(), method: 'POST', path: '/api/x', body: {} });
    expect(young.kind).toBe('claimed');
    expect(await keyCount()).toBe(2);
    await ctx.app.jobs.scheduleRecurring();
    await ctx.app.jobs.runDue();
    expect(await keyCount()).toBe(1);
    const row = await ctx.handle.db.selectFrom('jobs').selectAll().where('name', '=', 'maintenance.purge-idempotency-keys').where('state', '=', 'done').executeTakeFirst();
    expect(row).toBeDefined();
    // and the next hour's run is queued
    const next = await ctx.handle.db.selectFrom('jobs').select('run_at').where('name', '=', 'maintenance.purge-idempotency-keys').where('state', '=', 'queued').executeTakeFirstOrThrow();
    expect(Date.parse(next.run_at)).toBeGreaterThan(Date.now());
  });

  it('purges by walking seq from the oldest row, a batch at a time, and never removes a row still within its retention', async () => {
    const store = ctx.app.services.idempotency;
    // start from an empty table: the walk begins at the oldest row of all
    await ctx.handle.db.deleteFrom('idempotency_keys').execute();
    const now = Date.now();
    const retention = IDEMPOTENCY_RETENTION_SECONDS * 1000;
    const hoursAgo = (h: number) => now - h * 3600 * 1000;
    // in insert order: five expired, one young row that came early (another process's clock), two
    // expired after it, then young rows
    const ages = [30, 29, 28, 27, 26, 3, 25, 25, 2, 0];
    const keys: string[] = [];
    for (const h of ages) {
      const key = randomUUID();
      keys.push(key);
      const seq = await store.insert(ctx.handle.db, { scope: 'anonymous', key, method: 'POST', path: '/api/x', body: {} }, hoursAgo(h), { status: 200, text: '{}' });
      expect(seq).not.toBeNull();
    }
    const left = async () => (await ctx.handle.db.selectFrom('idempotency_keys').select('key').orderBy('seq').execute()).map((r) => r.key);

    // batches of two: the first five go, the walk stops at the young row (the two behind it wait)
    expect(await store.purge(ctx.handle.db, now, 2)).toBe(5);
    expect(await left()).toEqual(keys.slice(5));
    // once the young row's retention is over (not yet the next one's): it and the two behind it go
    expect(await store.purge(ctx.handle.db, hoursAgo(2.5) + retention, 2)).toBe(3);
    expect(await left()).toEqual(keys.slice(8));
    // nothing within its retention is removed, whatever the batch
    expect(await store.purge(ctx.handle.db, now)).toBe(0);
    expect(await left()).toEqual(keys.slice(8));
    // and a key removed by the purge is free again
    expect(await store.insert(ctx.handle.db, { scope: 'anonymous', key: keys[0]!, method: 'POST', path: '/api/x', body: {} }, now)).not.toBeNull();
  });
});
