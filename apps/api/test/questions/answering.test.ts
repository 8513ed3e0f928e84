import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionList, SessionQuestion } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { answerId, questionsApp, student, writtenOrder } from './support.ts';

describe.each(DIALECTS)('answering questions on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('marks the right answer correct and reveals the feedback when answers show in between', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const before = (await s.overview(id)).question!;
    // nothing about correctness leaks before answering
    expect(before.revealed).toBe(false);
    expect(before.correctAnswerIds).toEqual([]);
    expect(before.feedbackText).toBeNull();
    expect(before.answers.every((a) => a.isCorrect === null && !a.isChecked && !a.isAnswered)).toBe(true);

    const q = await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) });
    expect(q).toMatchObject({
      questionId: 'fx-a1',
      questionIndex: 0,
      isCorrect: 1,
      revealed: true,
      userAnswerId: 'fx-a1-a1',
      userAnswerIds: ['fx-a1-a1'],
      correctAnswerIds: ['fx-a1-a1'],
      feedbackText: 'Toelichting bij vraag één.',
      feedbackPictureUrl: '/api/content/images/fixture-vragen/figuur.svg',
      multipleAnswers: false,
    });
    // in written order (the session shows its own order; see answer-order.test.ts)
    expect(writtenOrder(q.answers).map((a) => [a.isCorrect, a.isChecked, a.isAnswered])).toEqual([
      [true, true, true],
      [false, false, true],
      [false, false, true],
    ]);
  });

  it('marks a wrong answer wrong', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const q = await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 3) });
    expect(q.isCorrect).toBe(0);
    expect(q.correctAnswerIds).toEqual(['fx-a1-a1']);
    expect(q.userAnswerId).toBe('fx-a1-a3');
  });

  it('grades a multi-answer question: all correct 1, some correct 2, a wrong one alongside 0', async () => {
    const s = await student(ctx.app);
    const cases: Array<[string[], number]> = [
      [[answerId('fx-a2', 2), answerId('fx-a2', 1)], 1],
      [[answerId('fx-a2', 1)], 2],
      [[answerId('fx-a2', 1), answerId('fx-a2', 3)], 0],
      [[answerId('fx-a2', 4)], 0],
    ];
    for (const [ids, status] of cases) {
      const id = await s.start('fx-lijst-a');
      const q = await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a2', answerIds: ids });
      expect(q.isCorrect, ids.join(',')).toBe(status);
      expect(q.multipleAnswers).toBe(true);
      expect([...q.correctAnswerIds].sort()).toEqual(['fx-a2-a1', 'fx-a2-a2']);
      expect([...q.userAnswerIds].sort()).toEqual([...ids].sort());
    }
  });

  it('refuses a second answer with 409 answer_locked and changes nothing', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 2) });
    const before = await s.overview(id);
    const again = await s.call('POST', '/api/question-list/fx-lijst-a/save-answer', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('answer_locked');
    const after = await s.overview(id);
    expect(after.questions[0]).toEqual(before.questions[0]);
    expect(after.questions[0]!.isCorrect).toBe(0);
    expect(after.questions[0]!.userAnswerIds).toEqual(['fx-a1-a2']);
    expect(after.wrongAnswers).toBe(1);
    expect(after.correctAnswers).toBe(0);
  });

  it('refuses answers that do not fit the question with 400', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const url = '/api/question-list/fx-lijst-a/save-answer';
    const bad = [
      { sessionId: id, questionId: 'fx-a1' }, // nothing picked
      { sessionId: id, questionId: 'fx-a1', answerId: 'fx-a2-a1' }, // another question's answer
      { sessionId: id, questionId: 'fx-a1', answerIds: ['fx-a1-a1', 'fx-a1-a2'] }, // two picks on a single-answer question
      { sessionId: id, questionId: 'fx-a1', textAnswer: 'tekst' }, // text for a SELECT question
      { sessionId: id, questionId: 'fx-a4', answerId: 'fx-a1-a1' }, // a pick for an OPEN question
      { sessionId: id, questionId: 'fx-a4', textAnswer: '   ' }, // empty open answer
      { sessionId: id, questionId: 'fx-a4', textAnswer: 'x'.repeat(5001) }, // too long
      { sessionId: 'geen-uuid', questionId: 'fx-a1', answerId: 'fx-a1-a1' },
      { sessionId: id, questionId: 'fx-a1', answerId: 'fx-a1-a1', extra: true },
    ];
    for (const body of bad) {
      const res = await s.call('POST', url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
    // none of it was stored
    expect((await s.overview(id)).userAnswers).toEqual([]);
  });

  it('answers 404 for a question outside the session or the list', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a'); // recommended: a1, a2, a4
    const notInSession = await s.call('POST', '/api/question-list/fx-lijst-a/save-answer', { sessionId: id, questionId: 'fx-a3', answerId: 'fx-a3-a2' });
    expect(notInSession.statusCode).toBe(404);
    const wrongList = await s.call('POST', '/api/question-list/fx-lijst-b/save-answer', { sessionId: id, questionId: 'fx-a1', answerId: 'fx-a1-a1' });
    expect(wrongList.statusCode).toBe(404);
  });

  it('uses her latest session of the list when no sessionId is sent', async () => {
    const s = await student(ctx.app);
    const none = await s.call('POST', '/api/question-list/fx-lijst-a/save-answer', { questionId: 'fx-a1', answerId: 'fx-a1-a1' });
    expect(none.statusCode).toBe(404);
    await s.start('fx-lijst-a');
    const latest = await s.start('fx-lijst-a');
    const q = await s.answer('fx-lijst-a', { questionId: 'fx-a1', answerId: 'fx-a1-a1' }, latest);
    expect(q.sessionId).toBe(latest);
  });

  it('sends the model answer of an OPEN question ahead for self-assessment offline, never a right answer of a SELECT question', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a', { showAnswers: false }, true);
    const before = await s.overview(id);
    const open = before.questions.find((q) => q.type === 'OPEN')!;
    expect(open).toMatchObject({ questionId: 'fx-a4', revealed: false, modelAnswer: null, selfAssessmentModelAnswer: 'Het modelantwoord.', isCorrect: -1 });
    for (const q of before.questions.filter((x) => x.type === 'SELECT')) {
      expect(q).toMatchObject({ selfAssessmentModelAnswer: null, modelAnswer: null, correctAnswerIds: [], feedbackText: null });
      expect(q.answers.every((a) => a.isCorrect === null)).toBe(true);
    }
    // the single-question and navigation answers carry it too
    const one = await s.call('GET', `/api/session/${id}/question/fx-a4`);
    expect(one.json()).toMatchObject({ selfAssessmentModelAnswer: 'Het modelantwoord.', modelAnswer: null });

    // Offline the answer and her verdict wait in order; sent again with their keys they count once.
    const saveKey = crypto.randomUUID();
    const assessKey = crypto.randomUUID();
    const save = () =>
      ctx.app.inject({ method: 'POST', url: '/api/question-list/fx-lijst-a/save-answer', headers: { ...s.headers, 'idempotency-key': saveKey }, payload: { sessionId: id, questionId: 'fx-a4', textAnswer: 'Offline uitleg' } });
    const assess = () =>
      ctx.app.inject({ method: 'POST', url: `/api/session/${id}/assess`, headers: { ...s.headers, 'idempotency-key': assessKey }, payload: { questionId: 'fx-a4', result: 'goed' } });
    expect((await save()).statusCode).toBe(200);
    expect((await assess()).statusCode).toBe(200);
    const [saveAgain, assessAgain] = [await save(), await assess()];
    expect(saveAgain.statusCode).toBe(200);
    expect(assessAgain.statusCode).toBe(200);
    expect((assessAgain.json() as SessionQuestion).isCorrect).toBe(1);
    const after = await s.overview(id);
    expect(after.questions.find((q) => q.questionId === 'fx-a4')).toMatchObject({ isCorrect: 1, textAnswer: 'Offline uitleg' });
    expect(after.userAnswers.filter((a) => a.questionId === 'fx-a4')).toHaveLength(1);
    expect(after).toMatchObject({ correctAnswers: 1, reviewAnswers: 0 });
  });

  it('stores an open answer for review, shows the model answer, and takes her assessment once', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const q = await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a4', textAnswer: '  Mijn uitleg.  ' });
    expect(q).toMatchObject({ type: 'OPEN', isCorrect: 4, textAnswer: 'Mijn uitleg.', modelAnswer: 'Het modelantwoord.', revealed: true, openQuestions: [{ id: 'fx-a4' }] });
    // in review the answer is locked
    const again = await s.call('POST', '/api/question-list/fx-lijst-a/save-answer', { sessionId: id, questionId: 'fx-a4', textAnswer: 'Anders' });
    expect(again.statusCode).toBe(409);
    expect((await s.overview(id)).reviewAnswers).toBe(1);

    const assessed = await s.call('POST', `/api/session/${id}/assess`, { questionId: 'fx-a4', result: 'deels goed' });
    expect(assessed.statusCode).toBe(200);
    expect((assessed.json() as SessionQuestion).isCorrect).toBe(2);
    const twice = await s.call('POST', `/api/session/${id}/assess`, { questionId: 'fx-a4', result: 'goed' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('answer_locked');
    const o = await s.overview(id);
    expect(o.partialAnswers).toBe(1);
    expect(o.reviewAnswers).toBe(0);
    expect(o.questions[2]!.textAnswer).toBe('Mijn uitleg.');
  });

  it('maps the assessments goed / fout and 1 / 0, and refuses one for a question not in review', async () => {
    const s = await student(ctx.app);
    for (const [result, status] of [['goed', 1], ['fout', 0], [1, 1], [0, 0]] as const) {
      const id = await s.start('fx-lijst-a');
      await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a4', textAnswer: 'Antwoord' });
      const res = await s.call('POST', `/api/session/${id}/assess`, { questionId: 'fx-a4', result });
      expect((res.json() as SessionQuestion).isCorrect).toBe(status);
    }
    const id = await s.start('fx-lijst-a');
    const early = await s.call('POST', `/api/session/${id}/assess`, { questionId: 'fx-a4', result: 'goed' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('conflict');
    expect((await s.call('POST', `/api/session/${id}/assess`, { questionId: 'fx-a4', result: 'prima' })).statusCode).toBe(400);
    expect((await s.call('POST', `/api/session/${id}/assess`, { questionId: 'fx-a3', result: 'goed' })).statusCode).toBe(404);
  });

  it('withholds the evaluation while answers are not shown in between, and reveals it in the results', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-b'); // answerDisplaying 1: b1 (20 answers), b2
    const first = (await s.overview(id)).question!;
    expect(first.answers).toHaveLength(20);
    const q = await s.answer('fx-lijst-b', { sessionId: id, questionId: 'fx-b1', answerId: answerId('fx-b1', 20) });
    expect(q.isCorrect).toBe(1);
    expect(q).toMatchObject({ revealed: false, correctAnswerIds: [], feedbackText: null });
    expect(q.answers.every((a) => a.isCorrect === null)).toBe(true);
    expect(q.answers.find((a) => a.id === answerId('fx-b1', 20))!.isChecked).toBe(true);
    expect(q.answers.filter((a) => a.isChecked)).toHaveLength(1);

    await s.step(id, 'next');
    await s.answer('fx-lijst-b', { sessionId: id, questionId: 'fx-b2', answerId: answerId('fx-b2', 2) });
    const end = await s.step(id, 'next');
    expect(end).toMatchObject({ finished: true, question: null, progress: 100 });
    const o = await s.overview(id);
    expect(o.questions[0]).toMatchObject({ revealed: true, correctAnswerIds: ['fx-b1-a20'], feedbackText: 'De laatste optie, T, is juist.' });
    expect(o.questions[1]).toMatchObject({ revealed: true, isCorrect: 0, correctAnswerIds: ['fx-b2-a1'] });
  });

  it('shows the state of her session in the question list, and its progress and score once finished', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) });
    let list = (await s.call('GET', '/api/question-list/fx-lijst-a')).json() as QuestionList;
    expect(list.sessionId).toBe(id);
    expect(list.progress).toBe(20); // 1 of 5 questions of the list
    expect(list.score).toBeNull();
    expect(writtenOrder(list.questions[0]!.answers).map((a) => [a.isChecked, a.isAnswered, a.isCorrect])).toEqual([
      [true, true, true],
      [false, true, false],
      [false, true, false],
    ]);
    expect(list.questions[1]!.answers.every((a) => !a.isAnswered && a.isCorrect === null)).toBe(true);

    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a2', answerIds: [answerId('fx-a2', 1)] });
    await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a4', textAnswer: 'Antwoord' });
    await s.call('POST', `/api/session/${id}/assess`, { questionId: 'fx-a4', result: 'fout' });
    for (let i = 0; i < 3; i++) await s.step(id, 'next');
    list = (await s.call('GET', '/api/question-list/fx-lijst-a')).json() as QuestionList;
    expect(list.sessionId).toBeNull(); // finished
    expect(list.progress).toBe(60); // 3 of 5
    expect(list.score).toBe(50); // (1 + 0.5) / 3
  });
});
