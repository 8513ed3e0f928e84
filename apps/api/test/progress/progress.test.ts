import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockExam, Progress, SessionOverview } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { contentIdsInject } from '../questions/support.ts';

// Issue 27, the progress page (decision 022), over the mock exam fixture: fixture-tentamen with
// chapters fxt-h1 (six multiple-choice questions, one open), fxt-h2 (four) and fxt-h3 (three).
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'mockexam-courses');
const SUBJECT = 'fixture-tentamen';
const TZ = 'Europe/Amsterdam';

async function student(app: TestApp) {
  const { headers } = await signedInUser(app);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => contentIdsInject(app)({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200): Promise<T> => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  return { call, ok, progress: () => ok<Progress>('GET', `/api/subjects/${SUBJECT}/progress?timeZone=${encodeURIComponent(TZ)}`) };
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

describe.each(DIALECTS)('progress on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, FIXTURE, { dialect });
  });
  afterAll(async () => ctx?.close());

  it('starts empty: chapters in reading order, twelve weeks of calendar, no due dates without spaced repetition', async () => {
    const s = await student(ctx.app);
    const p = await s.progress();
    expect(p).toMatchObject({ subjectTitle: 'Testvak tentamen', timeZone: TZ, today: today(), grades: [], days: [], dueEnabled: false, due: [] });
    expect(p.chapters.map((c) => [c.number, c.chapterId, c.title])).toEqual([
      [1, 'fxt-h1', 'Eerste hoofdstuk'],
      [2, 'fxt-h2', 'Tweede hoofdstuk'],
      [3, 'fxt-h3', 'Derde hoofdstuk'],
    ]);
    expect(Date.parse(p.today) - Date.parse(p.fromDate)).toBe(83 * 86_400_000);
  });

  it('shows the grade per chapter of practice sessions and mock exams, and today as a day studied', async () => {
    const s = await student(ctx.app);
    // practice: h1, three right and one wrong of the answered (the rest skipped) -> 7,5
    const session = (await s.ok<{ id: string }>('POST', '/api/session/fxt-h1-vragen/start-all', {}, 201)).id;
    const overview = await s.ok<SessionOverview>('GET', `/api/session/${session}`);
    const selects = overview.questions.filter((q) => q.type === 'SELECT').slice(0, 4);
    for (const [i, q] of selects.entries()) {
      await s.ok('POST', '/api/question-list/fxt-h1-vragen/save-answer', { sessionId: session, questionId: q.questionId, answerId: `${q.questionId}-a${i < 3 ? 1 : 2}` });
    }
    // a mock exam of five (one open question): every question right -> 10 for each chapter
    const exam = await s.ok<MockExam>('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: 5 }, 201);
    for (const q of exam.questions) {
      if (q.type === 'OPEN') {
        await s.ok('POST', `/api/mock-exams/${exam.id}/answer`, { position: q.position, textAnswer: 'Mijn uitleg.' });
        continue;
      }
      // the two-answer question of chapter 2 has a1 and a2 right
      const answerIds = q.multipleAnswers ? [`${q.questionId}-a1`, `${q.questionId}-a2`] : [`${q.questionId}-a1`];
      await s.ok('POST', `/api/mock-exams/${exam.id}/answer`, { position: q.position, answerIds });
    }
    await s.ok('POST', `/api/mock-exams/${exam.id}/finish`);
    // her open answer counts once she has marked it right herself
    for (const q of exam.questions.filter((x) => x.type === 'OPEN')) await s.ok('POST', `/api/mock-exams/${exam.id}/assess`, { position: q.position, result: 'goed' });
    // and she read chapter 2
    await s.ok('PUT', '/api/summaries/fxt-samenvatting/progress', { chapterId: 'fxt-h2', position: 1 });

    const p = await s.progress();
    const practice = p.grades.filter((g) => g.source === 'practice');
    expect(practice.map((g) => [g.chapterId, g.grade, g.questions])).toEqual([['fxt-h1', 7.5, 4]]);
    const mock = p.grades.filter((g) => g.source === 'mockexam');
    expect(mock.map((g) => g.chapterId).sort()).toEqual(['fxt-h1', 'fxt-h2', 'fxt-h3']);
    expect(mock.every((g) => g.grade === 10 && g.date === today())).toBe(true);
    expect(p.grades.map((g) => g.at)).toEqual([...p.grades.map((g) => g.at)].sort());

    // four answers, five exam answers and a chapter read, all today: at least the chapter's reading minute
    expect(p.days).toHaveLength(1);
    expect(p.days[0]).toMatchObject({ date: today(), activities: 10 });
    expect(p.days[0]!.minutes).toBeGreaterThanOrEqual(2);
  });

  it("shows only her own figures, 404 for an unknown subject and 400 for an unknown time zone", async () => {
    const other = await student(ctx.app);
    expect((await other.progress()).grades).toEqual([]);
    expect((await other.call('GET', '/api/subjects/bestaat-niet/progress')).statusCode).toBe(404);
    const bad = await other.call('GET', `/api/subjects/${SUBJECT}/progress?timeZone=Mars/Olympus`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe.each(DIALECTS)('cards due on the progress page on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000', LEITNER_ENABLED: 'true' });
    await importContent(ctx.handle.db, join(import.meta.dirname, '..', 'fixtures', 'flashcards-courses'), { dialect });
  });
  afterAll(async () => ctx?.close());

  it('counts her cards due per day for two weeks, overdue ones today', async () => {
    const { headers, email } = await signedInUser(ctx.app);
    const progress = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/subjects/fx-kaarten/progress?timeZone=${encodeURIComponent(TZ)}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Progress;
    };
    const p0 = await progress();
    expect(p0.dueEnabled).toBe(true);
    expect(p0.due).toHaveLength(14);
    expect(p0.due[0]!.date).toBe(p0.today);
    expect(p0.due.every((d) => d.count === 0)).toBe(true);

    // Her schedules as FSRS stores them: one overdue, two due in three days, one after the two weeks.
    const db = ctx.handle.db;
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const cards = await db.selectFrom('flashcards').select('id').where('subject_id', '=', 'fx-kaarten').orderBy('id').limit(4).execute();
    const day = 86_400_000;
    const dues = [-2 * day, 3 * day, 3 * day + 3_600_000, 20 * day].map((offset) => new Date(Date.now() + offset).toISOString());
    await db
      .insertInto('flashcard_schedules')
      .values(
        cards.map((c, i) => ({
          user_id: user.id,
          flashcard_id: c.id,
          subject_id: 'fx-kaarten',
          due: dues[i]!,
          stability: 1,
          difficulty: 5,
          elapsed_days: 0,
          scheduled_days: 1,
          learning_steps: 0,
          reps: 1,
          lapses: 0,
          state: 2,
          last_review: null,
          version: 1,
        })),
      )
      .execute();
    const p = await progress();
    const inThreeDays = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.parse(dues[1]!)));
    const counts = Object.fromEntries(p.due.filter((d) => d.count > 0).map((d) => [d.date, d.count]));
    const expected: Record<string, number> = { [p.today]: 1 };
    expected[inThreeDays] = (expected[inThreeDays] ?? 0) + 1;
    const third = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.parse(dues[2]!)));
    expected[third] = (expected[third] ?? 0) + 1;
    expect(counts).toEqual(expected);
    expect(p.due.reduce((n, d) => n + d.count, 0)).toBe(3);
  });
});
