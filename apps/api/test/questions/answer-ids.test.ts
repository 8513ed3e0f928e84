import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockExam, SessionOverview, SessionQuestion } from '@blok/contract';
import { buildApp } from '../../src/app.ts';
import { importContent } from '../../src/content/importer.ts';
import { loadEnv } from '../../src/env.ts';
import { shownAnswerId } from '../../src/questions/answer-ids.ts';
import { DIALECTS, bearer, createTestApp, login, newDeviceId, PASSWORD, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { answerKey } from './support.ts';

// Issue 40, ids that say nothing: a practice session and a mock exam name each answer by an id of
// their own (an HMAC of the content id under a key stored with them), the same on every call and
// device within them, different in the next; the content ids (`<question>-a1`, the right one in most
// of the content) never reach the page, and an answer sent with one is refused. Fixtures: fxo-lijst
// (fixture-volgorde: q1 six answers, q6 four, the right one written first) and fixture-tentamen
// (every right answer written first).

const ORDER = join(import.meta.dirname, '..', 'fixtures', 'questions-order-courses');
const EXAMS = join(import.meta.dirname, '..', 'fixtures', 'mockexam-courses');
const LIST = 'fxo-lijst';
const OPAQUE = /^[0-9a-f]{16}$/;
/** A content answer id anywhere in a JSON body. */
const CONTENT_ID = /"[a-z0-9-]+-a\d{1,2}"/;

/** A student speaking to the API as the page does: raw, no translation of ids. */
async function page(app: TestApp) {
  const u = await signedInUser(app);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, headers: u.headers, ...(payload === undefined ? {} : { payload }) });
  const ok = async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.body).not.toMatch(CONTENT_ID);
    return res.json() as T;
  };
  return { ...u, call, ok };
}

const idsOf = (o: { questions: Array<{ answers: Array<{ id: string }> }> }) => o.questions.flatMap((q) => q.answers.map((a) => a.id));
const firstSorted = (q: { answers: Array<{ id: string }> }) => [...q.answers.map((a) => a.id)].sort()[0]!;

