import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, OwnSetDetail, OwnSetList } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { SUBJECT, flashcardsApp, student } from '../flashcards/support.ts';

type Student = Awaited<ReturnType<typeof student>>;

const write = (s: Student, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => s.call(method, url, payload, { 'idempotency-key': randomUUID() });

async function newCourse(s: Student, name = 'Sociale psychologie'): Promise<string> {
  const res = await write(s, 'POST', '/api/courses', { name });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as CourseDetail).course.id;
}

async function newSet(s: Student, body: Record<string, unknown> = {}): Promise<OwnSetDetail> {
  const res = await write(s, 'POST', '/api/own-flashcard-sets', { title: 'Begrippen', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

// Issue 41: "her card sets (existing own sets can move into it)". A set is in a subject, in one of
// her own courses, or personal; never in someone else's course.
describe.each(DIALECTS)('her own sets in her own courses on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await flashcardsApp(dialect);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('makes a set in a course, moves a personal one into it and out again, and lists a course’s sets', async () => {
    const s = await student(ctx.app);
    const courseId = await newCourse(s);
    const inCourse = await newSet(s, { title: 'Dissonantie', courseId });
    expect(inCourse).toMatchObject({ courseId, courseName: 'Sociale psychologie', subjectId: null });

    // an existing personal set moves in
    const personal = await newSet(s, { title: 'Losse kaarten' });
    expect(personal).toMatchObject({ courseId: null, courseName: null });
    const moved = await write(s, 'PUT', `/api/own-flashcard-sets/${personal.id}`, { title: 'Losse kaarten', description: '', subjectId: null, courseId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ courseId, courseName: 'Sociale psychologie' });

    const listed = (await s.call('GET', `/api/own-flashcard-sets?courseId=${courseId}`)).json() as OwnSetList;
    expect(listed.sets.map((x) => x.title).sort()).toEqual(['Dissonantie', 'Losse kaarten']);
    const all = (await s.call('GET', '/api/own-flashcard-sets')).json() as OwnSetList;
    expect(all.sets.every((x) => x.courseName === 'Sociale psychologie')).toBe(true);

    // a rename from an older app (no courseId) keeps it in the course; a subject takes it out
    const renamed = await write(s, 'PUT', `/api/own-flashcard-sets/${personal.id}`, { title: 'Kaarten H3', description: '', subjectId: null });
    expect(renamed.json()).toMatchObject({ title: 'Kaarten H3', courseId });
    const toSubject = await write(s, 'PUT', `/api/own-flashcard-sets/${personal.id}`, { title: 'Kaarten H3', description: '', subjectId: SUBJECT });
    expect(toSubject.statusCode, toSubject.body).toBe(200);
    expect(toSubject.json()).toMatchObject({ subjectId: SUBJECT, courseId: null, courseName: null });
    // out of the course into nothing
    const out = await write(s, 'PUT', `/api/own-flashcard-sets/${inCourse.id}`, { title: 'Dissonantie', description: '', subjectId: null, courseId: null });
    expect(out.json()).toMatchObject({ courseId: null, subjectId: null });
    expect(((await s.call('GET', `/api/own-flashcard-sets?courseId=${courseId}`)).json() as OwnSetList).sets).toEqual([]);
  });

  it('refuses another student’s course (404) and a set in a subject and a course at once (400)', async () => {
    const s = await student(ctx.app);
    const other = await student(ctx.app);
    const theirs = await newCourse(other, 'Hun vak');
    const refused = await write(s, 'POST', '/api/own-flashcard-sets', { title: 'Stiekem', courseId: theirs });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'not_found', error_description: 'Dit eigen vak bestaat niet (meer).' });
    expect((await s.call('GET', `/api/own-flashcard-sets?courseId=${theirs}`)).statusCode).toBe(404);
    const set = await newSet(s);
    const moved = await write(s, 'PUT', `/api/own-flashcard-sets/${set.id}`, { title: 'Begrippen', description: '', subjectId: null, courseId: theirs });
    expect(moved.statusCode).toBe(404);
    // their course holds nothing of hers
    expect(((await other.call('GET', `/api/own-flashcard-sets?courseId=${theirs}`)).json() as OwnSetList).sets).toEqual([]);

    const mine = await newCourse(s);
    const both = await write(s, 'POST', '/api/own-flashcard-sets', { title: 'Twee plekken', subjectId: SUBJECT, courseId: mine });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('invalid_request');
  });

  it('keeps her sets as personal sets when she deletes the course', async () => {
    const s = await student(ctx.app);
    const courseId = await newCourse(s);
    const set = await newSet(s, { courseId });
    const card = await write(s, 'POST', `/api/own-flashcard-sets/${set.id}/cards`, { front: 'Dissonantie', back: 'Spanning tussen gedrag en overtuiging' });
    expect(card.statusCode).toBe(201);
    expect((await write(s, 'DELETE', `/api/courses/${courseId}`)).statusCode).toBe(204);
    const after = (await s.call('GET', `/api/own-flashcard-sets/${set.id}`)).json() as OwnSetDetail;
    expect(after).toMatchObject({ courseId: null, courseName: null, cardCount: 1 });
  });
});
