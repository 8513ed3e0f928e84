import { createCipheriv, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, type FlashcardSession, type TokenResponse } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { IDEMPOTENCY_LOCK_SECONDS } from '../../src/write/idempotency.ts';
import { createTestApp, DIALECTS, signedInUser, type TestContext } from '../helpers.ts';
import { pageAnswerId, FIXTURE_DIR as QUESTIONS } from '../questions/support.ts';
import { FIXTURE_DIR as FLASHCARDS } from '../flashcards/support.ts';

const SECRET = 'stored-responses-test-secret-0123456789abcdef';
const SAVE = '/api/question-list/fx-lijst-a/save-answer';

/**
 * How a command's first response is kept (decisions 007 and 014): as it was sent (the contract's
 * fields only), in plain text where the route's answers hold no secret and encrypted where they may
 * (tokens); a retry of a command that stores its key in its own transaction runs up to that insert,
 * rolls back and answers the first response, whatever it ran into; rows stored before 014 still replay.
 */
describe.each(DIALECTS)('stored responses of commands on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { JWT_SECRET: SECRET, REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000', FSRS_FUZZ: 'false' });
    await importContent(ctx.handle.db, QUESTIONS, { dialect });
    await importContent(ctx.handle.db, FLASHCARDS, { dialect });
  });
  afterAll(async () => ctx?.close());

  const storedBody = async (key: string) =>
    (await ctx.handle.db.selectFrom('idempotency_keys').select('response_body').where('key', '=', key).executeTakeFirstOrThrow()).response_body;

  async function practice() {
    const { headers } = await signedInUser(ctx.app);
    const userId = ((await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json() as { id: string }).id;
    const start = await ctx.app.inject({ method: 'POST', url: '/api/session/fx-lijst-a/start', headers });
    expect(start.statusCode, start.body).toBe(201);
    const sessionId = (start.json() as { id: string }).id;
    const save = (key: string, body: object) => ctx.app.inject({ method: 'POST', url: SAVE, headers: { ...headers, 'idempotency-key': key }, payload: body });
    return { headers, userId, sessionId, save };
  }

  it('keeps a save-answer as sent, in plain text: the replay is the same bytes', async () => {
    const p = await practice();
    const key = randomUUID();
    const body = { sessionId: p.sessionId, questionId: 'fx-a1', answerId: await pageAnswerId(ctx.handle.db, p.sessionId, 'fx-a1', 1) };
    const first = await p.save(key, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(await storedBody(key)).toBe(`json:${first.body}`);
    const again = await p.save(key, body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
  });

  it('keeps a refresh encrypted: no token readable in the database', async () => {
    const { tokens } = await signedInUser(ctx.app);
    const key = randomUUID();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
        payload: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: tokens.refresh_token }).toString(),
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const stored = (await storedBody(key))!;
    const issued = first.json() as TokenResponse;
    expect(stored.startsWith('aes:')).toBe(true);
    expect(stored).not.toContain(issued.refresh_token);
    expect(stored).not.toContain(issued.access_token);
    expect((await send()).body).toBe(first.body);
  });

  it('answers a retried flashcard answer with its first response and undoes what the retry ran', async () => {
    const { headers } = await signedInUser(ctx.app);
    const started = await ctx.app.inject({ method: 'POST', url: '/api/flashcard-sessions', headers, payload: { subjectId: 'fx-kaarten', source: 'set', flashcardSetId: 'fx-set-a' } });
    expect(started.statusCode, started.body).toBe(201);
    const id = (started.json() as FlashcardSession).id;
    const answer = (key: string, position: number, known: boolean) =>
      ctx.app.inject({ method: 'POST', url: `/api/flashcard-sessions/${id}/answer`, headers: { ...headers, 'idempotency-key': key }, payload: { position, known } });
    const key = randomUUID();
    const first = await answer(key, 0, true);
    expect(first.statusCode, first.body).toBe(200);
    const second = await answer(randomUUID(), 1, false);
    expect((second.json() as FlashcardSession).currentIndex).toBe(2);
    // the retry of the first answer would move her back to card 1 and mark card 0 again: rolled back
    const retry = await answer(key, 0, true);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    const now = (await ctx.app.inject({ method: 'GET', url: `/api/flashcard-sessions/${id}`, headers })).json() as FlashcardSession;
    expect(now).toEqual(second.json());
    // the same key with another answer: refused, and nothing changed either
    const other = await answer(key, 2, false);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'idempotency_key_reused' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/flashcard-sessions/${id}`, headers })).json()).toEqual(second.json());
  });

  it('answers a retried save-answer with its first 200 although the retry runs into a refusal', async () => {
    const p = await practice();
    const key = randomUUID();
    const body = { sessionId: p.sessionId, questionId: 'fx-a1', answerId: await pageAnswerId(ctx.handle.db, p.sessionId, 'fx-a1', 2) };
    const first = await p.save(key, body);
    expect(first.statusCode, first.body).toBe(200);
    // the session is gone: run again, the retry would answer 404
    const restart = await ctx.app.inject({ method: 'DELETE', url: '/api/question-list/fx-lijst-a/answers', headers: p.headers });
    expect(restart.statusCode, restart.body).toBe(204);
    const again = await p.save(key, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('takes over a key whose first request died, and runs the command', async () => {
    const p = await practice();
    const key = randomUUID();
    const body = { sessionId: p.sessionId, questionId: 'fx-a1', answerId: await pageAnswerId(ctx.handle.db, p.sessionId, 'fx-a1', 1) };
    const lapsed = Date.now() - (IDEMPOTENCY_LOCK_SECONDS + 5) * 1000;
    const claim = await ctx.app.services.idempotency.claim({ scope: p.userId, key, method: 'POST', path: SAVE, body }, lapsed);
    expect(claim.kind).toBe('claimed');
    const res = await p.save(key, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await storedBody(key)).toBe(`json:${res.body}`);
    const overview = (await ctx.app.inject({ method: 'GET', url: `/api/session/${p.sessionId}`, headers: p.headers })).json() as { userAnswers: unknown[] };
    expect(overview.userAnswers).toHaveLength(1);
  });

  it('replays a response stored before 014 (the encrypted value) through the route serializer', async () => {
    const p = await practice();
    const body = { sessionId: p.sessionId, questionId: 'fx-a1', answerId: await pageAnswerId(ctx.handle.db, p.sessionId, 'fx-a1', 1) };
    const first = await p.save(randomUUID(), body);
    expect(first.statusCode, first.body).toBe(200);
    // as the store wrote it then: AES-256-GCM of the handler's value, base64, no prefix; a field
    // outside the contract in that value must still not leave the API
    const key = randomUUID();
    const value = { ...(first.json() as object), internalNote: 'not in the contract' };
    const secret = Buffer.from(hkdfSync('sha256', SECRET, 'blok', 'idempotency response', 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', createHmac('sha256', secret).update(key).digest(), iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    const now = new Date().toISOString();
    await ctx.handle.db
      .insertInto('idempotency_keys')
      .values({
        scope: p.userId,
        key,
        fingerprint: ctx.app.services.idempotency.fingerprint({ scope: p.userId, key, method: 'POST', path: SAVE, body }),
        method: 'POST',
        path: SAVE,
        state: 'completed',
        locked_until: now,
        response_status: 200,
        response_body: Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64'),
        created_at: now,
        completed_at: now,
      })
      .execute();
    const replay = await p.save(key, body);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(replay.body).not.toContain('internalNote');
  });
});
