import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { QuestionsRepository } from '../../src/questions/repository.ts';
import { questionsApp, student } from './support.ts';

/** The repository's fixed queries (compiled once per dialect) answer as the builders they replaced. */
describe.each(DIALECTS)('questions repository fixed queries on %s', (dialect) => {
  let ctx: TestContext;
  let repo: QuestionsRepository;
  let sessionId: string;
  let userId: string;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
    repo = new QuestionsRepository(ctx.handle.db);
    const s = await student(ctx.app);
    sessionId = await s.start('fx-lijst-a', undefined, true);
    const row = await ctx.handle.db.selectFrom('question_sessions').select('user_id').where('id', '=', sessionId).executeTakeFirstOrThrow();
    userId = row.user_id;
  });
  afterAll(async () => ctx?.close());

  it('answersOf: lists of every length, the fixed ones and the longer built ones, as the builder', async () => {
    const db = ctx.handle.db;
    const all = (await db.selectFrom('questions').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(all.length).toBeGreaterThan(1);
    // past the fixed lengths too (8): repeat ids to make long lists
    const pool = Array.from({ length: 12 }, (_, i) => all[i % all.length]!).map((id, i) => (i < all.length ? id : `${id}-missing-${i}`));
    for (let n = 1; n <= pool.length; n++) {
      const ids = pool.slice(0, n);
      const expected = await db.selectFrom('answers').selectAll().where('question_id', 'in', ids).orderBy('question_id').orderBy('sort_index').execute();
      const got = await repo.answersOf(ids);
      expect([...got.values()].flat()).toEqual(expected);
      // twice: the second call binds its own arguments to the compiled SQL
      expect([...(await repo.answersOf(ids)).values()].flat()).toEqual(expected);
    }
  });

  it('findSession, sessionQuestions, latestSessionOfList and findList', async () => {
    const session = await repo.findSession(sessionId, userId);
    expect(session?.id).toBe(sessionId);
    expect(await repo.findSession(sessionId, 'someone-else')).toBeUndefined();
    const rows = await repo.sessionQuestions(sessionId);
    expect(rows.map((r) => r.question_index)).toEqual(rows.map((_, i) => i));
    expect(rows.every((r) => r.session_id === sessionId && r.question_list_id === 'fx-lijst-a')).toBe(true);
    expect(await repo.sessionQuestions('no-such-session')).toEqual([]);
    expect((await repo.latestSessionOfList(userId, 'fx-lijst-a'))?.id).toBe(sessionId);
    expect((await repo.latestSessionOfList(userId, 'fx-lijst-a', true))?.id).toBe(sessionId);
    expect(await repo.latestSessionOfList(userId, 'fx-lijst-b')).toBeUndefined();
    expect((await repo.findList('fx-lijst-a'))?.id).toBe('fx-lijst-a');
    expect(await repo.findList('no-such-list')).toBeUndefined();
  });

  it('updateSessionState: a step, a step that finishes, and any other patch', async () => {
    await repo.updateSessionState(sessionId, { current_index: 1, skipped_mode: 1, review_index: null });
    let s = (await repo.findSession(sessionId, userId))!;
    expect([s.current_index, s.skipped_mode, s.review_index, s.finished_at]).toEqual([1, 1, null, null]);
    const finished = new Date().toISOString();
    await repo.updateSessionState(sessionId, { current_index: 2, skipped_mode: 0, review_index: 0, finished_at: finished });
    s = (await repo.findSession(sessionId, userId))!;
    expect([s.current_index, s.skipped_mode, s.review_index, s.finished_at]).toEqual([2, 0, 0, finished]);
    expect((await repo.latestSessionOfList(userId, 'fx-lijst-a', true))).toBeUndefined();
    await repo.updateSessionState(sessionId, { finished_at: null });
    s = (await repo.findSession(sessionId, userId))!;
    expect([s.current_index, s.skipped_mode, s.review_index, s.finished_at]).toEqual([2, 0, 0, null]);
  });

  it('saveAnswer and assess tell whether they updated the row; markSkipped only an unanswered one', async () => {
    const [first, second] = await repo.sessionQuestions(sessionId);
    expect(await repo.saveAnswer(first!.id, 4, null, 'mijn antwoord', 1)).toBe(true);
    expect(await repo.saveAnswer(first!.id, 1, ['x'], null, 1)).toBe(false);
    expect(await repo.assess(first!.id, 1)).toBe(true);
    expect(await repo.assess(first!.id, 0)).toBe(false);
    await repo.markSkipped(first!.id);
    await repo.markSkipped(second!.id);
    const rows = await repo.sessionQuestions(sessionId);
    expect([rows[0]!.status, rows[0]!.text_answer, rows[0]!.answer_ids]).toEqual([1, 'mijn antwoord', null]);
    expect(rows[1]!.status).toBe(3);
    expect(await repo.saveAnswer(second!.id, 1, ['a', 'b'], null, 1)).toBe(true);
    expect((await repo.sessionQuestions(sessionId))[1]!.answer_ids).toBe('["a","b"]');
    const before = (await repo.findSession(sessionId, userId))!.updated_at;
    await new Promise((r) => setTimeout(r, 5));
    await repo.touch(sessionId);
    expect((await repo.findSession(sessionId, userId))!.updated_at > before).toBe(true);
  });
});
