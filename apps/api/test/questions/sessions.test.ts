import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionList, SessionStep } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { answerId, questionsApp, student } from './support.ts';

describe.each(DIALECTS)('session navigation and results on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('moves to the next question with progress as the current number over the total', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a', undefined, true); // 5 questions
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) });
    const step = await s.step(id, 'next');
    expect(step).toMatchObject({ currentIndex: 1, questionsCount: 5, progress: 40, finished: false, skippedMode: false });
    expect(step.question?.questionId).toBe('fx-a2');
    expect((await s.overview(id)).currentIndex).toBe(1);
  });

  it('skips: marks the question skipped and moves on; a skipped question can still be answered', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const step = await s.step(id, 'skip');
    expect(step.currentIndex).toBe(1);
    expect(step.question?.questionId).toBe('fx-a2');
    const o = await s.overview(id);
    expect(o.questions[0]!.isCorrect).toBe(3);
    expect(o.skippedAnswers).toBe(1);
    const q = await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) });
    expect(q.isCorrect).toBe(1);
  });

  it('runs a full session: right, wrong, skipped -> results with grade null, then the review of skipped questions gives a grade', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a', undefined, true); // a1..a5
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) }); // right
    await s.step(id, 'next');
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a2', answerIds: [answerId('fx-a2', 3)] }); // wrong
    await s.step(id, 'next');
    await s.step(id, 'skip'); // a3 skipped
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a4', textAnswer: 'Uitleg' }); // review
    await s.step(id, 'next');
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a5', answerId: answerId('fx-a5', 1) }); // right
    const end = await s.step(id, 'next');
    expect(end).toMatchObject({ finished: true, question: null, currentIndex: 5, progress: 100 });

    let o = await s.overview(id);
    expect(o).toMatchObject({
      correctAnswers: 2,
      wrongAnswers: 1,
      partialAnswers: 0,
      skippedAnswers: 1,
      reviewAnswers: 1,
      unansweredAnswers: 0,
      grade: null,
      score: 40,
      finished: true,
      question: null,
    });
    expect(o.finishedAt).not.toBeNull();
    expect(o.questions.map((q) => q.isCorrect)).toEqual([1, 0, 3, 4, 1]);
    expect(o.userAnswers.map((a) => a.questionId)).toEqual(['fx-a1', 'fx-a2', 'fx-a4', 'fx-a5']);
    expect(o.userAnswers[2]).toEqual({ questionId: 'fx-a4', answerId: null, answerIds: [], textAnswer: 'Uitleg' });

    // 'Beantwoord vragen': the first skipped or review question, in skipped mode
    const review = await s.call('POST', `/api/session/${id}/review`);
    expect(review.statusCode).toBe(200);
    let step = review.json() as SessionStep;
    expect(step).toMatchObject({ currentIndex: 2, skippedMode: true, reviewIndex: 2, finished: false });
    expect(step.question?.questionId).toBe('fx-a3');
    const a3 = await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a3', answerId: answerId('fx-a3', 2) });
    expect(a3).toMatchObject({ isCorrect: 1, revealed: true });

    // next unanswered with a higher index: the open question in review
    step = await s.step(id, 'next');
    expect(step).toMatchObject({ currentIndex: 3, skippedMode: true });
    expect(step.question).toMatchObject({ questionId: 'fx-a4', isCorrect: 4, modelAnswer: 'Het modelantwoord.' });
    await s.call('POST', `/api/session/${id}/assess`, { questionId: 'fx-a4', result: 'goed' });

    // nothing left after it: the end, progress 100, skipped mode left
    step = await s.step(id, 'next');
    expect(step).toMatchObject({ finished: true, progress: 100, skippedMode: false, currentIndex: 5 });

    o = await s.overview(id);
    expect(o).toMatchObject({ correctAnswers: 4, wrongAnswers: 1, skippedAnswers: 0, reviewAnswers: 0, grade: 8, score: 80 });
  });

  it('in skipped mode, skip fetches the next skipped question', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a', undefined, true);
    for (let i = 0; i < 5; i++) await s.step(id, 'skip');
    const o = await s.overview(id);
    expect(o.skippedAnswers).toBe(5);
    expect(o.finished).toBe(true);
    const review = (await s.call('POST', `/api/session/${id}/review`, { questionIndex: 1 })).json() as SessionStep;
    expect(review).toMatchObject({ currentIndex: 1, reviewIndex: 1, skippedMode: true });
    const next = await s.step(id, 'skip');
    expect(next).toMatchObject({ currentIndex: 2, skippedMode: true });
    expect((await s.overview(id)).questions[1]!.isCorrect).toBe(3);
  });

  it('refuses a review jump to an answered question, and stays at the end when nothing is left', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-b', { showAnswers: true });
    await s.answer('fx-lijst-b', { sessionId: id, questionId: 'fx-b1', answerId: answerId('fx-b1', 1) });
    await s.step(id, 'next');
    await s.answer('fx-lijst-b', { sessionId: id, questionId: 'fx-b2', answerId: answerId('fx-b2', 1) });
    await s.step(id, 'next');
    const answered = await s.call('POST', `/api/session/${id}/review`, { questionIndex: 0 });
    expect(answered.statusCode).toBe(409);
    expect((await s.call('POST', `/api/session/${id}/review`, { questionIndex: 9 })).statusCode).toBe(404);
    const nothing = (await s.call('POST', `/api/session/${id}/review`)).json() as SessionStep;
    expect(nothing).toMatchObject({ finished: true, skippedMode: false });
    expect((await s.overview(id)).grade).toBe(5);
  });

  it('goes to a question by index with previous/{index}', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a', undefined, true);
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) });
    await s.step(id, 'next');
    await s.step(id, 'next');
    const back = await s.step(id, 'previous/0');
    expect(back).toMatchObject({ currentIndex: 0, progress: 20 });
    expect(back.question).toMatchObject({ questionId: 'fx-a1', isCorrect: 1, userAnswerId: 'fx-a1-a1' });
    // next from there skips the answered ones: the next not answered with a higher index
    expect((await s.step(id, 'next')).currentIndex).toBe(1);
    expect((await s.call('GET', `/api/session/${id}/previous/5`)).statusCode).toBe(404);
    expect((await s.call('GET', `/api/session/${id}/previous/-1`)).statusCode).toBe(400);
    expect((await s.call('GET', `/api/session/${id}/previous/twee`)).statusCode).toBe(400);
  });

  it('answers one question by id without moving', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const res = await s.call('GET', `/api/session/${id}/question/fx-a4`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ questionId: 'fx-a4', questionIndex: 2, type: 'OPEN', modelAnswer: null });
    expect((await s.overview(id)).currentIndex).toBe(0);
    expect((await s.call('GET', `/api/session/${id}/question/fx-a3`)).statusCode).toBe(404);
  });

  it('resets a session: clears its answers and goes back to the first question', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 2) });
    await s.step(id, 'next');
    await s.step(id, 'skip');
    const res = await s.call('PUT', `/api/session/${id}/reset`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currentIndex: 0, finished: false, skippedMode: false, progress: 33 });
    const o = await s.overview(id);
    expect(o.questions.map((q) => q.isCorrect)).toEqual([-1, -1, -1]);
    expect(o.userAnswers).toEqual([]);
    // the lock is gone with the answer
    expect((await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) })).isCorrect).toBe(1);
  });

  it("restarts a list: deletes her sessions of it and clears that list's answers in sessions over several lists", async () => {
    const s = await student(ctx.app);
    const single = await s.start('fx-lijst-a');
    await s.answer('fx-lijst-a', { sessionId: single, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) });
    const multi = await s.start('fx-lijst-a', { questionListIds: ['fx-lijst-b'] }, true);
    await s.answer('fx-lijst-a', { sessionId: multi, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) });
    await s.answer('fx-lijst-b', { sessionId: multi, questionId: 'fx-b2', answerId: answerId('fx-b2', 1) });
    const other = await student(ctx.app);
    const theirs = await other.start('fx-lijst-a');
    await other.answer('fx-lijst-a', { sessionId: theirs, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) });

    const res = await s.call('DELETE', '/api/question-list/fx-lijst-a/answers');
    expect(res.statusCode).toBe(204);
    expect((await s.call('GET', `/api/session/${single}`)).statusCode).toBe(404);
    const list = (await s.call('GET', '/api/question-list/fx-lijst-a')).json() as QuestionList;
    expect(list).toMatchObject({ sessionId: null, progress: 0, score: null });
    const m = await s.overview(multi);
    expect(m.questions.find((q) => q.questionId === 'fx-a1')!.isCorrect).toBe(-1);
    expect(m.questions.find((q) => q.questionId === 'fx-b2')!.isCorrect).toBe(1);
    // another student's answers are untouched
    expect((await other.overview(theirs)).correctAnswers).toBe(1);
    expect((await s.call('DELETE', '/api/question-list/bestaat-niet/answers')).statusCode).toBe(404);
  });

  it("answers 404 for another student's session on every call", async () => {
    const owner = await student(ctx.app);
    const id = await owner.start('fx-lijst-a');
    const intruder = await student(ctx.app);
    const calls: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', `/api/session/${id}`],
      ['GET', `/api/session/${id}/next`],
      ['GET', `/api/session/${id}/skip`],
      ['GET', `/api/session/${id}/previous/0`],
      ['GET', `/api/session/${id}/question/fx-a1`],
      ['PUT', `/api/session/${id}/reset`],
      ['POST', `/api/session/${id}/assess`, { questionId: 'fx-a4', result: 'goed' }],
      ['POST', `/api/session/${id}/review`],
      ['POST', '/api/question-list/fx-lijst-a/save-answer', { sessionId: id, questionId: 'fx-a1', answerId: 'fx-a1-a1' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await intruder.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    // nothing moved or changed for the owner
    const o = await owner.overview(id);
    expect(o.currentIndex).toBe(0);
    expect(o.userAnswers).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/session/${id}` })).statusCode).toBe(401);
  });

  it('answers 400 for a malformed session id and 404 for an unknown one', async () => {
    const s = await student(ctx.app);
    expect((await s.call('GET', '/api/session/niet-een-uuid')).statusCode).toBe(400);
    expect((await s.call('GET', '/api/session/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).statusCode).toBe(404);
  });

  it('counts the overview consistently with the answers given', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a', undefined, true);
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) }); // 1
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a2', answerIds: [answerId('fx-a2', 2)] }); // 2
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a3', answerId: answerId('fx-a3', 1) }); // 0
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a4', textAnswer: 'x' }); // 4
    const o = await s.overview(id);
    expect(o.questions.map((q) => q.isCorrect)).toEqual([1, 2, 0, 4, -1]);
    expect([o.correctAnswers, o.partialAnswers, o.wrongAnswers, o.reviewAnswers, o.skippedAnswers, o.unansweredAnswers]).toEqual([1, 1, 1, 1, 0, 1]);
    expect(o.userAnswers).toHaveLength(4);
    expect(o.score).toBe(30); // 1.5 of 5
    expect(o.grade).toBeNull();
    expect(o.questionsCount).toBe(5);
  });
});
