import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, CourseQuestion, CourseQuestionList, CourseQuestionVerdict } from '@blok/contract';
import { COURSE_QUESTIONS_BATCH_MAX, COURSE_QUESTIONS_MAX } from '@blok/contract';
import { readPastedQuestions } from '@blok/domain/pasted-questions';
import { DIALECTS, PASSWORD, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function student(app: TestApp) {
  const { headers } = await signedInUser(app);
  const call = (method: Method, url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, key: string = randomUUID()) => call(method, url, payload, { 'idempotency-key': key });
  return { call, write };
}
type Student = Awaited<ReturnType<typeof student>>;

async function newCourse(s: Student): Promise<string> {
  const res = await s.write('POST', '/api/courses', { name: 'Statistiek' });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as CourseDetail).course.id;
}

async function written(s: Student, courseId: string, body: Record<string, unknown>): Promise<CourseQuestion> {
  const res = await s.write('POST', `/api/courses/${courseId}/questions`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const answer = (s: Student, courseId: string, q: CourseQuestion, body: Record<string, unknown>) => s.write('POST', `/api/courses/${courseId}/questions/${q.id}/answer`, body);
const verdict = async (s: Student, courseId: string, q: CourseQuestion, body: Record<string, unknown>): Promise<CourseQuestionVerdict> => {
  const res = await answer(s, courseId, q, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const CHOICE = { type: 'SELECT', prompt: 'Welke maat is gevoelig voor uitschieters?', key: { answers: [{ text: 'Mediaan', correct: false }, { text: 'Gemiddelde', correct: true }, { text: 'Modus' }] }, explanation: 'Het gemiddelde telt elke waarde mee.' };
const NUMERIC = { type: 'NUMERIC', prompt: 'Wat is de kans op kop bij twee worpen, twee keer kop?', key: { value: 0.25, tolerance: 0.01, unitAliases: [] }, explanation: '0,5 maal 0,5.' };

describe.each(DIALECTS)('her own questions on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('writes, lists, changes and deletes her questions as commands', async () => {
    const s = await student(ctx.app);
    const courseId = await newCourse(s);
    const base = `/api/courses/${courseId}/questions`;
    expect((await s.call('GET', base)).json()).toEqual({ questions: [] });

    const key = randomUUID();
    const first = await s.write('POST', base, { ...CHOICE, prompt: `  ${CHOICE.prompt} ` }, key);
    const again = await s.write('POST', base, { ...CHOICE, prompt: `  ${CHOICE.prompt} ` }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const q: CourseQuestion = first.json();
    expect(q).toMatchObject({ courseId, type: 'SELECT', prompt: CHOICE.prompt, explanation: CHOICE.explanation, lastStatus: null, answeredAt: null });
    // the key as stored: trimmed, defaults filled in
    expect(q.key).toEqual({ answers: [{ text: 'Mediaan', correct: false }, { text: 'Gemiddelde', correct: true }, { text: 'Modus', correct: false }] });
    const n = await written(s, courseId, NUMERIC);
    expect(n.key).toEqual({ value: 0.25, tolerance: 0.01, relative: false, unitAliases: [] });

    const list: CourseQuestionList = (await s.call('GET', base)).json();
    expect(list.questions.map((x) => x.id)).toEqual([q.id, n.id]);

    // answered, then changed: the answer was to the question as it was
    expect((await verdict(s, courseId, n, { textAnswer: '0,25' })).question.lastStatus).toBe(1);
    const changed = await s.write('PUT', `${base}/${n.id}`, { ...NUMERIC, key: { value: 0.5 }, explanation: '' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ key: { value: 0.5, tolerance: 0 }, explanation: '', lastStatus: null, answeredAt: null });

    expect((await s.write('DELETE', `${base}/${q.id}`)).statusCode).toBe(204);
    expect(((await s.call('GET', base)).json() as CourseQuestionList).questions.map((x) => x.id)).toEqual([n.id]);
    expect((await s.write('DELETE', `${base}/${q.id}`)).statusCode).toBe(404);
  });

  it('grades every type right and wrong with the domain and keeps her latest verdict', async () => {
    const s = await student(ctx.app);
    const courseId = await newCourse(s);
    const choice = await written(s, courseId, CHOICE);
    expect(await verdict(s, courseId, choice, { choice: 'a2' })).toMatchObject({ status: 1, result: 'right', explanation: CHOICE.explanation, expected: { choice: 'a2' } });
    const wrong = await verdict(s, courseId, choice, { choice: 'a1' });
    expect(wrong).toMatchObject({ status: 0, result: 'wrong', expected: { choice: 'a2' } });
    expect(wrong.question.lastStatus).toBe(0);
    expect(wrong.question.answeredAt).not.toBeNull();

    const numeric = await written(s, courseId, NUMERIC);
    // the Dutch comma, a point, within the tolerance
    expect((await verdict(s, courseId, numeric, { textAnswer: '0,25' })).result).toBe('right');
    expect((await verdict(s, courseId, numeric, { textAnswer: '0.255' })).result).toBe('right');
    expect(await verdict(s, courseId, numeric, { textAnswer: '0,3' })).toMatchObject({ result: 'wrong', expected: { text: '0,25' } });
    const unreadable = await answer(s, courseId, numeric, { textAnswer: 'een kwart' });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toMatchObject({ error: 'invalid_number' });

    const typed = await written(s, courseId, { type: 'TYPED', prompt: 'Hoe heet de middelste waarde?', key: { accepted: ['mediaan', 'de mediaan'] } });
    expect(await verdict(s, courseId, typed, { textAnswer: 'Mediaan.' })).toMatchObject({ result: 'right', typo: false });
    expect(await verdict(s, courseId, typed, { textAnswer: 'mediann' })).toMatchObject({ result: 'right', typo: true });
    expect(await verdict(s, courseId, typed, { textAnswer: 'modus' })).toMatchObject({ result: 'wrong', expected: { text: 'mediaan' } });

    const ordering = await written(s, courseId, { type: 'ORDERING', prompt: 'Zet in volgorde', key: { items: ['Hypothese', 'Data', 'Toets', 'Conclusie'] } });
    const id = (n: number) => `${ordering.id}-i${n}`;
    expect(await verdict(s, courseId, ordering, { order: [id(1), id(2), id(3), id(4)] })).toMatchObject({ result: 'right', expected: { order: [id(1), id(2), id(3), id(4)] } });
    // one item moved: partly right (four items or more)
    expect((await verdict(s, courseId, ordering, { order: [id(2), id(3), id(4), id(1)] })).result).toBe('partly');
    expect((await verdict(s, courseId, ordering, { order: [id(4), id(3), id(2), id(1)] })).result).toBe('wrong');

    const matching = await written(s, courseId, { type: 'MATCHING', prompt: 'Koppel', key: { pairs: [{ left: 'Mediaan', right: 'Midden' }, { left: 'Modus', right: 'Vaakst' }], decoys: ['Som'] } });
    const l = (n: number) => `${matching.id}-l${n}`;
    const r = (n: number) => `${matching.id}-r${n}`;
    expect(await verdict(s, courseId, matching, { pairs: [{ left: l(1), right: r(1) }, { left: l(2), right: r(2) }] })).toMatchObject({
      result: 'right',
      expected: { pairs: [{ left: l(1), right: r(1) }, { left: l(2), right: r(2) }] },
    });
    expect((await verdict(s, courseId, matching, { pairs: [{ left: l(1), right: r(3) }, { left: l(2), right: r(1) }] })).result).toBe('wrong');

    const list: CourseQuestionList = (await s.call('GET', `/api/courses/${courseId}/questions`)).json();
    expect(list.questions.map((q) => q.lastStatus)).toEqual([0, 0, 0, 0, 0]);
  });

  it("emits course-question.answered in the answer's unit of work", async () => {
    const s = await student(ctx.app);
    const courseId = await newCourse(s);
    const q = await written(s, courseId, CHOICE);
    const events = (ctx.app as unknown as { services: { courseQuestions: { recordAnswer: unknown } } }).services.courseQuestions;
    const heard: Array<{ status: number; courseId: string }> = [];
    const original = events.recordAnswer as (tx: unknown, e: { status: number; courseId: string }) => Promise<void>;
    events.recordAnswer = async (tx: unknown, e: { status: number; courseId: string }) => {
      heard.push(e);
      await original(tx, e);
      if (e.status === 0) throw new Error('a listener failed');
    };
    try {
      expect((await answer(s, courseId, q, { choice: 'a2' })).statusCode).toBe(200);
      // a listener that fails rolls the answer back with it
      expect((await answer(s, courseId, q, { choice: 'a1' })).statusCode).toBe(500);
    } finally {
      events.recordAnswer = original;
    }
    expect(heard.map((e) => [e.courseId, e.status])).toEqual([[courseId, 1], [courseId, 0]]);
    const list: CourseQuestionList = (await s.call('GET', `/api/courses/${courseId}/questions`)).json();
    expect(list.questions[0]!.lastStatus).toBe(1);
  });

  it('refuses a key the domain rejects with 400 question_key_invalid at its fields', async () => {
    const s = await student(ctx.app);
    const courseId = await newCourse(s);
    const base = `/api/courses/${courseId}/questions`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...CHOICE, key: { answers: [{ text: 'A', correct: true }, { text: 'B', correct: true }] } }, 'key.answers'],
      [{ ...CHOICE, key: { answers: [{ text: 'A', correct: true }] } }, 'key.answers'],
      [{ ...NUMERIC, key: { value: '0,25 ongeveer' } }, 'key.value'],
      [{ ...NUMERIC, key: { value: 1, tolerance: -1 } }, 'key.tolerance'],
      [{ type: 'TYPED', prompt: 'Vraag', key: { accepted: ['  '] } }, 'key.accepted.0'],
      [{ type: 'ORDERING', prompt: 'Vraag', key: { items: ['Een'] } }, 'key.items'],
      [{ type: 'MATCHING', prompt: 'Vraag', key: { pairs: [{ left: 'a', right: 'b' }, { left: 'c', right: '' }] } }, 'key.pairs.1.right'],
    ];
    for (const [body, field] of cases) {
      const res = await s.write('POST', base, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe('question_key_invalid');
      expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    // a type that is none of hers, and an empty question: the contract's 400
    expect((await s.write('POST', base, { ...CHOICE, type: 'CLOZE' })).statusCode).toBe(400);
    expect((await s.write('POST', base, { ...CHOICE, prompt: '  ' })).statusCode).toBe(400);
    expect(((await s.call('GET', base)).json() as CourseQuestionList).questions).toEqual([]);
  });

  it('adds the questions she pasted as text in one command: all or none, within the limit', async () => {
    const s = await student(ctx.app);
    const courseId = await newCourse(s);
    const other = await student(ctx.app);
    const batch = `/api/courses/${courseId}/questions/batch`;
    const pasted = readPastedQuestions('1. Welke maat?\na) Mediaan\nb) Gemiddelde *\n2. Kans op twee keer kop?\nAntwoord: 0,25 ± 0,01\n\nWie?\nAntwoord: Fisher | R.A. Fisher');
    const bodies = pasted.questions.map((q) => q.body!);
    const key = randomUUID();
    const res = await s.write('POST', batch, { questions: bodies }, key);
    expect(res.statusCode, res.body).toBe(201);
    const added = (res.json() as CourseQuestionList).questions;
    expect(added.map((q) => q.type)).toEqual(['SELECT', 'NUMERIC', 'TYPED']);
    expect((await s.write('POST', batch, { questions: bodies }, key)).headers['idempotent-replayed']).toBe('true');
    const list: CourseQuestionList = (await s.call('GET', `/api/courses/${courseId}/questions`)).json();
    expect(list.questions.map((q) => q.id)).toEqual(added.map((q) => q.id));
    expect((await verdict(s, courseId, added[1]!, { textAnswer: '0,255' })).result).toBe('right');

    // one bad key: none is added, the problem named at its question
    const bad = await s.write('POST', batch, { questions: [bodies[0], { type: 'TYPED', prompt: 'Leeg?', key: { accepted: [] } }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'question_key_invalid', fields: [{ field: 'questions.1.key.accepted' }] });
    expect(((await s.call('GET', `/api/courses/${courseId}/questions`)).json() as CourseQuestionList).questions).toHaveLength(3);

    // empty, too many, another student's course
    expect((await s.write('POST', batch, { questions: [] })).statusCode).toBe(400);
    expect((await s.write('POST', batch, { questions: Array.from({ length: COURSE_QUESTIONS_BATCH_MAX + 1 }, () => bodies[2]) })).statusCode).toBe(400);
    expect((await other.write('POST', batch, { questions: [bodies[2]] })).statusCode).toBe(404);

    // the course's limit: no partial batch past it
    for (let i = 0; i < Math.floor((COURSE_QUESTIONS_MAX - 3) / COURSE_QUESTIONS_BATCH_MAX); i++) {
      expect((await s.write('POST', batch, { questions: Array.from({ length: COURSE_QUESTIONS_BATCH_MAX }, () => bodies[2]) })).statusCode).toBe(201);
    }
    const full = await s.write('POST', batch, { questions: Array.from({ length: COURSE_QUESTIONS_BATCH_MAX }, () => bodies[2]) });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: 'limit_reached' });
    const count = ((await s.call('GET', `/api/courses/${courseId}/questions`)).json() as CourseQuestionList).questions.length;
    expect(count).toBe(3 + Math.floor((COURSE_QUESTIONS_MAX - 3) / COURSE_QUESTIONS_BATCH_MAX) * COURSE_QUESTIONS_BATCH_MAX);
  });

  it("answers 404 for another student's course or question, and goes with the course and her account", async () => {
    const owner = await student(ctx.app);
    const other = await student(ctx.app);
    const courseId = await newCourse(owner);
    const base = `/api/courses/${courseId}/questions`;
    const q = await written(owner, courseId, CHOICE);
    expect((await other.call('GET', base)).statusCode).toBe(404);
    expect((await other.write('POST', base, CHOICE)).statusCode).toBe(404);
    expect((await other.write('PUT', `${base}/${q.id}`, CHOICE)).statusCode).toBe(404);
    expect((await other.write('DELETE', `${base}/${q.id}`)).statusCode).toBe(404);
    expect((await answer(other, courseId, q, { choice: 'a2' })).statusCode).toBe(404);
    // her question id under the other student's own course is not found either
    const theirs = await newCourse(other);
    expect((await other.write('POST', `/api/courses/${theirs}/questions/${q.id}/answer`, { choice: 'a2' })).statusCode).toBe(404);
    expect((await other.write('PUT', `/api/courses/${theirs}/questions/${q.id}`, CHOICE)).statusCode).toBe(404);
    // unknown ids are 404, malformed ones 400
    expect((await owner.write('POST', `${base}/${randomUUID()}/answer`, { choice: 'a1' })).statusCode).toBe(404);
    expect((await owner.write('POST', `${base}/not-an-id/answer`, { choice: 'a1' })).statusCode).toBe(400);
    expect((await answer(owner, courseId, q, { choice: 'a2' })).statusCode).toBe(200);

    // the course deleted: its questions go with it
    expect((await owner.write('DELETE', `/api/courses/${courseId}`)).statusCode).toBe(204);
    expect(await ctx.handle.db.selectFrom('course_questions').select('id').where('course_id', '=', courseId).execute()).toEqual([]);
    expect((await owner.call('GET', base)).statusCode).toBe(404);

    // her account deleted: the questions of her other courses go with it
    const second = await newCourse(owner);
    await written(owner, second, NUMERIC);
    const me = (await owner.call('GET', '/api/user/profile')).json();
    const del = await owner.write('DELETE', '/api/user/profile', { password: PASSWORD });
    expect([200, 204]).toContain(del.statusCode);
    expect(await ctx.handle.db.selectFrom('course_questions').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
  });
});