describe.each(DIALECTS)('answer ids that say nothing on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, ORDER, { dialect });
    await importContent(ctx.handle.db, EXAMS, { dialect });
  });
  afterAll(async () => ctx?.close());

  it('names the answers of a practice session by ids of its own: stable within it, on another device too, different in the next', async () => {
    const s = await page(ctx.app);
    const { id } = await s.ok<{ id: string }>('POST', `/api/session/${LIST}/start-all`, {});
    const overview = await s.ok<SessionOverview>('GET', `/api/session/${id}`);
    const ids = idsOf(overview);
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.every((x) => OPAQUE.test(x))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);

    // the same on every call: again, one question, a step, the question list
    expect(idsOf(await s.ok<SessionOverview>('GET', `/api/session/${id}`))).toEqual(ids);
    expect((await s.ok<SessionQuestion>('GET', `/api/session/${id}/question/fxo-q1`)).answers.map((a) => a.id)).toEqual(overview.questions[0]!.answers.map((a) => a.id));
    expect((await s.ok<{ question: SessionQuestion }>('GET', `/api/session/${id}/next`)).question.answers.map((a) => a.id)).toEqual(overview.questions[1]!.answers.map((a) => a.id));
    expect(idsOf(await s.ok<{ questions: Array<{ answers: Array<{ id: string }> }> }>('GET', `/api/question-list/${LIST}`))).toEqual(ids);

    // the next session: none of these ids
    const next = await s.ok<{ id: string }>('POST', `/api/session/${LIST}/start-all`, {});
    const nextIds = idsOf(await s.ok<SessionOverview>('GET', `/api/session/${next.id}`));
    expect(nextIds.filter((x) => ids.includes(x))).toEqual([]);

    // another API process and another device (signing in there signs this one out: last): the key lives with the session
    const other = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'error', SEED_DEMO: 'false', JOBS: 'off', REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' }),
      database: ctx.handle,
      serveWeb: false,
    });
    try {
      await other.ready();
      const res = await login(other, { username: s.email, password: PASSWORD, device_id: newDeviceId() });
      const elsewhere = await other.inject({ method: 'GET', url: `/api/session/${id}`, headers: bearer(res.json().access_token) });
      expect(idsOf(elsewhere.json() as SessionOverview)).toEqual(ids);
    } finally {
      await other.close();
    }
  });

  it('takes her answer in the page ids and maps it back; a content id or another session id is refused', async () => {
    const s = await page(ctx.app);
    const { id } = await s.ok<{ id: string }>('POST', `/api/session/${LIST}/start-all`, {});
    const { id: otherSession } = await s.ok<{ id: string }>('POST', `/api/session/${LIST}/start-all`, {});
    const key = await answerKey(ctx.handle.db, 'question_sessions', id);
    const right = shownAnswerId(key, 'fxo-q1-a1');
    const url = `/api/question-list/${LIST}/save-answer`;

    const content = await s.call('POST', url, { sessionId: id, questionId: 'fxo-q1', answerId: 'fxo-q1-a1' });
    expect(content.statusCode).toBe(400);
    expect(content.json()).toMatchObject({ error: 'invalid_request' });
    const foreign = await s.call('POST', url, { sessionId: id, questionId: 'fxo-q1', answerId: shownAnswerId(await answerKey(ctx.handle.db, 'question_sessions', otherSession), 'fxo-q1-a1') });
    expect(foreign.statusCode).toBe(400);

    const answered = await s.ok<SessionQuestion>('POST', url, { sessionId: id, questionId: 'fxo-q1', answerId: right });
    expect(answered).toMatchObject({ isCorrect: 1, userAnswerId: right, userAnswerIds: [right], correctAnswerIds: [right] });
    expect(answered.answers.find((a) => a.id === right)).toMatchObject({ answerText: 'Juist', isChecked: true, isCorrect: true });
    // a retry of the same answer (the outbox sends what the page had) answers as it stands
    expect(await s.ok<SessionQuestion>('POST', url, { sessionId: id, questionId: 'fxo-q1', answerId: right })).toEqual(answered);
    const overview = await s.ok<SessionOverview>('GET', `/api/session/${id}`);
    expect(overview.userAnswers).toEqual([{ questionId: 'fxo-q1', answerId: right, answerIds: [right], textAnswer: null }]);
    // what is stored is the content's id (item statistics and releases read it)
    const row = await ctx.handle.db.selectFrom('session_questions').select('answer_ids').where('session_id', '=', id).where('question_id', '=', 'fxo-q1').executeTakeFirstOrThrow();
    expect(JSON.parse(row.answer_ids!)).toEqual(['fxo-q1-a1']);
  });

  it('gives a student who picks the id that sorts first no more than chance in practice', async () => {
    // 40 sessions x q1 (1 in 6) and q6 (1 in 4): 80 questions, chance predicts 16.7 right (sd 3.5);
    // content ids would sort the right one (-a1) first every time: 80.
    const s = await page(ctx.app);
    let right = 0;
    for (let i = 0; i < 40; i++) {
      const { id } = await s.ok<{ id: string }>('POST', `/api/session/${LIST}/start-all`, {});
      const o = await s.ok<SessionOverview>('GET', `/api/session/${id}`);
      for (const index of [0, 5]) {
        const q = o.questions[index]!;
        const a = await s.ok<SessionQuestion>('POST', `/api/question-list/${LIST}/save-answer`, { sessionId: id, questionId: q.questionId, answerId: firstSorted(q) });
        if (a.isCorrect === 1) right++;
      }
    }
    expect(right).toBeLessThanOrEqual(38); // 6 sd above chance
  });

  it('names the answers of a mock exam by ids of its own, stable while it runs and after, and gives the first-sorting id no more than chance', async () => {
    let current: Awaited<ReturnType<typeof page>> | undefined;
    let points = 0;
    let questions = 0;
    const seen = new Set<string>();
    for (let i = 0; i < 8; i++) {
      // two students: one may start five exams of a subject a day
      const s = i % 4 === 0 ? await page(ctx.app) : current!;
      current = s;
      const exam = await s.ok<MockExam>('POST', '/api/mock-exams', { subjectId: 'fixture-tentamen', questionCount: 10 });
      const ids = idsOf(exam);
      expect(ids.every((x) => OPAQUE.test(x))).toBe(true);
      expect(ids.filter((x) => seen.has(x))).toEqual([]);
      ids.forEach((x) => seen.add(x));
      expect(idsOf(await s.ok<MockExam>('GET', `/api/mock-exams/${exam.id}`))).toEqual(ids);

      const select = exam.questions.find((q) => q.type === 'SELECT')!;
      const refused = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: select.position, answerIds: [`${select.questionId}-a1`] });
      expect(refused.statusCode).toBe(400);

      for (const q of exam.questions.filter((x) => x.type === 'SELECT')) {
        const saved = await s.ok<{ pickedAnswerIds: string[] }>('POST', `/api/mock-exams/${exam.id}/answer`, { position: q.position, answerIds: [firstSorted(q)] });
        expect(saved.pickedAnswerIds).toEqual([firstSorted(q)]);
      }
      const done = await s.ok<MockExam>('POST', `/api/mock-exams/${exam.id}/finish`);
      expect(idsOf(done)).toEqual(ids);
      points += done.result!.correct + 0.5 * done.result!.partial;
      questions += done.questions.filter((q) => q.type === 'SELECT').length;
    }
    // three or four answers a question: chance is about 0.3 a question; content ids would score 1
    expect(points / questions).toBeLessThan(0.55);
  });
});
