import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockExam, MockExamOverview, StudioDocument, StudioDraft } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { contentIdsInject } from '../questions/support.ts';

/** fixture-tentamen: three chapters of SELECT questions (one of them with two correct answers). */
const DIR = join(import.meta.dirname, '..', 'fixtures', 'mockexam-courses');
const SUBJECT = 'fixture-tentamen';

type Method = 'GET' | 'POST' | 'PUT';

async function user(app: TestApp) {
  const u = await signedInUser(app);
  const api = <T = unknown>(method: Method, url: string, payload?: unknown) =>
    contentIdsInject(app)({ method, url: `/api${url}`, headers: u.headers, ...(payload === undefined ? {} : { payload: payload as object }) }).then((res) => {
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json() as T;
    });
  return { ...u, api };
}

/** The stored answer ids of a question's correct answers in a studio document. */
const correctIds = (doc: StudioDocument, questionId: string) => {
  const q = doc.questionLists.flatMap((l) => l.questions).find((x) => x.id === questionId)!;
  return q.answers.filter((a) => a.correct).map((a) => `${q.id}-${a.id}`);
};

describe.each(DIALECTS)('mock exams across studio releases on %s', (dialect) => {
  let ctx: TestContext;
  let editor: Awaited<ReturnType<typeof user>>;

  async function draft(): Promise<StudioDocument> {
    return (await editor.api<StudioDraft>('GET', `/studio/subjects/${SUBJECT}/draft`)).document;
  }

  /** An editor saves, submits and publishes the document made by `change` from the current one. */
  async function release(change: (doc: StudioDocument) => void): Promise<void> {
    const doc = await draft();
    change(doc);
    const saved = await editor.api<StudioDraft>('PUT', `/studio/subjects/${SUBJECT}/draft`, { document: doc });
    expect(saved.problems).toEqual([]);
    await editor.api('POST', `/studio/subjects/${SUBJECT}/submit`);
    await editor.api('POST', `/studio/subjects/${SUBJECT}/publish`);
  }

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, DIR, { dialect });
    editor = await user(ctx.app);
    await ctx.app.services.studio.setRole(null, editor.email, 'editor');
  });
  afterAll(async () => ctx?.close());

  it('leaves an answer to a question whose correct answer changed during the exam out of its grade, the same everywhere', async () => {
    const student = await user(ctx.app);
    const exam = await student.api<MockExam>('POST', '/mock-exams', { subjectId: SUBJECT, questionCount: 5 });
    expect(exam.questions).toHaveLength(5);
    const before = await draft();
    // every answer right on the version she sees (an open question: a text she later marks right)
    const isOpen = (questionId: string) => correctIds(before, questionId).length === 0;
    for (const q of exam.questions) {
      const body = isOpen(q.questionId) ? { textAnswer: 'Mijn antwoord.' } : { answerIds: correctIds(before, q.questionId) };
      await student.api('POST', `/mock-exams/${exam.id}/answer`, { position: q.position, ...body });
    }

    // while she is still writing, a release changes the correct answer of one of her questions
    const changed = exam.questions.find((q) => !q.multipleAnswers && !isOpen(q.questionId))!;
    await release((doc) => {
      const q = doc.questionLists.flatMap((l) => l.questions).find((x) => x.id === changed.questionId)!;
      for (const a of q.answers) a.correct = false;
      q.answers.find((a) => `${q.id}-${a.id}` !== correctIds(before, q.id)[0])!.correct = true;
    });
    const open = await student.api<MockExam>('GET', `/mock-exams/${exam.id}`);
    expect(open.questions.filter((q) => q.changedSinceAnswer).map((q) => q.questionId)).toEqual([changed.questionId]);

    // handed in: four questions count, all right; the changed one is shown with her answer
    let done = await student.api<MockExam>('POST', `/mock-exams/${exam.id}/finish`);
    for (const q of done.questions.filter((x) => x.status === 4)) {
      done = await student.api<MockExam>('POST', `/mock-exams/${exam.id}/assess`, { position: q.position, result: 'goed' });
    }
    expect(done.result).toMatchObject({ correct: 4, partial: 0, wrong: 0, unanswered: 0, total: 4, score: 100, grade: 10, passed: true });
    const shown = done.questions.find((q) => q.questionId === changed.questionId)!;
    expect(shown).toMatchObject({ changedSinceAnswer: true, pickedAnswerIds: correctIds(before, changed.questionId) });
    expect(done.questions.filter((q) => q.changedSinceAnswer)).toHaveLength(1);
    // the chapters add up to the whole
    expect(done.chapters.reduce((n, c) => n + c.result.total, 0)).toBe(4);
    expect(done.chapters.reduce((n, c) => n + c.result.correct, 0)).toBe(4);
    // the list of her exams gives the same grade
    const overview = await student.api<MockExamOverview>('GET', `/mock-exams?subjectId=${SUBJECT}`);
    expect(overview.exams.find((e) => e.id === exam.id)).toMatchObject({ closed: true, grade: 10 });
    // and so does the progress page's grade per chapter over time
    const progress = await student.api<{ grades: Array<{ source: string; questions: number }> }>('GET', `/subjects/${SUBJECT}/progress`);
    expect(progress.grades.filter((g) => g.source === 'mockexam').reduce((n, g) => n + g.questions, 0)).toBe(4);
  });

  it('counts an answer given on the new version, and a wording fix changes nothing', async () => {
    const student = await user(ctx.app);
    const exam = await student.api<MockExam>('POST', '/mock-exams', { subjectId: SUBJECT, questionCount: 5 });
    const before = await draft();
    const first = exam.questions.find((q) => !q.multipleAnswers && correctIds(before, q.questionId).length === 1)!;
    await student.api('POST', `/mock-exams/${exam.id}/answer`, { position: first.position, answerIds: correctIds(before, first.questionId) });
    // a wording fix: her answer stays current
    await release((doc) => {
      const q = doc.questionLists.flatMap((l) => l.questions).find((x) => x.id === first.questionId)!;
      q.text = `${q.text} (herschreven)`;
    });
    expect((await student.api<MockExam>('GET', `/mock-exams/${exam.id}`)).questions.some((q) => q.changedSinceAnswer)).toBe(false);
    // the key changes, and she answers the new version before handing in: that answer counts
    await release((doc) => {
      const q = doc.questionLists.flatMap((l) => l.questions).find((x) => x.id === first.questionId)!;
      const was = correctIds(before, q.id)[0];
      for (const a of q.answers) a.correct = false;
      q.answers.find((a) => `${q.id}-${a.id}` !== was)!.correct = true;
    });
    const now = await draft();
    expect((await student.api<MockExam>('GET', `/mock-exams/${exam.id}`)).questions.find((q) => q.position === first.position)!.changedSinceAnswer).toBe(true);
    await student.api('POST', `/mock-exams/${exam.id}/answer`, { position: first.position, answerIds: correctIds(now, first.questionId) });
    const done = await student.api<MockExam>('POST', `/mock-exams/${exam.id}/finish`);
    expect(done.questions.some((q) => q.changedSinceAnswer)).toBe(false);
    // one right, four not answered, out of five
    expect(done.result).toMatchObject({ correct: 1, unanswered: 4, total: 5 });
  });
});
