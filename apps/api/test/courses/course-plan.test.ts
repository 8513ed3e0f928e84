import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { CourseDetail, CourseFile, CourseFileReading, CourseQuestion, SubjectDayPlan, TodayPlan } from '@blok/contract';
import { DIALECTS, PASSWORD } from '../helpers.ts';
import { SUBJECT, planSuite, student as planStudent } from '../plan/support.ts';
import { makePdf } from './pdf-maker.ts';

// Issue 41: her reading in her own PDFs, and her courses in today's plan (decision 039's addendum).
// Thursday 26 November 2026, 10:00 in Amsterdam; the course's exam on Thursday 17 December.
const NOW = new Date('2026-11-26T09:00:00Z');
const TZ = 'Europe/Amsterdam';

async function student(app: Parameters<typeof planStudent>[0]) {
  const s = await planStudent(app);
  const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, key: string = randomUUID()) => s.call(method, url, payload ?? {}, { 'idempotency-key': key });
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
  const course = async (body: Record<string, unknown>): Promise<CourseDetail> => {
    const res = await write('POST', '/api/courses', { name: 'Sociale psychologie', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const read = (courseId: string, fileId: string, pages: number[], key?: string) => write('POST', `/api/courses/${courseId}/files/${fileId}/read`, { pages }, key);
  const today = async (): Promise<TodayPlan> => {
    const res = await s.call('GET', `/api/plan/today?timeZone=${encodeURIComponent(TZ)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** a multiple choice question of hers in the course; 'a2' answers it right */
  const question = async (courseId: string, prompt: string): Promise<CourseQuestion> => {
    const res = await write('POST', `/api/courses/${courseId}/questions`, { type: 'SELECT', prompt, key: { answers: [{ text: 'Mediaan', correct: false }, { text: 'Gemiddelde', correct: true }] }, explanation: '' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const answer = async (courseId: string, questionId: string, right: boolean) => {
    const res = await write('POST', `/api/courses/${courseId}/questions/${questionId}/answer`, { choice: right ? 'a2' : 'a1' });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { ...s, write, upload, course, read, today, question, answer };
}

/** A deck of `count` slides of a short line each. */
const slides = (count: number, title = 'Hoorcollege') => makePdf(Array.from({ length: count }, (_, i) => `${title}: dia ${i + 1} over attributie en dissonantie`));

const courseDay = (plan: TodayPlan, courseId: string): SubjectDayPlan | undefined => plan.subjects.find((x) => x.courseId === courseId);

describe.each(DIALECTS)('her reading and her courses in the plan on %s', (dialect) => {
  const suite = planSuite(dialect, NOW);

  it('keeps the pages she read once per page, as a command; another student gets 404', async () => {
    const s = await student(suite.ctx.app);
    const { course } = await s.course({ examDate: '2026-12-17' });
    const file = await s.upload(course.id, slides(30), 'Hoorcollege 3.pdf');
    expect(file.pagesRead).toBe(0);

    const key = randomUUID();
    const first = await s.read(course.id, file.id, [1, 2, 3, 3], key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<CourseFileReading>()).toEqual({ fileId: file.id, pages: 30, pagesRead: 3, read: [1, 2, 3] });
    // the same report again (a retry from the outbox) is its first answer
    const replay = await s.read(course.id, file.id, [1, 2, 3, 3], key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    // a page read again stays read once
    expect((await s.read(course.id, file.id, [3, 4, 12])).json<CourseFileReading>()).toMatchObject({ pagesRead: 5, read: [1, 2, 3, 4, 12] });
    const detail: CourseDetail = (await s.call('GET', `/api/courses/${course.id}`)).json();
    expect(detail.files[0]).toMatchObject({ id: file.id, pages: 30, pagesRead: 5 });

    // a page the file does not have, or none: 400 with a reason
    const past = await s.read(course.id, file.id, [31]);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ error: 'invalid_request' });
    expect(past.json().error_description).toContain("30 pagina's");
    expect((await s.read(course.id, file.id, [])).statusCode).toBe(400);
    // the same key with another body is refused
    expect((await s.read(course.id, file.id, [9], key)).statusCode).toBe(422);

    // another student: her file is not found, and nothing of it changes
    const other = await student(suite.ctx.app);
    const foreign = await other.read(course.id, file.id, [6, 7]);
    expect(foreign.statusCode).toBe(404);
    expect((await s.call('GET', `/api/courses/${course.id}`)).json<CourseDetail>().files[0]!.pagesRead).toBe(5);

    // deleted with the file
    expect((await s.write('DELETE', `/api/courses/${course.id}/files/${file.id}`)).statusCode).toBe(204);
    const left = await suite.ctx.handle.db.selectFrom('course_pages_read').select('page').where('file_id', '=', file.id).execute();
    expect(left).toEqual([]);
  });

  it('goes with the course and with her account', async () => {
    const s = await student(suite.ctx.app);
    const { course } = await s.course({});
    const file = await s.upload(course.id, slides(4), 'HC1.pdf');
    expect((await s.read(course.id, file.id, [1, 2])).statusCode).toBe(200);
    expect((await s.write('DELETE', `/api/courses/${course.id}`)).statusCode).toBe(204);
    expect(await suite.ctx.handle.db.selectFrom('course_pages_read').select('page').where('file_id', '=', file.id).execute()).toEqual([]);

    const t = await student(suite.ctx.app);
    const { course: second } = await t.course({});
    const kept = await t.upload(second.id, slides(4), 'HC1.pdf');
    expect((await t.read(second.id, kept.id, [1])).statusCode).toBe(200);
    const user = await suite.ctx.handle.db.selectFrom('users').select('id').where('email', '=', t.email).executeTakeFirstOrThrow();
    const deleted = await t.write('DELETE', '/api/user/profile', { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await suite.ctx.handle.db.selectFrom('course_pages_read').select('page').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('plans her unread pages of a course with an exam date, opens the PDF at them and ticks off as she reads', async () => {
    const s = await student(suite.ctx.app);
    const { course } = await s.course({ examDate: '2026-12-17' });
    const file = await s.upload(course.id, slides(30), 'Hoorcollege 3.pdf');
    await s.read(course.id, file.id, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);

    const day = courseDay(await s.today(), course.id)!;
    expect(day).toMatchObject({ subjectId: course.id, courseId: course.id, subjectTitle: 'Sociale psychologie', examDate: '2026-12-17', daysUntilExam: 21, phase: 'learn', minutesPerDay: 30, readiness: null, expectedGrade: null, done: false });
    // 19 slides left at half a minute, 19 learning days: at least 5 minutes, 10 slides
    expect(day.tasks).toEqual([
      expect.objectContaining({ kind: 'read-pages', title: 'Lees dia 12–21 van Hoorcollege 3', minutes: 5, courseId: course.id, fileId: file.id, page: 12, progress: 0, target: 10, done: false }),
    ]);

    // she reads some of them: the link moves on to the first page she has not read
    await s.read(course.id, file.id, [12, 13, 14]);
    const partly = courseDay(await s.today(), course.id)!.tasks[0]!;
    expect(partly).toMatchObject({ title: 'Lees dia 12–21 van Hoorcollege 3', page: 15, progress: 3, target: 10, done: false });
    await s.read(course.id, file.id, [15, 16, 17, 18, 19, 20, 21]);
    const after = await s.today();
    expect(courseDay(after, course.id)).toMatchObject({ done: true, tasks: [expect.objectContaining({ progress: 10, done: true })] });
    expect(after.allDone).toBe(true);

    // another student never sees her course
    const other = await student(suite.ctx.app);
    expect(courseDay(await other.today(), course.id)).toBeUndefined();
  });

  it("counts her course's tasks in the daily reminder, also without a Blok subject planned", async () => {
    const s = await student(suite.ctx.app);
    const user = await suite.ctx.handle.db.selectFrom('users').select('id').where('email', '=', s.email).executeTakeFirstOrThrow();
    // nothing planned: no plan to remind her of
    expect(await suite.ctx.app.services.plan.daySummary(user.id)).toMatchObject({ hasPlan: false, tasks: 0 });
    const { course } = await s.course({ examDate: '2026-12-17' });
    const file = await s.upload(course.id, slides(30), 'Hoorcollege 3.pdf');
    expect(await suite.ctx.app.services.plan.daySummary(user.id)).toEqual({
      hasPlan: true,
      tasks: 1,
      tasksLeft: 1,
      // 30 slides at half a minute over 19 learning days: at least 5 minutes
      minutesLeft: 5,
      nearestExam: { subjectTitle: 'Sociale psychologie', days: 21 },
    });
    // the day's slides read: nothing left to remind her of
    const { tasks } = courseDay(await s.today(), course.id)!;
    const [task] = tasks;
    await s.read(course.id, file.id, Array.from({ length: task!.target }, (_, i) => task!.page! + i));
    expect(await suite.ctx.app.services.plan.daySummary(user.id)).toMatchObject({ hasPlan: true, tasks: 1, tasksLeft: 0, minutesLeft: 0 });
  });

  it('plans her own questions to practise in her course’s day and ticks them off as she answers them today', async () => {
    const s = await student(suite.ctx.app);
    const { course } = await s.course({ examDate: '2026-12-17' });
    const questions: CourseQuestion[] = [];
    for (const prompt of ['Welke maat is gevoelig voor uitschieters?', 'Welke maat is robuust?', 'Wat meet de spreiding?']) questions.push(await s.question(course.id, prompt));
    const [q1, q2, q3] = questions;

    // another student's questions in her own course never count in hers
    const other = await student(suite.ctx.app);
    const { course: theirs } = await other.course({ examDate: '2026-12-17' });
    const foreign = await other.question(theirs.id, 'Een vraag van een ander');
    // nor can she write one in this course
    expect((await other.write('POST', `/api/courses/${course.id}/questions`, { type: 'SELECT', prompt: 'x', key: { answers: [{ text: 'a', correct: true }, { text: 'b' }] } })).statusCode).toBe(404);

    // three questions at 1.5 minutes: one task of 5 minutes, opening her course's practice
    const day = courseDay(await s.today(), course.id)!;
    expect(day).toMatchObject({ courseId: course.id, phase: 'learn', minutes: 5, minutesLeft: 5, done: false });
    expect(day.tasks).toEqual([
      expect.objectContaining({ id: `own-questions:${course.id}`, kind: 'own-questions', title: 'Oefen 3 van je vragen', minutes: 5, courseId: course.id, progress: 0, target: 3, done: false }),
    ]);

    // the other student answers hers: nothing of it in her day
    expect(courseDay(await other.today(), theirs.id)!.tasks[0]).toMatchObject({ title: 'Oefen 1 van je vragen', progress: 0, target: 1 });
    await other.answer(theirs.id, foreign.id, true);
    expect(courseDay(await other.today(), theirs.id)!.tasks).toEqual([expect.objectContaining({ kind: 'own-questions', title: 'Oefen 1 van je vragen', progress: 1, target: 1, done: true })]);
    expect(courseDay(await s.today(), course.id)!.tasks[0]).toMatchObject({ progress: 0, target: 3 });

    // she answers one right and one wrong: two of three, the day as it was planned
    await s.answer(course.id, q1!.id, true);
    await s.answer(course.id, q2!.id, false);
    expect(courseDay(await s.today(), course.id)!.tasks[0]).toMatchObject({ title: 'Oefen 3 van je vragen', progress: 2, target: 3, done: false });
    // the same question again counts once; the third one ticks the task off
    await s.answer(course.id, q2!.id, false);
    await s.answer(course.id, q3!.id, true);
    const after = await s.today();
    expect(courseDay(after, course.id)).toMatchObject({ done: true, tasks: [expect.objectContaining({ progress: 3, target: 3, done: true })] });
    expect(after.allDone).toBe(true);

    // the next day: only the one she had wrong comes back
    vi.setSystemTime(new Date('2026-11-27T08:00:00Z'));
    expect(courseDay(await s.today(), course.id)!.tasks).toEqual([expect.objectContaining({ title: 'Oefen 1 van je vragen', minutes: 2, progress: 0, target: 1, done: false })]);
  });

  it('gives a course without questions of hers no practice task; her first question plans the day again', async () => {
    const s = await student(suite.ctx.app);
    const { course } = await s.course({ examDate: '2026-12-17' });
    await s.upload(course.id, slides(10), 'Hoorcollege 1.pdf');
    expect(courseDay(await s.today(), course.id)!.tasks.map((t) => t.kind)).toEqual(['read-pages']);
    await s.question(course.id, 'Wat meet de spreiding?');
    // her questions before the reading
    expect(courseDay(await s.today(), course.id)!.tasks).toEqual([
      expect.objectContaining({ kind: 'own-questions', title: 'Oefen 1 van je vragen', minutes: 2, target: 1 }),
      expect.objectContaining({ kind: 'read-pages', title: 'Lees dia 1–10 van Hoorcollege 1' }),
    ]);
  });

  it('leaves a course without an exam date (or without material) out of the plan', async () => {
    const s = await student(suite.ctx.app);
    const { course } = await s.course({});
    await s.upload(course.id, slides(10), 'Hoorcollege 1.pdf');
    expect(courseDay(await s.today(), course.id)).toBeUndefined();
    // an exam date brings it in the same day (the day is planned again when the course changed)
    expect((await s.write('PUT', `/api/courses/${course.id}`, { examDate: '2026-12-10' })).statusCode).toBe(200);
    expect(courseDay(await s.today(), course.id)?.tasks[0]).toMatchObject({ kind: 'read-pages', title: 'Lees dia 1–10 van Hoorcollege 1' });
    // an exam in the past: out again
    await suite.ctx.handle.db.updateTable('courses').set({ exam_date: '2026-11-20' }).where('id', '=', course.id).execute();
    expect(courseDay(await s.today(), course.id)).toBeUndefined();

    const t = await student(suite.ctx.app);
    const { course: empty } = await t.course({ examDate: '2026-12-17' });
    expect(courseDay(await t.today(), empty.id)).toBeUndefined();
  });

  it('fits her course in what a Blok subject leaves of her minutes per day', async () => {
    const s = await student(suite.ctx.app);
    // Blok's subject: exam in a week, 20 minutes a day
    await s.savePlan({ examDate: '2026-12-03', minutesPerDay: 20 });
    // her course: exam on Monday, 120 slides: far more than fits
    const { course } = await s.course({ examDate: '2026-11-30' });
    const file = await s.upload(course.id, slides(120), 'Hoorcollege 1.pdf');

    const plan = await s.today();
    const blok = plan.subjects.find((x) => x.subjectId === SUBJECT)!;
    const mine = courseDay(plan, course.id)!;
    expect(blok.minutes).toBeGreaterThan(0);
    expect(blok.minutes).toBeLessThan(20);
    expect(mine.minutesPerDay).toBe(20);
    expect(mine.tooShort).toBe(true);
    expect(mine.minutes).toBe(20 - blok.minutes);
    expect(blok.minutes + mine.minutes).toBeLessThanOrEqual(20);
    const task = mine.tasks[0]!;
    expect(task).toMatchObject({ kind: 'read-pages', fileId: file.id, page: 1, target: 2 * mine.minutes });
    // her course is sorted beside Blok's subjects by the nearest exam
    expect(plan.subjects.map((x) => x.subjectId)).toEqual([course.id, SUBJECT]);

    // the day stands: asking again plans nothing new
    expect(courseDay(await s.today(), course.id)!.tasks).toEqual(mine.tasks);
  });

  it('plans her cards due in the course’s own sets and opens that set', async () => {
    const s = await student(suite.ctx.app);
    const { course } = await s.course({ examDate: '2026-12-17' });
    const set = await s.write('POST', '/api/own-flashcard-sets', { title: 'Begrippen', courseId: course.id });
    expect(set.statusCode, set.body).toBe(201);
    const setId = set.json().id as string;
    for (let i = 0; i < 3; i++) expect((await s.write('POST', `/api/own-flashcard-sets/${setId}/cards`, { front: `Begrip ${i + 1}`, back: 'Uitleg' })).statusCode).toBe(201);

    const day = courseDay(await s.today(), course.id)!;
    expect(day.tasks).toEqual([expect.objectContaining({ kind: 'own-cards', ownSetId: setId, courseId: course.id, target: 3, progress: 0 })]);
    // without spaced repetition: the cards she does not know yet
    expect(day.tasks[0]!.title).toBe('Leer 3 kaarten van Sociale psychologie');

    // she goes through them in her set: ticked off
    const session = await s.write('POST', `/api/own-flashcard-sets/${setId}/sessions`, {});
    expect(session.statusCode, session.body).toBe(201);
    for (let position = 0; position < 3; position++) {
      const res = await s.write('POST', `/api/flashcard-sessions/${session.json().id}/answer`, { position, known: true });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(courseDay(await s.today(), course.id)).toMatchObject({ done: true, tasks: [expect.objectContaining({ progress: 3, done: true })] });
  });
});
