import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockExam, MockExamOverview, MockExamQuestion } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';

// Issue 27, mock exams (decision 022). Fixture fixture-tentamen: chapters fxt-h1 (priority 1, six
// multiple-choice questions and one open one), fxt-h2 (priority 2, four; q1 has two correct
// answers) and fxt-h3 (priority 3, three). Every correct answer is written first (<id>-a1).
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'mockexam-courses');
const SUBJECT = 'fixture-tentamen';

async function student(app: TestApp) {
  const { headers } = await signedInUser(app);
  const call = (method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
    app.inject({ method, url, headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, ...(payload === undefined ? {} : { payload }) });
  return {
    call,
    async start(questionCount: number): Promise<MockExam> {
      const res = await call('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    async answer(examId: string, position: number, answerIds: string[]): Promise<MockExamQuestion> {
      const res = await call('POST', `/api/mock-exams/${examId}/answer`, { position, answerIds });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async finish(examId: string): Promise<MockExam> {
      const res = await call('POST', `/api/mock-exams/${examId}/finish`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
  };
}

const correctId = (q: MockExamQuestion) => `${q.questionId}-a1`;
const wrongId = (q: MockExamQuestion) => `${q.questionId}-a3`;
const chapterOf = (q: MockExamQuestion) => q.chapterId;

describe.each(DIALECTS)('mock exams on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, FIXTURE, { dialect });
  });
  afterAll(async () => ctx?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers the multiple-choice questions of every chapter', async () => {
    const s = await student(ctx.app);
    const res = await s.call('GET', `/api/mock-exams?subjectId=${SUBJECT}`);
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json() as MockExamOverview;
    expect(overview).toMatchObject({ subjectTitle: 'Testvak tentamen', availableQuestions: 13, chapterCount: 3, sizes: [5, 10], secondsPerQuestion: 90, exams: [] });
    expect((await s.call('GET', '/api/mock-exams?subjectId=bestaat-niet')).statusCode).toBe(404);
  });

  it('draws per chapter by weight, shows no evaluation while open, and grades the whole and each chapter when handed in', async () => {
    const s = await student(ctx.app);
    const exam = await s.start(10);
    expect(exam).toMatchObject({ questionCount: 10, timeLimitSeconds: 900, closed: false, result: null, chapters: [] });
    expect(exam.secondsLeft).toBeGreaterThan(890);
    // weights 3 : 2 : 1, one each first: 5, 3 and 2 questions, chapters in reading order
    expect(exam.questions.map(chapterOf)).toEqual([...Array(5).fill('fxt-h1'), ...Array(3).fill('fxt-h2'), ...Array(2).fill('fxt-h3')]);
    expect(new Set(exam.questions.map((q) => q.questionId)).size).toBe(10);
    expect(exam.questions.some((q) => q.questionId === 'fxt-h1-open')).toBe(false);
    for (const q of exam.questions) {
      expect(q).toMatchObject({ status: null, feedbackText: null });
      expect(q.answers.every((a) => a.isCorrect === null)).toBe(true);
    }

    // h1 all correct; h2: the two-answer question half, the rest wrong; h3 left open
    for (const q of exam.questions) {
      if (q.chapterId === 'fxt-h1') {
        // a first pick, changed while the exam is open
        await s.answer(exam.id, q.position, [wrongId(q)]);
        const saved = await s.answer(exam.id, q.position, [correctId(q)]);
        expect(saved).toMatchObject({ pickedAnswerIds: [correctId(q)], status: null });
      } else if (q.chapterId === 'fxt-h2') {
        await s.answer(exam.id, q.position, q.multipleAnswers ? [correctId(q)] : [wrongId(q)]);
      }
    }
    const partial = exam.questions.some((q) => q.multipleAnswers) ? 1 : 0;
    const open = (await s.call('GET', `/api/mock-exams/${exam.id}`)).json() as MockExam;
    expect(open).toMatchObject({ closed: false, answeredCount: 8, result: null });

    const done = await s.finish(exam.id);
    const score = Math.round((50 * (2 * 5 + partial)) / 10);
    expect(done.closed).toBe(true);
    expect(done.result).toMatchObject({ correct: 5, partial, wrong: 3 - partial, unanswered: 2, total: 10, score, grade: score / 10, passed: score >= 55 });
    expect(done.chapters.map((c) => [c.chapterId, c.title, c.summaryId, c.result.grade, c.result.passed])).toEqual([
      ['fxt-h1', 'Eerste hoofdstuk', 'fxt-samenvatting', 10, true],
      ['fxt-h2', 'Tweede hoofdstuk', 'fxt-samenvatting', partial ? Math.max(1, Math.round(50 / 3) / 10) : 1, false],
      ['fxt-h3', 'Derde hoofdstuk', 'fxt-samenvatting', 1, false],
    ]);
    // now the answers and the feedback show
    const first = done.questions[0]!;
    expect(first.status).toBe(1);
    expect(first.answers.find((a) => a.id === correctId(first))?.isCorrect).toBe(true);
    expect(first.feedbackText).toContain('Toelichting');

    // closed: no answer any more, handing in again answers the same
    const late = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: 9, answerIds: [correctId(done.questions[9]!)] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'mock_exam_closed' });
    expect((await s.finish(exam.id)).result).toEqual(done.result);

    const overview = (await s.call('GET', `/api/mock-exams?subjectId=${SUBJECT}`)).json() as MockExamOverview;
    expect(overview.exams).toEqual([{ id: exam.id, startedAt: exam.startedAt, questionCount: 10, closed: true, grade: score / 10 }]);
  });

  it('shuffles the answers per exam and keeps the order on every read', async () => {
    const s = await student(ctx.app);
    const exam = await s.start(10);
    const again = (await s.call('GET', `/api/mock-exams/${exam.id}`)).json() as MockExam;
    expect(again.questions.map((q) => q.answers.map((a) => a.id))).toEqual(exam.questions.map((q) => q.answers.map((a) => a.id)));
    // across ten four-answer questions, the correct one is not always first (1 in 4^10 to fail by chance)
    expect(exam.questions.every((q) => q.answers[0]!.id === correctId(q))).toBe(false);
  });

  it('enforces the time limit on the server: a late answer is refused and the exam closes at its deadline', async () => {
    const s = await student(ctx.app);
    const exam = await s.start(5);
    expect(exam.timeLimitSeconds).toBe(450);
    const [q0, q1] = exam.questions;
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse(exam.deadlineAt) - 5_000);
    await s.answer(exam.id, 0, [correctId(q0!)]);
    expect(((await s.call('GET', `/api/mock-exams/${exam.id}`)).json() as MockExam).secondsLeft).toBeLessThanOrEqual(5);

    vi.setSystemTime(Date.parse(exam.deadlineAt) + 10_000);
    const late = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: 1, answerIds: [correctId(q1!)] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'mock_exam_closed' });
    const row = await ctx.handle.db.selectFrom('mock_exams').select(['finished_at', 'score']).where('id', '=', exam.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ finished_at: exam.deadlineAt, score: 20 });

    const closed = (await s.call('GET', `/api/mock-exams/${exam.id}`)).json() as MockExam;
    expect(closed).toMatchObject({ closed: true, secondsLeft: 0, finishedAt: exam.deadlineAt });
    expect(closed.result).toMatchObject({ correct: 1, unanswered: 4, grade: 2 });
    expect(closed.questions[1]!.pickedAnswerIds).toEqual([]);
  });

  it('shows a past-deadline exam closed even when nobody closed it', async () => {
    const s = await student(ctx.app);
    const exam = await s.start(5);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse(exam.deadlineAt) + 60_000);
    const read = (await s.call('GET', `/api/mock-exams/${exam.id}`)).json() as MockExam;
    expect(read).toMatchObject({ closed: true, result: { grade: 1, unanswered: 5 } });
    const finished = await s.finish(exam.id);
    expect(finished.finishedAt).toBe(exam.deadlineAt);
  });

  it("answers 404 for another student's exam", async () => {
    const owner = await student(ctx.app);
    const other = await student(ctx.app);
    const exam = await owner.start(5);
    expect((await other.call('GET', `/api/mock-exams/${exam.id}`)).statusCode).toBe(404);
    expect((await other.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: 0, answerIds: [correctId(exam.questions[0]!)] })).statusCode).toBe(404);
    expect((await other.call('POST', `/api/mock-exams/${exam.id}/finish`)).statusCode).toBe(404);
    expect(((await other.call('GET', `/api/mock-exams?subjectId=${SUBJECT}`)).json() as MockExamOverview).exams).toEqual([]);
    // nothing of hers changed
    expect(((await owner.call('GET', `/api/mock-exams/${exam.id}`)).json() as MockExam).answeredCount).toBe(0);
  });

  it('refuses bad input with a code, and replays a start with the same Idempotency-Key', async () => {
    const s = await student(ctx.app);
    expect((await s.call('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: 7 })).statusCode).toBe(400);
    expect((await s.call('POST', '/api/mock-exams', { subjectId: 'bestaat-niet', questionCount: 5 })).statusCode).toBe(404);
    expect((await s.call('GET', '/api/mock-exams/niet-een-id')).statusCode).toBe(400);
    const exam = await s.start(5);
    expect((await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: 99, answerIds: [] })).statusCode).toBe(404);
    const foreign = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: 0, answerIds: ['fxt-h3-q1-a1'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: 'invalid_request' });
    const two = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: 0, answerIds: [correctId(exam.questions[0]!), wrongId(exam.questions[0]!)] });
    expect(two.statusCode).toBe(400);

    const key = randomUUID();
    const first = await s.call('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: 5 }, key);
    const replay = await s.call('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: 5 }, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((replay.json() as MockExam).id).toBe((first.json() as MockExam).id);
  });
});
