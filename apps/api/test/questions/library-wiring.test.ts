import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { answerId, questionsApp, student } from './support.ts';

// The library's subject page and Home's continue cards show the student's own practice.
describe.each(DIALECTS)('practice in the library and on Home on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('shows progress, grade and the open session on the subject page, only to their owner', async () => {
    const me = await student(ctx.app);
    const before = (await me.call('GET', '/api/subjects/fixture-vragen')).json();
    expect(before.questionLists.find((l: { id: string }) => l.id === 'fx-lijst-a')).toMatchObject({ progress: 0, score: null, sessionId: null });

    const sessionId = await me.start('fx-lijst-a', undefined, true);
    await me.answer('fx-lijst-a', { sessionId, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) });
    await me.answer('fx-lijst-a', { sessionId, questionId: 'fx-a3', answerId: answerId('fx-a3', 2) });

    const after = (await me.call('GET', '/api/subjects/fixture-vragen')).json();
    const list = after.questionLists.find((l: { id: string }) => l.id === 'fx-lijst-a');
    expect(list.sessionId).toBe(sessionId);
    // two of the list's five questions answered; no finished session yet, so no grade
    expect(list.progress).toBe(40);
    expect(list.score).toBeNull();

    const other = await student(ctx.app);
    const theirs = (await other.call('GET', '/api/subjects/fixture-vragen')).json();
    expect(theirs.questionLists.find((l: { id: string }) => l.id === 'fx-lijst-a')).toMatchObject({ progress: 0, sessionId: null });
  });

  it('puts an open practice session among the continue cards', async () => {
    const me = await student(ctx.app);
    expect((await me.call('GET', '/api/home/continue')).json().cards).toEqual([]);
    const sessionId = await me.start('fx-lijst-a');
    const cards = (await me.call('GET', '/api/home/continue')).json().cards;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ kind: 'questions', sessionId, subjectId: 'fixture-vragen', questionListId: 'fx-lijst-a' });
  });
});
