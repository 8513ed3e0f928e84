import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenSessionSchema } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { answerId, questionsApp, student } from './support.ts';

// her standing per list: the questions read service (the rows from its repository, the rules from @blok/domain/list-progress)
const listProgress = (ctx: TestContext, userId: string, ids: string[]) => ctx.app.services.questions.listProgress(userId, ids);
// Home's continue cards: the questions read service, which asks the library for the subject titles
const openQuestionSessions = (ctx: TestContext, userId: string, limit: number) => ctx.app.services.questions.openSessions(userId, limit);

/** The functions the library and Home use to show practice progress and open sessions. */
describe.each(DIALECTS)('practice progress for the library and Home on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  async function userIdOf(headers: Record<string, string>): Promise<string> {
    return (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json().id;
  }

  it('gives every asked list its progress, score and open session, and nothing of other students', async () => {
    const s = await student(ctx.app);
    const userId = await userIdOf(s.headers);
    const empty = await listProgress(ctx, userId, ['fx-lijst-a', 'fx-lijst-b']);
    expect(Object.fromEntries(empty)).toEqual({
      'fx-lijst-a': { progress: 0, score: null, sessionId: null },
      'fx-lijst-b': { progress: 0, score: null, sessionId: null },
    });

    const finished = await s.start('fx-lijst-b', { showAnswers: true });
    await s.answer('fx-lijst-b', { sessionId: finished, questionId: 'fx-b1', answerId: answerId('fx-b1', 20) });
    await s.step(finished, 'next');
    await s.answer('fx-lijst-b', { sessionId: finished, questionId: 'fx-b2', answerId: answerId('fx-b2', 2) });
    await s.step(finished, 'next');
    const open = await s.start('fx-lijst-a');
    await s.answer('fx-lijst-a', { sessionId: open, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) });

    const other = await student(ctx.app);
    const otherId = await userIdOf(other.headers);
    const progress = await listProgress(ctx, userId, ['fx-lijst-a', 'fx-lijst-b']);
    expect(progress.get('fx-lijst-a')).toEqual({ progress: 20, score: null, sessionId: open });
    expect(progress.get('fx-lijst-b')).toEqual({ progress: 67, score: 50, sessionId: null });
    expect((await listProgress(ctx, otherId, ['fx-lijst-a'])).get('fx-lijst-a')).toEqual({ progress: 0, score: null, sessionId: null });
  });

  it('lists her open sessions, newest first, one per list, as continue cards', async () => {
    const s = await student(ctx.app);
    const userId = await userIdOf(s.headers);
    await s.start('fx-lijst-a');
    const latestA = await s.start('fx-lijst-a');
    const b = await s.start('fx-lijst-b', { showAnswers: true });
    await s.step(b, 'skip');

    const cards = await openQuestionSessions(ctx, userId, 5);
    expect(cards.map((c) => c.sessionId)).toEqual([b, latestA]);
    expect(cards[0]).toMatchObject({ subjectId: 'fixture-vragen', subjectTitle: 'Testvak vragen', questionListId: 'fx-lijst-b', title: 'Lijst B', currentIndex: 1, questionsCount: 2, progress: 100 });
    for (const card of cards) expect(OpenSessionSchema.parse(card)).toEqual(card);

    // a finished session is no longer open
    await s.step(b, 'next');
    expect((await openQuestionSessions(ctx, userId, 5)).map((c) => c.sessionId)).toEqual([latestA]);
  });
});
