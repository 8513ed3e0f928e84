import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { SessionOverview, SubjectDayPlan } from '@blok/contract';
import { DIALECTS } from '../helpers.ts';
import { planSuite, student } from './support.ts';

// Thursday 26 November 2026, 10:00 in Amsterdam.
const NOW = new Date('2026-11-26T09:00:00Z');

/**
 * Honest plan tasks (issue 39) on fx-gratis, a free student's subject: its free chapter fx-gratis-h1
 * (list fx-gratis-lijst-1 of 6 questions, set fx-gratis-set-1 of 12 cards); -h2 and -h3 are Premium.
 */
const SUBJECT = 'fx-gratis';
const LIST = 'fx-gratis-lijst-1';
const question = (i: number) => `fx-gratis-q1-${i}`;

type Student = Awaited<ReturnType<typeof student>>;

describe.each(DIALECTS)('honest plan tasks on %s', (dialect) => {
  const suite = planSuite(dialect, NOW);

  const write = async (s: Student, method: 'POST' | 'PUT', url: string, payload: unknown, status = 200) => {
    const res = await s.call(method, url, payload, { 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const dayOf = async (s: Student): Promise<SubjectDayPlan> => (await s.today()).subjects.find((p) => p.subjectId === SUBJECT)!;
  const taskOf = async (s: Student, kind: string) => (await dayOf(s)).tasks.find((t) => t.kind === kind)!;
  /** Starts a session as the plan task's link does: the list, and the questions the task still asks for. */
  const startTask = async (s: Student, count: number): Promise<{ id: string; questions: SessionOverview['questions'] }> => {
    const { id } = await write(s, 'POST', `/api/session/${LIST}/start`, { count }, 201);
    const overview = (await s.call('GET', `/api/session/${id}`)).json() as SessionOverview;
    return { id, questions: overview.questions };
  };
  const answer = (s: Student, sessionId: string, questionId: string, right: boolean) =>
    write(s, 'POST', `/api/question-list/${LIST}/save-answer`, { sessionId, questionId, answerId: `${questionId}-${right ? 'a1' : 'a2'}` });

  it('opens practice with the count the task asks for, and ticks it off by answers, not by opening', async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: null, minutesPerDay: 30 }, SUBJECT);
    const task = await taskOf(s, 'practice');
    expect(task).toMatchObject({ title: 'Oefen 6 vragen van hoofdstuk 1', questionListId: LIST, progress: 0, target: 6, done: false });

    const session = await startTask(s, task.target - task.progress);
    expect(session.questions).toHaveLength(6);
    // Opening is not doing.
    expect(await taskOf(s, 'practice')).toMatchObject({ progress: 0, done: false });

    for (let i = 0; i < 3; i++) await answer(s, session.id, session.questions[i]!.questionId, true);
    const half = await taskOf(s, 'practice');
    expect(half).toMatchObject({ progress: 3, target: 6, done: false });

    // The link now asks for the 3 left: a session of 3, the ones she has not answered right first.
    const rest = await startTask(s, half.target - half.progress);
    expect(rest.questions.map((q) => q.questionId)).toEqual(session.questions.slice(3).map((q) => q.questionId));
    for (const q of rest.questions) await answer(s, rest.id, q.questionId, true);
    expect(await taskOf(s, 'practice')).toMatchObject({ progress: 6, target: 6, done: true });
  });

  it('brings the chapter back the next day when her answers were wrong, and not when they were right', async () => {
    const wrong = await student(suite.ctx.app);
    const right = await student(suite.ctx.app);
    for (const s of [wrong, right]) {
      await s.savePlan({ examDate: null, minutesPerDay: 30 }, SUBJECT);
      await write(s, 'PUT', '/api/summaries/fx-gratis-samenvatting/progress', { chapterId: 'fx-gratis-h1', position: 1 });
      expect(await taskOf(s, 'practice')).toMatchObject({ target: 6, done: false });
      const session = await startTask(s, 6);
      for (const q of session.questions) await answer(s, session.id, q.questionId, s === right);
      expect(await taskOf(s, 'practice')).toMatchObject({ done: true });
    }
    vi.setSystemTime(new Date('2026-11-27T08:00:00Z'));
    const again = await taskOf(wrong, 'practice');
    expect(again).toMatchObject({ chapterId: 'fx-gratis-h1', title: 'Oefen 6 vragen van hoofdstuk 1', progress: 0, done: false });
    expect((await dayOf(right)).tasks.filter((t) => t.kind === 'practice')).toEqual([]);
  });

  it('starts with the questions she has not answered right yet', async () => {
    const s = await student(suite.ctx.app);
    const { id } = await write(s, 'POST', `/api/session/${LIST}/start-all`, {}, 201);
    for (let i = 1; i <= 6; i++) await answer(s, id, question(i), i % 2 === 0);
    const session = await startTask(s, 3);
    expect(session.questions.map((q) => q.questionId)).toEqual([question(1), question(3), question(5)]);
    // More than she got wrong: the wrong ones, then right ones, in the list's order.
    expect((await startTask(s, 4)).questions.map((q) => q.questionId)).toEqual([question(1), question(2), question(3), question(5)]);
    // A count is a whole number from 1.
    const bad = await s.call('POST', `/api/session/${LIST}/start`, { count: 0 }, { 'idempotency-key': randomUUID() });
    expect(bad.statusCode).toBe(400);
  });

  it("opens the chapter's card set from a cards task", async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: null, minutesPerDay: 30 }, SUBJECT);
    expect(await taskOf(s, 'cards')).toMatchObject({ chapterId: 'fx-gratis-h1', flashcardSetId: 'fx-gratis-set-1' });
    expect(await taskOf(s, 'practice')).toMatchObject({ flashcardSetId: null });
  });

  it('does not lower readiness or her expected grade when she makes cards', async () => {
    const s = await student(suite.ctx.app);
    const { id } = await write(s, 'POST', `/api/session/${LIST}/start-all`, {}, 201);
    for (let i = 1; i <= 6; i++) await answer(s, id, question(i), i <= 4);
    const before = await s.readiness(SUBJECT);
    expect(before.expectedGrade).not.toBeNull();
    const set = await write(s, 'POST', '/api/own-flashcard-sets', { title: 'Mijn begrippen', subjectId: SUBJECT }, 201);
    for (let i = 0; i < 5; i++) await write(s, 'POST', `/api/own-flashcard-sets/${set.id}/cards`, { front: `Begrip ${i}`, back: 'Uitleg', chapterId: 'fx-gratis-h1' }, 201);
    const after = await s.readiness(SUBJECT);
    const chapter = (r: typeof before) => r.chapters.find((c) => c.chapterId === 'fx-gratis-h1')!;
    expect(chapter(after)).toMatchObject({ ownCardCount: 5, readiness: chapter(before).readiness });
    expect(after.readiness).toBe(before.readiness);
    expect(after.expectedGrade).toEqual(before.expectedGrade);
  });

  it('with the exam tomorrow, a free student whose work fits today is not told her time is too short', async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: '2026-11-27', minutesPerDay: 30 }, SUBJECT);
    const day = await dayOf(s);
    expect(day).toMatchObject({ phase: 'review', studyDaysLeft: 1, tooShort: false });
    expect(day.expectedGrade).toBeNull();
  });
});
