import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionList, QuestionListsResponse } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { answerId, questionsApp, student } from './support.ts';

type Card = { kind: string; sessionId?: string; questionListId?: string | null };

// Issue 26, rough edge 1: Home's 'Verder oefenen' kept offering a session she abandoned after she
// started (and finished) a new round of the same list. A new round supersedes the old session.
describe.each(DIALECTS)('a new round supersedes an abandoned session on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  async function abandonedThenNewRound() {
    const s = await student(ctx.app);
    const old = await s.start('fx-lijst-a', undefined, true); // 5 questions
    for (const q of ['fx-a1', 'fx-a3']) {
      await s.answer('fx-lijst-a', { sessionId: old, questionId: q, answerId: answerId(q, 1) });
      await s.step(old, 'next');
    }
    await new Promise((r) => setTimeout(r, 5)); // distinct created_at
    const fresh = await s.start('fx-lijst-a', undefined, true);
    return { s, old, fresh };
  }
  const questionCards = async (s: Awaited<ReturnType<typeof student>>) =>
    (((await s.call('GET', '/api/home/continue')).json() as { cards: Card[] }).cards).filter((c) => c.kind === 'questions');

  it('Home and the settings screen no longer offer the old session once she finished a new round', async () => {
    const { s, old, fresh } = await abandonedThenNewRound();
    for (let i = 0; i < 5; i++) await s.step(fresh, 'skip');
    expect((await s.overview(fresh)).finished).toBe(true);

    expect((await questionCards(s)).map((c) => c.sessionId)).not.toContain(old);
    expect(await questionCards(s)).toEqual([]);
    const list = (await s.call('GET', '/api/question-list/fx-lijst-a')).json() as QuestionList;
    expect(list.sessionId).toBeNull();
    const lists = (await s.call('GET', '/api/question-lists?subjectId=fixture-vragen')).json() as QuestionListsResponse;
    expect(lists.questionLists.find((l) => l.id === 'fx-lijst-a')!.sessionId).toBeNull();
    // the question list shows the state of her latest round, not the abandoned one's answers
    expect(list.questions[0]!.answers.some((a) => a.isChecked)).toBe(false);
    // the old session itself still opens (a link she kept), with her answers
    expect((await s.overview(old)).userAnswers).toHaveLength(2);
  });

  it('while the new round is open, Home continues the new round, not the old one', async () => {
    const { s, old, fresh } = await abandonedThenNewRound();
    const cards = await questionCards(s);
    expect(cards.map((c) => c.sessionId)).toEqual([fresh]);
    expect(cards.map((c) => c.sessionId)).not.toContain(old);
    expect(((await s.call('GET', '/api/question-list/fx-lijst-a')).json() as QuestionList).sessionId).toBe(fresh);
  });

  it('an unfinished session of another list stays on Home', async () => {
    const { s, fresh } = await abandonedThenNewRound();
    const other = await s.start('fx-lijst-b');
    expect((await questionCards(s)).map((c) => c.sessionId).sort()).toEqual([fresh, other].sort());
  });
});
