import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CourseDetail, CourseFile, CourseQuestion, CourseStanding, FlashcardSession, SubjectDayPlan, TodayPlan } from '@blok/contract';
import { DIALECTS } from '../helpers.ts';
import { planSuite, student as planStudent } from '../plan/support.ts';
import { makePdf } from './pdf-maker.ts';

// Issue 41, decision 049: where she stands in a course of her own, checked with simulated students
// whose knowledge the test knows (decision 035's style): one who knows the course answers her
// questions and types her cards right, one who guesses, one who only reads (and says "Wist ik"), one
// who only scrolled. Thursday 26 November 2026, the course's exam on Thursday 17 December.
const NOW = new Date('2026-11-26T09:00:00Z');
const TZ = 'Europe/Amsterdam';
const QUESTIONS = 8;
const CARDS = 6;
const PAGES = 10;
const BACK = 'Attributie';

async function student(app: Parameters<typeof planStudent>[0]) {
  const s = await planStudent(app);
  const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, key: string = randomUUID()) => s.call(method, url, payload ?? {}, { 'idempotency-key': key });
  const ok = async <T>(method: 'POST' | 'PUT', url: string, payload: unknown, status = 200): Promise<T> => {
    const res = await write(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const upload = async (courseId: string, bytes: Buffer, name: string): Promise<CourseFile> => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/files?name=${encodeURIComponent(name)}`,
      headers: { ...s.headers, 'idempotency-key': randomUUID(), 'content-type': 'application/pdf' },
      payload: bytes,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const standing = async (courseId: string): Promise<CourseStanding> => {
    const res = await s.call('GET', `/api/courses/${courseId}/standing`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const today = async (): Promise<TodayPlan> => {
    const res = await s.call('GET', `/api/plan/today?timeZone=${encodeURIComponent(TZ)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Her course with its material: a deck of slides, her questions (multiple choice, 'a2' right) and a set of cards. */
  const courseWithMaterial = async () => {
    const { course } = await ok<CourseDetail>('POST', '/api/courses', { name: 'Sociale psychologie', examDate: '2026-12-17' }, 201);
    const file = await upload(course.id, makePdf(Array.from({ length: PAGES }, (_, i) => `Hoorcollege: dia ${i + 1} over attributie`)), 'Hoorcollege 1.pdf');
    const questions: CourseQuestion[] = [];
    for (let i = 0; i < QUESTIONS; i++) {
      questions.push(
        await ok<CourseQuestion>(
          'POST',
          `/api/courses/${course.id}/questions`,
          { type: 'SELECT', prompt: `Vraag ${i + 1}`, key: { answers: [{ text: 'Nee', correct: false }, { text: 'Ja', correct: true }, { text: 'Soms' }, { text: 'Nooit' }] } },
          201,
        ),
      );
    }
    const set = await ok<{ id: string }>('POST', '/api/own-flashcard-sets', { title: 'Begrippen', courseId: course.id }, 201);
    for (let i = 0; i < CARDS; i++) await ok('POST', `/api/own-flashcard-sets/${set.id}/cards`, { front: `Begrip ${i + 1}`, back: BACK }, 201);
    return { courseId: course.id, file, questions, setId: set.id };
  };
  const answer = (courseId: string, q: CourseQuestion, choice: string) => ok('POST', `/api/courses/${courseId}/questions/${q.id}/answer`, { choice });
  const readAll = (courseId: string, fileId: string) => ok('POST', `/api/courses/${courseId}/files/${fileId}/read`, { pages: Array.from({ length: PAGES }, (_, i) => i + 1) });
  /** Goes through her set: typed answers (`typed(i)`), or her own verdict "Wist ik" (`typed` null). */
  const cards = async (setId: string, typed: ((i: number) => string) | null) => {
    const session = await ok<FlashcardSession>('POST', `/api/own-flashcard-sets/${setId}/sessions`, {}, 201);
    for (let position = 0; position < CARDS; position++) {
      await ok('POST', `/api/flashcard-sessions/${session.id}/answer`, typed ? { position, known: true, typedAnswer: typed(position) } : { position, known: true });
    }
  };
  return { ...s, write, ok, upload, standing, today, courseWithMaterial, answer, readAll, cards };
}

const courseDay = (plan: TodayPlan, courseId: string): SubjectDayPlan | undefined => plan.subjects.find((x) => x.courseId === courseId);

describe.each(DIALECTS)('where she stands in her own course on %s', (dialect) => {
  const suite = planSuite(dialect, NOW);

  it('orders simulated students by what they know: who knows > who guesses; reading or scrolling alone is no figure', async () => {
    // knows the course: reads her slides, answers every question right, types every card right
    const knower = await student(suite.ctx.app);
    const k = await knower.courseWithMaterial();
    await knower.readAll(k.courseId, k.file.id);
    for (const q of k.questions) await knower.answer(k.courseId, q, 'a2');
    await knower.cards(k.setId, () => BACK);

    // guesses: one of four right, a typed card never
    const guesser = await student(suite.ctx.app);
    const g = await guesser.courseWithMaterial();
    await guesser.readAll(g.courseId, g.file.id);
    for (const [i, q] of g.questions.entries()) await guesser.answer(g.courseId, q, ['a2', 'a1', 'a3', 'a4'][i % 4]!);
    await guesser.cards(g.setId, () => 'weet ik niet');

    // reads every slide and says "Wist ik" on every card: no graded answer
    const reader = await student(suite.ctx.app);
    const r = await reader.courseWithMaterial();
    await reader.readAll(r.courseId, r.file.id);
    await reader.cards(r.setId, null);

    // scrolled through: nothing counted
    const scroller = await student(suite.ctx.app);
    const sc = await scroller.courseWithMaterial();

    const [K, G, R, S] = [await knower.standing(k.courseId), await guesser.standing(g.courseId), await reader.standing(r.courseId), await scroller.standing(sc.courseId)];
    console.log(
      `[${dialect}] course readiness: knower ${K.readiness} % ${K.expectedGrade?.grade} (${K.expectedGrade?.low}-${K.expectedGrade?.high}), guesser ${G.readiness} % ${G.expectedGrade?.grade}, ` +
        `reader ${R.readiness} (coverage ${R.coverage} %), scroller ${S.readiness} (coverage ${S.coverage} %)`,
    );
    expect(K.readiness!).toBeGreaterThanOrEqual(75);
    expect(K.expectedGrade!.grade).toBeGreaterThanOrEqual(7.5);
    expect(G.readiness!).toBeLessThanOrEqual(40);
    expect(K.readiness! - G.readiness!).toBeGreaterThanOrEqual(40);
    expect(R).toMatchObject({ readiness: null, expectedGrade: null, gradedAnswers: 0 });
    expect(S).toMatchObject({ readiness: null, expectedGrade: null, gradedAnswers: 0, coverage: 0 });

    // Voortgang's counts
    expect(K).toMatchObject({ gradedAnswers: QUESTIONS + CARDS, coverage: 100, pages: { total: PAGES, read: PAGES }, questions: { total: QUESTIONS, right: QUESTIONS, partly: 0, wrong: 0, unanswered: 0 }, cards: { total: CARDS, known: CARDS, unknown: 0, unseen: 0, typed: CARDS } });
    expect(G).toMatchObject({ questions: { total: QUESTIONS, right: 2, wrong: 6, unanswered: 0 }, cards: { total: CARDS, known: 0, unknown: CARDS, typed: CARDS } });
    expect(R).toMatchObject({ coverage: 67, pages: { read: PAGES }, questions: { unanswered: QUESTIONS }, cards: { known: CARDS, typed: 0, unseen: 0 } });
    expect(S).toMatchObject({ pages: { total: PAGES, read: 0 }, questions: { unanswered: QUESTIONS }, cards: { unseen: CARDS } });

    // Vandaag shows it beside her course, as beside a Blok subject
    expect(courseDay(await knower.today(), k.courseId)).toMatchObject({ readiness: K.readiness, expectedGrade: K.expectedGrade });
    expect(courseDay(await reader.today(), r.courseId)).toMatchObject({ readiness: null, expectedGrade: null });
  });

  it('counts her latest verdict; a changed question no longer counts; what she has not done lowers it', async () => {
    const s = await student(suite.ctx.app);
    const c = await s.courseWithMaterial();
    await s.readAll(c.courseId, c.file.id);
    // half her questions answered right, the rest not yet
    for (const q of c.questions.slice(0, QUESTIONS / 2)) await s.answer(c.courseId, q, 'a2');
    const half = await s.standing(c.courseId);
    for (const q of c.questions.slice(QUESTIONS / 2)) await s.answer(c.courseId, q, 'a2');
    const all = await s.standing(c.courseId);
    expect(all.readiness!).toBeGreaterThan(half.readiness!);
    expect(half.questions).toMatchObject({ right: 4, unanswered: 4 });
    // answers from before her course's marks (migration 0051) count by the verdict the question keeps
    await suite.ctx.handle.db.deleteFrom('course_marks').where('course_id', '=', c.courseId).execute();
    expect(await s.standing(c.courseId)).toEqual(all);

    // wrong now, after right: her latest verdict counts
    await s.answer(c.courseId, c.questions[0]!, 'a1');
    const wrongNow = await s.standing(c.courseId);
    expect(wrongNow.questions).toMatchObject({ right: QUESTIONS - 1, wrong: 1 });
    expect(wrongNow.readiness!).toBeLessThan(all.readiness!);
    expect(wrongNow.gradedAnswers).toBe(QUESTIONS);

    // a question she changed: her answer was to the question as it was
    const changed = await s.write('PUT', `/api/courses/${c.courseId}/questions/${c.questions[1]!.id}`, { type: 'SELECT', prompt: 'Anders', key: { answers: [{ text: 'A', correct: true }, { text: 'B' }] } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await s.standing(c.courseId)).questions).toMatchObject({ right: QUESTIONS - 2, unanswered: 1 });

    // another student's course: 404, as an unknown one
    const other = await student(suite.ctx.app);
    expect((await other.call('GET', `/api/courses/${c.courseId}/standing`)).statusCode).toBe(404);
    expect((await other.call('GET', `/api/courses/${randomUUID()}/standing`)).statusCode).toBe(404);
  });

  it('drops what she showed in a course and its plan’s days when she deletes it (one unit of work)', async () => {
    const s = await student(suite.ctx.app);
    const c = await s.courseWithMaterial();
    await s.answer(c.courseId, c.questions[0]!, 'a2');
    await s.cards(c.setId, () => BACK);
    expect(courseDay(await s.today(), c.courseId)).toBeDefined();
    const db = suite.ctx.handle.db;
    const marks = () => db.selectFrom('course_marks').select(['kind', 'source']).where('course_id', '=', c.courseId).execute();
    const days = () => db.selectFrom('plan_days').select('date').where('subject_id', '=', `course:${c.courseId}`).execute();
    expect((await marks()).map((m) => `${m.kind}:${m.source}`).sort()).toEqual(['question:own-question', ...Array(CARDS).fill('card:card-typed')].sort());
    expect(await days()).toHaveLength(1);

    const other = await student(suite.ctx.app);
    expect((await other.write('DELETE', `/api/courses/${c.courseId}`)).statusCode).toBe(404);
    expect(await marks()).toHaveLength(CARDS + 1);

    const key = randomUUID();
    expect((await s.write('DELETE', `/api/courses/${c.courseId}`, undefined, key)).statusCode).toBe(204);
    expect((await s.write('DELETE', `/api/courses/${c.courseId}`, undefined, key)).headers['idempotent-replayed']).toBe('true');
    expect(await marks()).toEqual([]);
    expect(await days()).toEqual([]);
    expect((await s.call('GET', `/api/courses/${c.courseId}/standing`)).statusCode).toBe(404);
    // her cards stay hers, in a personal set; answering them now keeps nothing for a course
    const set = await s.call('GET', `/api/own-flashcard-sets/${c.setId}`);
    expect(set.statusCode, set.body).toBe(200);
    const allMarks = async () => (await db.selectFrom('course_marks').select('item_id').execute()).length;
    const before = await allMarks();
    await s.cards(c.setId, () => BACK);
    expect(await allMarks()).toBe(before);
  });

  it('plans a course in minutes of its own on its exam plan, as a command; without them it shares her day', async () => {
    const s = await student(suite.ctx.app);
    const c = await s.courseWithMaterial();
    // an exam on Monday and 120 slides left: more than her day's 30 minutes could hold
    await s.ok('PUT', `/api/courses/${c.courseId}`, { examDate: '2026-11-30' });
    await s.upload(c.courseId, makePdf(Array.from({ length: 120 }, (_, i) => `Dia ${i + 1}`)), 'Hoorcollege 2.pdf');
    const shared = courseDay(await s.today(), c.courseId)!;
    expect(shared).toMatchObject({ minutesPerDay: 30, minutes: 30 });

    const key = randomUUID();
    const body = { examDate: '2026-11-30', minutesPerDay: 90, studyDays: [4, 1, 2, 3, 5, 6, 7] };
    const saved = await s.write('PUT', `/api/courses/${c.courseId}`, body, key);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CourseDetail>().course).toMatchObject({ examDate: '2026-11-30', minutesPerDay: 90, studyDays: [1, 2, 3, 4, 5, 6, 7] });
    expect((await s.write('PUT', `/api/courses/${c.courseId}`, body, key)).headers['idempotent-replayed']).toBe('true');
    const own = courseDay(await s.today(), c.courseId)!;
    expect(own).toMatchObject({ minutesPerDay: 90 });
    // more than her day's 30 minutes, within the course's own 90
    expect(own.minutes).toBeGreaterThan(30);
    expect(own.minutes).toBeLessThanOrEqual(90);
    // study days of its own: Thursday is not one of them, no tasks today
    await s.ok('PUT', `/api/courses/${c.courseId}`, { studyDays: [1, 2, 3, 5] });
    expect(courseDay(await s.today(), c.courseId)).toMatchObject({ phase: 'rest-day', tasks: [] });
    await s.ok('PUT', `/api/courses/${c.courseId}`, { studyDays: [1, 2, 3, 4, 5] });

    // a name change leaves the plan's time
    expect((await s.write('PUT', `/api/courses/${c.courseId}`, { name: 'Sociale psychologie 2' })).json<CourseDetail>().course).toMatchObject({ minutesPerDay: 90, studyDays: [1, 2, 3, 4, 5] });
    // outside the plan's bounds, or a day twice: 400
    for (const bad of [{ minutesPerDay: 2 }, { minutesPerDay: 601 }, { studyDays: [1, 1] }, { studyDays: [8] }]) {
      const res = await s.write('PUT', `/api/courses/${c.courseId}`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // another student's course: 404
    const other = await student(suite.ctx.app);
    expect((await other.write('PUT', `/api/courses/${c.courseId}`, { minutesPerDay: 60 })).statusCode).toBe(404);
    // none again: her day's time, as before
    expect((await s.write('PUT', `/api/courses/${c.courseId}`, { minutesPerDay: null, studyDays: null })).json<CourseDetail>().course).toMatchObject({ minutesPerDay: null, studyDays: [] });
    expect(courseDay(await s.today(), c.courseId)).toMatchObject({ minutesPerDay: 30 });
  });
});
