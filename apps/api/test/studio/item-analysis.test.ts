import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockExam, MockExamQuestion, SessionOverview, StudioItemAnalysis } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';

// Issue 40, item analysis in the studio on a seeded set of answers: six students answer the
// fixture's questions (fixture-typen, list fxq-lijst) through the API, the three strongest right, the
// weaker wrong, and one question the other way round. The subject's author sees per question the
// share right, the discrimination and the picks per wrong answer; a student gets 404.

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'question-types-courses');
const SUBJECT = 'fixture-typen';
const LIST = 'fxq-lijst';

async function user(app: TestApp) {
  const u = await signedInUser(app);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api${url}`, headers: { ...u.headers, ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }) }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { ...u, call };
}

describe.each(DIALECTS)('item analysis on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, FIXTURE, { dialect });
  });
  afterAll(async () => ctx?.close());

  it('gives the author per question the share right, the discrimination and the picks per wrong answer', async () => {
    const [admin, author] = await Promise.all([user(ctx.app), user(ctx.app)]);
    await ctx.app.services.studio.setRole(null, admin.email, 'admin');
    expect((await admin.call('PUT', '/studio/roles', { email: author.email, role: 'author' })).statusCode).toBe(200);
    expect((await admin.call('PUT', '/studio/assignments', { email: author.email, subjectId: SUBJECT, assigned: true })).statusCode).toBe(200);

    for (let s = 0; s < 6; s++) {
      const strong = s >= 3;
      const student = await user(ctx.app);
      const { id } = (await student.call('POST', `/session/${LIST}/start-all`, {})).json() as { id: string };
      const overview = (await student.call('GET', `/session/${id}`)).json() as SessionOverview;
      const save = async (questionId: string, answer: object) => {
        const res = await student.call('POST', `/question-list/${LIST}/save-answer`, { sessionId: id, questionId, ...answer });
        expect(res.statusCode, res.body).toBe(200);
      };
      await save('fxq-typed', { textAnswer: strong ? 'mitochondrium' : 'ribosoom' });
      await save('fxq-numeric', { textAnswer: strong ? '12,50' : '14' });
      // the weaker right, the stronger wrong: a question to look at
      await save('fxq-cloze', { gaps: strong ? ['wand', 'RNA'] : ['kern', 'DNA'] });
      const choice = overview.questions.find((q) => q.questionId === 'fxq-keuze')!;
      const pick = choice.answers.find((a) => (a.answerText === 'De kleinste eenheid van leven') === strong)!;
      await save('fxq-keuze', { answerId: pick.id });
    }

    const res = await author.call('GET', `/studio/subjects/${SUBJECT}/item-analysis`);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as StudioItemAnalysis;
    const item = (id: string) => items.find((i) => i.questionId === id)!;
    expect(items.map((i) => i.questionId)).toEqual(['fxq-typed', 'fxq-numeric', 'fxq-ordering', 'fxq-matching', 'fxq-cloze', 'fxq-keuze']);
    expect(item('fxq-typed')).toMatchObject({ type: 'TYPED', answers: 6, shareRight: 0.5, flags: [] });
    expect(item('fxq-typed').discrimination).toBeGreaterThan(0.5);
    expect(item('fxq-cloze').discrimination).toBeLessThan(0);
    expect(item('fxq-cloze').flags).toContain('negative_discrimination');
    expect(item('fxq-keuze')).toMatchObject({ answers: 6, shareRight: 0.5, distractors: [{ text: 'Een molecuul', picks: 3 }] });
    expect(item('fxq-ordering')).toMatchObject({ answers: 0, shareRight: null, discrimination: null, flags: [] });

    // mock exams count too (decision 045): a closed exam's answers, not an open one's
    const analysis = async () => {
      const r = await author.call('GET', `/studio/subjects/${SUBJECT}/item-analysis`);
      expect(r.statusCode, r.body).toBe(200);
      return new Map((r.json() as StudioItemAnalysis).items.map((i) => [i.questionId, i]));
    };
    const before = await analysis();
    expect([...before.values()].every((i) => i.fromMockExams === 0)).toBe(true);
    const takeExam = async (handIn: boolean) => {
      const student = await user(ctx.app);
      const start = await student.call('POST', '/mock-exams', { subjectId: SUBJECT, questionCount: 5 });
      expect(start.statusCode, start.body).toBe(201);
      const exam = start.json() as MockExam;
      const itemId = (items: Array<{ id: string; text: string }>, text: string) => items.find((i) => i.text === text)!.id;
      for (const q of exam.questions) {
        const i = q.interaction;
        const body: object | null =
          q.type === 'TYPED'
            ? { textAnswer: 'mitochondrium' }
            : q.type === 'NUMERIC'
              ? { textAnswer: '12,50' }
              : q.type === 'ORDERING'
                ? { order: ['Profase', 'Metafase', 'Anafase', 'Telofase'].map((t) => itemId(i!.items, t)) }
                : q.type === 'CLOZE'
                  ? { gaps: ['kern', 'DNA'] }
                  : q.type === 'SELECT'
                    ? { answerIds: [q.answers.find((a) => a.answerText === 'De kleinste eenheid van leven')!.id] }
                    : null;
        if (!body) continue;
        const res = await student.call('POST', `/mock-exams/${exam.id}/answer`, { position: q.position, ...body });
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as MockExamQuestion).position).toBe(q.position);
      }
      if (handIn) expect((await student.call('POST', `/mock-exams/${exam.id}/finish`)).statusCode).toBe(200);
      return exam.questions.filter((q) => q.type !== 'MATCHING' && q.type !== 'OPEN').map((q) => q.questionId);
    };
    const open = await takeExam(false);
    expect(open.length).toBeGreaterThan(0);
    const whileOpen = await analysis();
    for (const id of open) expect(whileOpen.get(id)!.answers, id).toBe(before.get(id)!.answers);
    const answered = await takeExam(true);
    const after = await analysis();
    for (const id of answered) {
      expect(after.get(id), id).toMatchObject({ answers: before.get(id)!.answers + 1, fromMockExams: 1 });
      // her exam answer is right: the share right grows
      expect(after.get(id)!.shareRight!, id).toBeGreaterThan(before.get(id)!.shareRight ?? 0);
    }
    if (answered.includes('fxq-ordering')) expect(after.get('fxq-ordering')).toMatchObject({ answers: 1, shareRight: 1 });

    // a student, and an author of another subject, get 404
    const student = await user(ctx.app);
    expect((await student.call('GET', `/studio/subjects/${SUBJECT}/item-analysis`)).statusCode).toBe(404);
  });
});
