import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@blok/contract';
import { DIALECTS, login, newDeviceId, refresh, registerUser, uniqueEmail, type TestContext } from '../helpers.ts';
import { answerId, questionsApp, student } from '../questions/support.ts';

/** Real parallel requests for every concurrency claim of the decision records (002, 006, 007). */
describe.each(DIALECTS)('concurrent writes on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('lets only one of two concurrent uses of a refresh token win, and revokes the family (reuse)', async () => {
    const { tokens } = await registerUser(ctx.app);
    const [a, b] = await Promise.all([refresh(ctx.app, tokens!.refresh_token), refresh(ctx.app, tokens!.refresh_token)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 400]);
    const winner = (a.statusCode === 200 ? a : b).json() as TokenResponse;
    // The loser presented a used token: the whole family is revoked, the winner's new token too.
    expect((await refresh(ctx.app, winner.refresh_token)).statusCode).toBe(400);
  });

  it('stores one answer for four concurrent saves of the same answer, all answering 200', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const body = { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 2) };
    const results = await Promise.all(Array.from({ length: 4 }, () => s.call('POST', '/api/question-list/fx-lijst-a/save-answer', body)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const overview = await s.overview(id);
    expect(overview.userAnswers).toEqual([{ questionId: 'fx-a1', answerId: 'fx-a1-a2', answerIds: ['fx-a1-a2'], textAnswer: null }]);
  });

  it('lets exactly one of four concurrent different answers win; the others get 409 answer_locked', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const results = await Promise.all(
      [1, 2, 3, 1].map((pos, i) =>
        s.call('POST', '/api/question-list/fx-lijst-a/save-answer', {
          sessionId: id,
          questionId: 'fx-a2',
          answerIds: i === 3 ? [answerId('fx-a2', 4)] : [answerId('fx-a2', pos)],
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ error: 'answer_locked' });
    }
    const stored = (await s.overview(id)).userAnswers;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.answerIds).toEqual(ok[0]!.json().userAnswerIds);
  });

  it('creates one account for six concurrent registrations of one e-mail address', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(Array.from({ length: 6 }, () => registerUser(ctx.app, { email })));
    const statuses = results.map((r) => r.res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.res.statusCode === 409)) expect(r.res.json()).toMatchObject({ error: 'email_already_exist' });
    const users = await ctx.handle.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  it('leaves exactly one active device after concurrent logins on different devices', async () => {
    const { email } = await registerUser(ctx.app);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => login(ctx.app, { username: email, password: 'Geheim#2024', device_id: newDeviceId() })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const user = await ctx.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const active = await ctx.handle.db.selectFrom('devices').select('id').where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    expect(active).toHaveLength(1);
    const liveFamilies = await ctx.handle.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .distinct()
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(liveFamilies).toHaveLength(1);
  });
});
