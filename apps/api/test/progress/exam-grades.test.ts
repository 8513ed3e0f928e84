import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockExam, Progress, StudioDraft } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { contentIdsInject } from '../questions/support.ts';

// The mock exams' grades per chapter on Voortgang (issue 39, decision 047's addendum), over the mock
// exam fixture: fixture-tentamen with chapters fxt-h1 (multiple-choice questions and one open one),
// fxt-h2 (one with two right answers, a1 and a2) and fxt-h3. Each figure is compared with the exam's
// own grade per chapter (the exam as she reads it), which the page showed before the counts too.
const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'mockexam-courses');
const SUBJECT = 'fixture-tentamen';
const TZ = 'Europe/Amsterdam';
// Thursday 26 November 2026, 10:00 in Amsterdam.
const NOW = new Date('2026-11-26T09:00:00Z');

type Method = 'GET' | 'POST' | 'PUT';

async function user(app: TestApp) {
  const { headers, email } = await signedInUser(app);
  const call = (method: Method, url: string, payload?: object) => contentIdsInject(app)({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const ok = async <T>(method: Method, url: string, payload?: object, status = 200): Promise<T> => {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json() as T;
  };
  return {
    email,
    call,
    ok,
    progress: () => ok<Progress>('GET', `/api/subjects/${SUBJECT}/progress?timeZone=${encodeURIComponent(TZ)}`),
    exam: (id: string) => ok<MockExam>('GET', `/api/mock-exams/${id}`),
    /** Starts an exam of `size` and answers it: `right(questionId)` answers a question right; open questions get a text. `only` leaves the rest unanswered. */
    async sit(size: number, right: (questionId: string) => boolean, only: (position: number) => boolean = () => true): Promise<MockExam> {
      const exam = await ok<MockExam>('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: size }, 201);
      for (const q of exam.questions) {
        if (!only(q.position)) continue;
        if (q.type === 'OPEN') {
          await ok('POST', `/api/mock-exams/${exam.id}/answer`, { position: q.position, textAnswer: 'Mijn uitleg.' });
          continue;
        }
        const answerIds = right(q.questionId) ? (q.multipleAnswers ? [`${q.questionId}-a1`, `${q.questionId}-a2`] : [`${q.questionId}-a1`]) : [`${q.questionId}-a3`];
        await ok('POST', `/api/mock-exams/${exam.id}/answer`, { position: q.position, answerIds });
      }
      return exam;
    },
  };
}

/** What Voortgang must show of a closed exam: its own grade per chapter, at the time it closed. */
const shownOf = (exam: MockExam) => {
  const at = exam.finishedAt!;
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
  return exam.chapters.filter((c) => c.chapterId !== null).map((c) => ({ at, date, source: 'mockexam', chapterId: c.chapterId!, grade: c.result.grade, questions: c.result.total }));
};

const sorted = <T extends { at: string; chapterId: string }>(grades: T[]) => [...grades].sort((a, b) => a.at.localeCompare(b.at) || a.chapterId.localeCompare(b.chapterId));
const examGrades = (p: Progress) => p.grades.filter((g) => g.source === 'mockexam');

describe.each(DIALECTS)("the mock exams' grades per chapter on Voortgang on %s", (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000', ACCESS_TOKEN_TTL_SECONDS: '86400' });
    await importContent(ctx.handle.db, FIXTURE, { dialect });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows each closed exam by chapter as the exam itself grades it: handed in, assessed after, expired without a call, closed late', async () => {
    const s = await user(ctx.app);
    // Exam 1: handed in with a mix of right and wrong, her open answer waiting for her own assessment.
    const first = await s.sit(10, (id) => /[13]$/.test(id));
    vi.setSystemTime(new Date('2026-11-26T09:12:00Z'));
    const handedIn = await s.ok<MockExam>('POST', `/api/mock-exams/${first.id}/finish`);
    expect(handedIn.closed).toBe(true);
    let p = await s.progress();
    expect(examGrades(p)).toEqual(sorted(shownOf(handedIn)));

    // She marks her open answer right after handing in: the chapter's grade follows.
    vi.setSystemTime(new Date('2026-11-26T09:20:00Z'));
    const open = handedIn.questions.find((q) => q.type === 'OPEN');
    let assessed = handedIn;
    if (open) assessed = await s.ok<MockExam>('POST', `/api/mock-exams/${first.id}/assess`, { position: open.position, result: 'goed' });
    p = await s.progress();
    expect(examGrades(p)).toEqual(sorted(shownOf(assessed)));

    // Exam 2 (the next day): half answered, then the time runs out and no call closes it.
    vi.setSystemTime(new Date('2026-11-27T08:00:00Z'));
    const second = await s.sit(5, (id) => id.endsWith('2') || id.endsWith('4'), (position) => position < 3);
    vi.setSystemTime(new Date(Date.parse(second.deadlineAt) + 60_000));
    const expired = await s.exam(second.id);
    expect(expired.closed).toBe(true);
    p = await s.progress();
    expect(examGrades(p)).toEqual(sorted([...shownOf(assessed), ...shownOf(expired)]));

    // Handing it in late closes it at its deadline: the same grades, once.
    const late = await s.ok<MockExam>('POST', `/api/mock-exams/${second.id}/finish`);
    expect(late.finishedAt).toBe(expired.finishedAt);
    p = await s.progress();
    expect(examGrades(p)).toEqual(sorted([...shownOf(assessed), ...shownOf(late)]));
    // two reads give the same
    expect(await s.progress()).toEqual(p);
  });

  /** Her kept counts of the subject's mock exams (decision 047's addendum), and whether they were built. */
  const kept = async (email: string) => {
    const db = ctx.handle.db;
    const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('standing_exam_grades')
      .select(['exam_id', 'chapter_id', 'at', 'correct', 'partial', 'total'])
      .where('user_id', '=', id)
      .where('subject_id', '=', SUBJECT)
      .orderBy('exam_id')
      .orderBy('chapter_id')
      .execute();
    const build = await db.selectFrom('standing_builds').select('built_at').where('user_id', '=', id).where('subject_id', '=', SUBJECT).executeTakeFirst();
    return { userId: id, rows: rows.map((r) => ({ ...r, correct: Number(r.correct), partial: Number(r.partial), total: Number(r.total) })), builtAt: build?.built_at ?? null };
  };

  it("keeps the counts in the exam's closing transaction, and builds them once from her history on her first read", async () => {
    const s = await user(ctx.app);
    // a student from before: exams closed, never a read of Voortgang
    const first = await s.sit(10, (id) => !id.endsWith('2'));
    const one = await s.ok<MockExam>('POST', `/api/mock-exams/${first.id}/finish`);
    expect(await kept(s.email)).toMatchObject({ builtAt: null });
    const { userId, rows: before } = await kept(s.email);
    await ctx.handle.db.deleteFrom('standing_exam_grades').where('user_id', '=', userId).execute();
    expect(before.length).toBeGreaterThan(0);
    // two first reads at once build her counts once
    const [p1, p2] = await Promise.all([s.progress(), s.progress()]);
    expect(p2).toEqual(p1);
    expect(examGrades(p1)).toEqual(sorted(shownOf(one)));
    const built = await kept(s.email);
    expect(built.builtAt).not.toBeNull();
    expect(built.rows).toEqual(before);

    // an exam closed after the build: its transaction adds its counts, no build again
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    const second = await s.sit(5, () => true);
    const two = await s.ok<MockExam>('POST', `/api/mock-exams/${second.id}/finish`);
    const after = await kept(s.email);
    expect(after.builtAt).toBe(built.builtAt);
    expect(after.rows.filter((r) => r.exam_id === second.id).map((r) => [r.chapter_id, r.correct, r.total])).toEqual(
      two.chapters.filter((c) => c.chapterId !== null).map((c) => [c.chapterId, c.result.correct, c.result.total]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const p = await s.progress();
    expect(examGrades(p)).toEqual(sorted([...shownOf(one), ...shownOf(two)]));
    // counted again from her history: the same rows and the same page
    await ctx.handle.db.deleteFrom('standing_builds').where('user_id', '=', userId).execute();
    expect(await s.progress()).toEqual(p);
    expect((await kept(s.email)).rows).toEqual(after.rows);
  });

  it('leaves an exam answer to a question whose correct answer a release changed out, as the exam does', async () => {
    const editor = await user(ctx.app);
    await ctx.app.services.studio.setRole(null, editor.email, 'editor');
    const s = await user(ctx.app);
    const exam = await s.sit(10, () => true);
    const closed = await s.ok<MockExam>('POST', `/api/mock-exams/${exam.id}/finish`);
    const before = await s.progress();
    expect(examGrades(before)).toEqual(sorted(shownOf(closed)));
    const answered = closed.questions.find((q) => q.type === 'SELECT' && !q.multipleAnswers)!;

    // A release makes another answer right: her right answer to the old version leaves the grade.
    const doc = (await editor.ok<StudioDraft>('GET', `/api/studio/subjects/${SUBJECT}/draft`)).document;
    const question = doc.questionLists.flatMap((l) => l.questions).find((q) => q.id === answered.questionId)!;
    for (const a of question.answers) a.correct = false;
    question.answers[1]!.correct = true;
    expect((await editor.ok<StudioDraft>('PUT', `/api/studio/subjects/${SUBJECT}/draft`, { document: doc })).problems).toEqual([]);
    await editor.ok('POST', `/api/studio/subjects/${SUBJECT}/submit`);
    await editor.ok('POST', `/api/studio/subjects/${SUBJECT}/publish`);

    const now = await s.exam(exam.id);
    expect(now.questions.find((q) => q.questionId === answered.questionId)!.changedSinceAnswer).toBe(true);
    const after = await s.progress();
    expect(examGrades(after)).toEqual(sorted(shownOf(now)));
    const chapter = examGrades(after).find((g) => g.chapterId === answered.chapterId)!;
    expect(chapter.questions).toBe(examGrades(before).find((g) => g.chapterId === answered.chapterId)!.questions - 1);
  });
});
