import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockExam, MockExamOverview, MockExamQuestion } from '@blok/contract';
import { MOCK_EXAMS_PER_DAY } from '@blok/domain/mock-exam';
import { importContent } from '../../src/content/importer.ts';
import { shownAnswerId } from '../../src/questions/answer-ids.ts';
import { answerKey } from '../questions/support.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';

// Issue 27, mock exams (decision 022). Fixture fixture-tentamen: chapters fxt-h1 (priority 1, six
// multiple-choice questions and one open one, fxt-h1-open), fxt-h2 (priority 2, four; q1 has two
// correct answers) and fxt-h3 (priority 3, three). Every correct answer is written first (<id>-a1).
// The open question is the only one, in the chapter every exam draws from, so every exam holds it.
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
      const exam = res.json() as MockExam;
      examKeys.push(await answerKey(app.database.db, 'mock_exams', exam.id));
      return exam;
    },
    async answer(examId: string, position: number, answerIds: string[]): Promise<MockExamQuestion> {
      const res = await call('POST', `/api/mock-exams/${examId}/answer`, { position, answerIds });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async write(examId: string, position: number, textAnswer: string): Promise<MockExamQuestion> {
      const res = await call('POST', `/api/mock-exams/${examId}/answer`, { position, textAnswer });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async assess(examId: string, position: number, result: 'goed' | 'fout', key?: string): Promise<MockExam> {
      const res = await call('POST', `/api/mock-exams/${examId}/assess`, { position, result }, key);
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

/**
 * The keys of the exams started here (test knowledge, read from the database): the exam shows each
 * answer by an id of its own (issue 40); `shown` finds the one a content answer id has in it.
 */
const examKeys: string[] = [];
function shown(q: MockExamQuestion, contentId: string): string {
  const ids = new Set(q.answers.map((a) => a.id));
  for (const key of examKeys) {
    const id = shownAnswerId(key, contentId);
    if (ids.has(id)) return id;
  }
  throw new Error(`${contentId} is not an answer of ${q.questionId}`);
}
const correctId = (q: MockExamQuestion) => shown(q, `${q.questionId}-a1`);
const wrongId = (q: MockExamQuestion) => shown(q, `${q.questionId}-a3`);
const chapterOf = (q: MockExamQuestion) => q.chapterId;
const selects = (exam: MockExam) => exam.questions.filter((q) => q.type === 'SELECT');
const idsIn = (exam: MockExam) => exam.questions.flatMap((q) => q.answers.map((a) => a.id));
const openOf = (exam: MockExam) => {
  const open = exam.questions.filter((q) => q.type === 'OPEN');
  expect(open.map((q) => q.questionId)).toEqual(['fxt-h1-open']);
  return open[0]!;
};

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

  it('offers the multiple-choice and open questions of every chapter', async () => {
    const s = await student(ctx.app);
    const res = await s.call('GET', `/api/mock-exams?subjectId=${SUBJECT}`);
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json() as MockExamOverview;
    expect(overview).toMatchObject({ subjectTitle: 'Testvak tentamen', availableQuestions: 14, openQuestions: 1, chapterCount: 3, sizes: [5, 10], secondsPerQuestion: 90, exams: [] });
    expect((await s.call('GET', '/api/mock-exams?subjectId=bestaat-niet')).statusCode).toBe(404);
  });

  it('draws per chapter by weight with the open question, shows no evaluation while open, and grades the whole and each chapter when handed in, the open answer once she assessed it', async () => {
    const s = await student(ctx.app);
    const exam = await s.start(10);
    expect(exam).toMatchObject({ questionCount: 10, timeLimitSeconds: 900, closed: false, result: null, chapters: [] });
    expect(exam.secondsLeft).toBeGreaterThan(890);
    // weights 3 : 2 : 1, one each first: 5, 3 and 2 questions, chapters in reading order
    expect(exam.questions.map(chapterOf)).toEqual([...Array(5).fill('fxt-h1'), ...Array(3).fill('fxt-h2'), ...Array(2).fill('fxt-h3')]);
    expect(new Set(exam.questions.map((q) => q.questionId)).size).toBe(10);
    const openQ = openOf(exam);
    expect(openQ).toMatchObject({ chapterId: 'fxt-h1', answers: [], textAnswer: null, modelAnswer: null, multipleAnswers: false });
    for (const q of exam.questions) {
      expect(q).toMatchObject({ status: null, feedbackText: null, modelAnswer: null });
      expect(q.answers.every((a) => a.isCorrect === null)).toBe(true);
    }

    // h1 all correct (the open one written, changed, assessed later); h2: the two-answer question half, the rest wrong; h3 left open
    for (const q of exam.questions) {
      if (q.type === 'OPEN') {
        await s.write(exam.id, q.position, 'Eerste versie.');
        const saved = await s.write(exam.id, q.position, '  Mijn uitleg van het begrip.  ');
        expect(saved).toMatchObject({ type: 'OPEN', textAnswer: 'Mijn uitleg van het begrip.', status: null, modelAnswer: null, feedbackText: null });
      } else if (q.chapterId === 'fxt-h1') {
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
    // before she assessed her open answer it earns nothing, and the grade says it waits
    const provisional = Math.round((50 * (2 * 4 + partial)) / 10);
    expect(done.closed).toBe(true);
    expect(done.result).toMatchObject({ correct: 4, partial, wrong: 3 - partial, unanswered: 2, awaitingAssessment: 1, total: 10, score: provisional, grade: provisional / 10 });
    expect(done.chapters[0]!.result).toMatchObject({ correct: 4, awaitingAssessment: 1, grade: 8 });
    const waiting = done.questions[openQ.position]!;
    expect(waiting).toMatchObject({ status: 4, textAnswer: 'Mijn uitleg van het begrip.', modelAnswer: 'Het modelantwoord.', feedbackText: 'Toelichting bij de open vraag.' });
    expect(((await s.call('GET', `/api/mock-exams?subjectId=${SUBJECT}`)).json() as MockExamOverview).exams[0]).toMatchObject({ grade: provisional / 10, awaitingAssessment: 1 });

    const assessed = await s.assess(exam.id, openQ.position, 'goed', randomUUID());
    const score = Math.round((50 * (2 * 5 + partial)) / 10);
    expect(assessed.questions[openQ.position]!.status).toBe(1);
    expect(assessed.result).toMatchObject({ correct: 5, partial, wrong: 3 - partial, unanswered: 2, awaitingAssessment: 0, total: 10, score, grade: score / 10, passed: score >= 55 });
    // once assessed it stays: a second verdict is refused and changes nothing
    const again = await s.call('POST', `/api/mock-exams/${exam.id}/assess`, { position: openQ.position, result: 'fout' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'answer_locked' });
    const reread = (await s.call('GET', `/api/mock-exams/${exam.id}`)).json() as MockExam;
    expect(reread.result).toEqual(assessed.result);
    expect(reread.chapters).toEqual(assessed.chapters);
    expect(assessed.chapters.map((c) => [c.chapterId, c.title, c.summaryId, c.result.grade, c.result.passed])).toEqual([
      ['fxt-h1', 'Eerste hoofdstuk', 'fxt-samenvatting', 10, true],
      ['fxt-h2', 'Tweede hoofdstuk', 'fxt-samenvatting', partial ? Math.max(1, Math.round(50 / 3) / 10) : 1, false],
      ['fxt-h3', 'Derde hoofdstuk', 'fxt-samenvatting', 1, false],
    ]);
    // now the answers and the feedback show
    const first = selects(done)[0]!;
    expect(first.status).toBe(1);
    expect(first.answers.find((a) => a.id === correctId(first))?.isCorrect).toBe(true);
    expect(first.feedbackText).toContain('Toelichting');

    // closed: no answer any more, handing in again answers the same
    const late = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: 9, answerIds: [correctId(done.questions[9]!)] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'mock_exam_closed' });
    expect((await s.finish(exam.id)).result).toEqual(assessed.result);

    const overview = (await s.call('GET', `/api/mock-exams?subjectId=${SUBJECT}`)).json() as MockExamOverview;
    expect(overview.exams).toEqual([{ id: exam.id, startedAt: exam.startedAt, questionCount: 10, closed: true, grade: score / 10, awaitingAssessment: 0 }]);
  });

  it('shuffles the answers per exam and keeps the order on every read', async () => {
    const s = await student(ctx.app);
    const exam = await s.start(10);
    const again = (await s.call('GET', `/api/mock-exams/${exam.id}`)).json() as MockExam;
    expect(again.questions.map((q) => q.answers.map((a) => a.id))).toEqual(exam.questions.map((q) => q.answers.map((a) => a.id)));
    // across nine four-answer questions, the correct one is not always first (1 in 4^9 to fail by chance)
    expect(selects(exam)).toHaveLength(9);
    expect(selects(exam).every((q) => q.answers[0]!.id === correctId(q))).toBe(false);
  });

  it('enforces the time limit on the server: a late answer is refused and the exam closes at its deadline', async () => {
    const s = await student(ctx.app);
    const exam = await s.start(5);
    expect(exam.timeLimitSeconds).toBe(450);
    const [q0, q1] = selects(exam);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse(exam.deadlineAt) - 5_000);
    await s.answer(exam.id, q0!.position, [correctId(q0!)]);
    expect(((await s.call('GET', `/api/mock-exams/${exam.id}`)).json() as MockExam).secondsLeft).toBeLessThanOrEqual(5);

    vi.setSystemTime(Date.parse(exam.deadlineAt) + 10_000);
    const late = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: q1!.position, answerIds: [correctId(q1!)] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'mock_exam_closed' });
    const row = await ctx.handle.db.selectFrom('mock_exams').select(['finished_at', 'score']).where('id', '=', exam.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ finished_at: exam.deadlineAt, score: 20 });

    const closed = (await s.call('GET', `/api/mock-exams/${exam.id}`)).json() as MockExam;
    expect(closed).toMatchObject({ closed: true, secondsLeft: 0, finishedAt: exam.deadlineAt });
    expect(closed.result).toMatchObject({ correct: 1, unanswered: 4, grade: 2 });
    expect(closed.questions[q1!.position]!.pickedAnswerIds).toEqual([]);
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
    // a choice question of hers (the exam's order is its own: position 0 may be the open question)
    const choice = exam.questions.find((q) => q.type !== 'OPEN')!;
    expect((await other.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: choice.position, answerIds: [correctId(choice)] })).statusCode).toBe(404);
    expect((await other.call('POST', `/api/mock-exams/${exam.id}/finish`)).statusCode).toBe(404);
    const openQ = openOf(exam);
    expect((await other.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: openQ.position, textAnswer: 'Niet van mij.' })).statusCode).toBe(404);
    await owner.write(exam.id, openQ.position, 'Mijn antwoord.');
    await owner.finish(exam.id);
    const foreign = await other.call('POST', `/api/mock-exams/${exam.id}/assess`, { position: openQ.position, result: 'goed' }, randomUUID());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'not_found' });
    expect(((await other.call('GET', `/api/mock-exams?subjectId=${SUBJECT}`)).json() as MockExamOverview).exams).toEqual([]);
    // nothing of hers changed
    const hers = (await owner.call('GET', `/api/mock-exams/${exam.id}`)).json() as MockExam;
    expect(hers.answeredCount).toBe(1);
    expect(hers.questions[openQ.position]).toMatchObject({ textAnswer: 'Mijn antwoord.', status: 4 });
    expect(hers.result).toMatchObject({ awaitingAssessment: 1 });
  });

  it('refuses bad input with a code, and replays a start with the same Idempotency-Key', async () => {
    const s = await student(ctx.app);
    expect((await s.call('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: 7 })).statusCode).toBe(400);
    expect((await s.call('POST', '/api/mock-exams', { subjectId: 'bestaat-niet', questionCount: 5 })).statusCode).toBe(404);
    expect((await s.call('GET', '/api/mock-exams/niet-een-id')).statusCode).toBe(400);
    const exam = await s.start(5);
    const select = selects(exam).find((q) => q.chapterId !== 'fxt-h3')!;
    const openQ = openOf(exam);
    expect((await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: 99, answerIds: [] })).statusCode).toBe(404);
    const foreign = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: select.position, answerIds: ['fxt-h3-q1-a1'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: 'invalid_request' });
    const two = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: select.position, answerIds: [correctId(select), wrongId(select)] });
    expect(two.statusCode).toBe(400);
    // text for a multiple-choice question, picks for an open one, a text too long
    const textToSelect = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: select.position, textAnswer: 'Tekst.' });
    expect(textToSelect.statusCode).toBe(400);
    expect(textToSelect.json()).toMatchObject({ error: 'invalid_request' });
    const picksToOpen = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: openQ.position, answerIds: [correctId(select)] });
    expect(picksToOpen.statusCode).toBe(400);
    expect(picksToOpen.json()).toMatchObject({ error: 'invalid_request' });
    expect((await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: openQ.position, textAnswer: 'x'.repeat(5001) })).statusCode).toBe(400);
    // a blank text clears her answer
    await s.write(exam.id, openQ.position, 'Iets.');
    expect(await s.write(exam.id, openQ.position, '   ')).toMatchObject({ textAnswer: null });
    await s.write(exam.id, openQ.position, 'Mijn antwoord.');

    // assessing: not while open, not a multiple-choice question, only goed or fout
    const early = await s.call('POST', `/api/mock-exams/${exam.id}/assess`, { position: openQ.position, result: 'goed' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'conflict' });
    await s.finish(exam.id);
    const partly = await s.call('POST', `/api/mock-exams/${exam.id}/assess`, { position: openQ.position, result: 'deels goed' });
    expect(partly.statusCode).toBe(400);
    expect(partly.json()).toHaveProperty('error');
    expect((await s.call('POST', `/api/mock-exams/${exam.id}/assess`, { position: openQ.position, result: 'goed', extra: 1 })).statusCode).toBe(400);
    expect((await s.call('POST', `/api/mock-exams/${exam.id}/assess`, { position: 99, result: 'goed' })).statusCode).toBe(404);
    const notOpen = await s.call('POST', `/api/mock-exams/${exam.id}/assess`, { position: select.position, result: 'goed' });
    expect(notOpen.statusCode).toBe(400);
    expect(notOpen.json()).toMatchObject({ error: 'invalid_request' });
    // the same verdict again with its Idempotency-Key is a replay, not a refusal
    const assessKey = randomUUID();
    const verdict = await s.assess(exam.id, openQ.position, 'fout', assessKey);
    expect(verdict.questions[openQ.position]!.status).toBe(0);
    expect(verdict.result).toMatchObject({ awaitingAssessment: 0 });
    const replayed = await s.call('POST', `/api/mock-exams/${exam.id}/assess`, { position: openQ.position, result: 'fout' }, assessKey);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');

    const key = randomUUID();
    const first = await s.call('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: 5 }, key);
    const replay = await s.call('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: 5 }, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((replay.json() as MockExam).id).toBe((first.json() as MockExam).id);
  });

  it('leaves an open question she did not answer out of what she assesses: it counts as not answered', async () => {
    const s = await student(ctx.app);
    const exam = await s.start(5);
    const openQ = openOf(exam);
    for (const q of selects(exam)) await s.answer(exam.id, q.position, q.multipleAnswers ? [correctId(q), shown(q, `${q.questionId}-a2`)] : [correctId(q)]);
    const done = await s.finish(exam.id);
    expect(done.result).toMatchObject({ correct: 4, unanswered: 1, awaitingAssessment: 0, grade: 8 });
    expect(done.questions[openQ.position]).toMatchObject({ status: -1, textAnswer: null, modelAnswer: 'Het modelantwoord.' });
    const nothing = await s.call('POST', `/api/mock-exams/${exam.id}/assess`, { position: openQ.position, result: 'goed' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ error: 'conflict' });
  });

  it('takes an assessment of an exam past its deadline that nobody closed, and closes it at its deadline', async () => {
    const s = await student(ctx.app);
    const exam = await s.start(5);
    const openQ = openOf(exam);
    await s.write(exam.id, openQ.position, 'Op tijd geschreven.');
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse(exam.deadlineAt) + 60_000);
    const assessed = await s.assess(exam.id, openQ.position, 'goed');
    expect(assessed).toMatchObject({ closed: true, finishedAt: exam.deadlineAt, result: { correct: 1, unanswered: 4, awaitingAssessment: 0, grade: 2 } });
    const row = await ctx.handle.db.selectFrom('mock_exams').select(['finished_at', 'score']).where('id', '=', exam.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ finished_at: exam.deadlineAt, score: 20 });
  });

  it('keeps one exam of a subject open: starting another answers the open one, and the second-exam copy gives nothing', async () => {
    const s = await student(ctx.app);
    const y = await s.start(10);
    // X: another start while Y runs, of another size, is Y
    const x = await s.start(5);
    expect(x.id).toBe(y.id);
    expect(x.questionCount).toBe(10);
    expect(x.closed).toBe(false);
    // two at once find one open exam too (the second waits for the first)
    const both = await Promise.all([s.call('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: 5 }), s.call('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: 5 })]);
    expect(both.map((r) => (r.json() as MockExam).id)).toEqual([y.id, y.id]);
    const overview = (await s.call('GET', `/api/mock-exams?subjectId=${SUBJECT}`)).json() as MockExamOverview;
    expect(overview.openExamId).toBe(y.id);
    expect(overview.exams.map((e) => [e.id, e.closed])).toEqual([[y.id, false]]);

    // handing "X" in blank hands in Y: its answers are revealed only when nothing can be answered with them
    const revealed = await s.finish(x.id);
    expect(revealed.id).toBe(y.id);
    const first = selects(revealed)[0]!;
    const late = await s.call('POST', `/api/mock-exams/${y.id}/answer`, { position: first.position, answerIds: [first.answers.find((a) => a.isCorrect)!.id] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'mock_exam_closed' });

    // the next exam names its answers anew: the right ids seen in Y are no answer of it
    const z = await s.start(10);
    expect(z.id).not.toBe(y.id);
    const right = new Set(selects(revealed).flatMap((q) => q.answers.filter((a) => a.isCorrect).map((a) => a.id)));
    expect(idsIn(z).filter((id) => right.has(id))).toEqual([]);
    for (const q of selects(z).filter((q) => selects(revealed).some((r) => r.questionId === q.questionId))) {
      const copied = selects(revealed).find((r) => r.questionId === q.questionId)!.answers.filter((a) => a.isCorrect).map((a) => a.id);
      const res = await s.call('POST', `/api/mock-exams/${z.id}/answer`, { position: q.position, answerIds: copied });
      expect(res.statusCode).toBe(400);
    }
    // once the open one is handed in, the list shows it closed and no exam is open
    await s.finish(z.id);
    const after = (await s.call('GET', `/api/mock-exams?subjectId=${SUBJECT}`)).json() as MockExamOverview;
    expect(after.openExamId).toBeNull();
  });

  it('shows a running exam at the top of her list', async () => {
    const s = await student(ctx.app);
    const done = await s.start(5);
    await s.finish(done.id);
    const running = await s.start(5);
    // started earlier than the closed one (a clock set back, say): still first, as the one she can continue
    await ctx.handle.db.updateTable('mock_exams').set({ started_at: new Date(Date.parse(done.startedAt) - 60_000).toISOString() }).where('id', '=', running.id).execute();
    const overview = (await s.call('GET', `/api/mock-exams?subjectId=${SUBJECT}`)).json() as MockExamOverview;
    expect(overview.exams.map((e) => [e.id, e.closed])).toEqual([
      [running.id, false],
      [done.id, true],
    ]);
    expect(overview.openExamId).toBe(running.id);
  });

  it('lets her start at most the daily limit of exams of a subject in 24 hours, with a Dutch message and when she can again', async () => {
    const s = await student(ctx.app);
    const overview = async () => (await s.call('GET', `/api/mock-exams?subjectId=${SUBJECT}`)).json() as MockExamOverview;
    expect(await overview()).toMatchObject({ dailyLimit: MOCK_EXAMS_PER_DAY, startsLeftToday: MOCK_EXAMS_PER_DAY, nextStartAt: null });
    const ids: string[] = [];
    for (let i = 0; i < MOCK_EXAMS_PER_DAY; i++) {
      const exam = await s.start(5);
      ids.push(exam.id);
      await s.finish(exam.id);
    }
    expect(new Set(ids).size).toBe(MOCK_EXAMS_PER_DAY);
    const full = await overview();
    expect(full).toMatchObject({ startsLeftToday: 0, openExamId: null });
    expect(Date.parse(full.nextStartAt!)).toBe(Date.parse(full.exams[MOCK_EXAMS_PER_DAY - 1]!.startedAt) + 24 * 60 * 60 * 1000);
    const refused = await s.call('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: 5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'mock_exam_limit' });
    expect((refused.json() as { error_description: string }).error_description).toMatch(/^Je hebt vandaag al \d+ proeftentamens van dit vak gemaakt\. Over 24 uur /);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // nothing was drawn
    expect((await overview()).exams).toHaveLength(MOCK_EXAMS_PER_DAY);

    // once the first exam is 24 hours old, one more
    const day = 24 * 60 * 60 * 1000;
    await ctx.handle.db.updateTable('mock_exams').set({ started_at: new Date(Date.now() - day - 60_000).toISOString() }).where('id', '=', ids[0]!).execute();
    expect(await overview()).toMatchObject({ startsLeftToday: 1, nextStartAt: null });
    expect((await s.start(5)).id).not.toBe(ids[0]);
  });
});
