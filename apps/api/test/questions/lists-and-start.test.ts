import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionList, QuestionListsResponse } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { answerId, questionsApp, student } from './support.ts';

describe.each(DIALECTS)('question lists and starting sessions on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('answers a question list with its questions and no session yet, hiding which answers are correct', async () => {
    const s = await student(ctx.app);
    const res = await s.call('GET', '/api/question-list/fx-lijst-a');
    expect(res.statusCode).toBe(200);
    const list = res.json() as QuestionList;
    expect(list).toMatchObject({
      id: 'fx-lijst-a',
      title: 'Lijst A',
      subjectId: 'fixture-vragen',
      sortIndex: 1,
      answerDisplaying: 2,
      totalQuestions: 5,
      recommendedQuestions: 3,
      chapterId: 'fx-h1',
      sessionId: null,
      score: null,
      progress: 0,
    });
    expect(list.questions.map((q) => q.id)).toEqual(['fx-a1', 'fx-a2', 'fx-a3', 'fx-a4', 'fx-a5']);
    expect(list.questions[0]!).toMatchObject({ topicId: 'fx-lijst-a', type: 'SELECT', pictureUrl: '/api/content/images/fixture-vragen/figuur.svg' });
    // before any session: ids that say nothing and an order of this answer alone (issue 40)
    const juist = list.questions[0]!.answers.find((a) => a.answerText === 'Juist');
    expect(juist).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      questionId: 'fx-a1',
      sortIndex: expect.any(Number),
      answerText: 'Juist',
      isCorrect: null,
      isChecked: false,
      isAnswered: false,
    });
    expect(list.questions[0]!.answers.map((a) => a.sortIndex)).toEqual([0, 1, 2]);
    expect(list.questions[3]!.type).toBe('OPEN');
  });

  it('lists the question lists of a subject for the settings screen', async () => {
    const s = await student(ctx.app);
    const res = await s.call('GET', '/api/question-lists?subjectId=fixture-vragen');
    expect(res.statusCode).toBe(200);
    const body = res.json() as QuestionListsResponse;
    expect(body.subjectTitle).toBe('Testvak vragen');
    expect(body.questionLists.map((l) => [l.id, l.totalQuestions, l.recommendedQuestions, l.answerDisplaying])).toEqual([
      ['fx-lijst-a', 5, 3, 2],
      ['fx-lijst-b', 3, 2, 1],
    ]);
    expect((await s.call('GET', '/api/question-lists?subjectId=bestaat-niet')).statusCode).toBe(404);
    expect((await s.call('GET', '/api/question-lists')).statusCode).toBe(400);
  });

  it('answers 404 for an unknown list, 400 for a malformed id and 401 without a token', async () => {
    const s = await student(ctx.app);
    expect((await s.call('GET', '/api/question-list/bestaat-niet')).json()).toMatchObject({ error: 'not_found' });
    expect((await s.call('GET', '/api/question-list/Geen_Slug!')).statusCode).toBe(400);
    expect((await s.call('POST', '/api/session/bestaat-niet/start')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/question-list/fx-lijst-a' })).statusCode).toBe(401);
  });

  it('starts a recommended session: recommended questions first, up to recommendedQuestions, in list order', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const o = await s.overview(id);
    expect(o.questionsCount).toBe(3);
    expect(o.questions.map((q) => q.questionId)).toEqual(['fx-a1', 'fx-a2', 'fx-a4']);
    expect(o).toMatchObject({
      sessionId: id,
      title: 'Lijst A',
      subjectId: 'fixture-vragen',
      questionListId: 'fx-lijst-a',
      mode: 'recommended',
      showAnswers: true,
      currentIndex: 0,
      progress: 33,
      finished: false,
      skippedMode: false,
      grade: null,
      score: 0,
      unansweredAnswers: 3,
    });
    expect(o.question?.questionId).toBe('fx-a1');
    // the list now points at this open session
    expect(((await s.call('GET', '/api/question-list/fx-lijst-a')).json() as QuestionList).sessionId).toBe(id);
  });

  it('fills a recommended session with other questions when too few are recommended', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-b');
    expect((await s.overview(id)).questions.map((q) => q.questionId)).toEqual(['fx-b1', 'fx-b2']);
  });

  it('starts a session with all questions, taking showAnswers from the list unless the body overrides it', async () => {
    const s = await student(ctx.app);
    const all = await s.overview(await s.start('fx-lijst-a', undefined, true));
    expect(all.questionsCount).toBe(5);
    expect(all.mode).toBe('all');
    expect(all.showAnswers).toBe(true);
    expect((await s.overview(await s.start('fx-lijst-b', {}, true))).showAnswers).toBe(false);
    expect((await s.overview(await s.start('fx-lijst-a', { showAnswers: false }, true))).showAnswers).toBe(false);
    expect((await s.overview(await s.start('fx-lijst-b', { showAnswers: true }))).showAnswers).toBe(true);
  });

  it('practises several lists of one subject in one session', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-b', { questionListIds: ['fx-lijst-a', 'fx-lijst-b'] }, true);
    const o = await s.overview(id);
    expect(o.questionsCount).toBe(8);
    expect(o.questionListId).toBeNull();
    expect(o.questionListIds).toEqual(['fx-lijst-a', 'fx-lijst-b']);
    expect(o.title).toBe('Testvak vragen: 2 onderwerpen');
    // the questions carry their own list, used for save-answer
    expect(o.questions[5]!.questionListId).toBe('fx-lijst-b');
    const answered = await s.answer('fx-lijst-b', { sessionId: id, questionId: 'fx-b2', answerId: answerId('fx-b2', 1) });
    expect(answered.isCorrect).toBe(1);
  });

  it('refuses lists of another subject, unknown lists and unknown body fields', async () => {
    const s = await student(ctx.app);
    const other = await s.call('POST', '/api/session/fx-lijst-a/start', { questionListIds: ['fx-ander-lijst'] });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe('invalid_request');
    expect((await s.call('POST', '/api/session/fx-lijst-a/start', { questionListIds: ['bestaat-niet'] })).statusCode).toBe(404);
    expect((await s.call('POST', '/api/session/fx-lijst-a/start', { showAnswers: 'ja' })).statusCode).toBe(400);
    expect((await s.call('POST', '/api/session/fx-lijst-a/start', { onbekend: 1 })).statusCode).toBe(400);
  });

  it('answers images of questions through the picture url', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const o = await s.overview(id);
    expect(o.question?.pictureUrl).toBe('/api/content/images/fixture-vragen/figuur.svg');
  });
});
