import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SubjectDayPlan } from '@blok/contract';
import { DIALECTS } from '../helpers.ts';
import { planSuite, student } from './support.ts';

// Thursday 26 November 2026, 10:00 in Amsterdam.
const NOW = new Date('2026-11-26T09:00:00Z');

/**
 * fx-gratis (her study's): chapter fx-gratis-h1 is free (950 words: 5 minutes; list fx-gratis-lijst-1
 * of 6 questions, set fx-gratis-set-1 of 12 cards), fx-gratis-h2 (list of 8, set of 10) and -h3 are
 * Premium.
 */
const SUBJECT = 'fx-gratis';
const LOCKED = ['fx-gratis-h2', 'fx-gratis-h3'];

describe.each(DIALECTS)("a free student's plan on %s", (dialect) => {
  const suite = planSuite(dialect, NOW);

  const dayOf = async (s: Awaited<ReturnType<typeof student>>): Promise<SubjectDayPlan> => {
    const today = await s.today();
    const day = today.subjects.find((p) => p.subjectId === SUBJECT);
    expect(day).toBeDefined();
    return day!;
  };

  it('fills her 30 minutes with the free chapter: read it, practise its questions, learn its cards', async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: null, minutesPerDay: 30 }, SUBJECT);
    const day = await dayOf(s);
    expect(day.tasks.map((t) => [t.kind, t.chapterId, t.title])).toEqual([
      ['read', 'fx-gratis-h1', 'Lees hoofdstuk 1'],
      ['practice', 'fx-gratis-h1', 'Oefen 6 vragen van hoofdstuk 1'],
      ['cards', 'fx-gratis-h1', 'Leer 12 kaarten van hoofdstuk 1'],
    ]);
    expect(day.tasks[1]!.questionListId).toBe('fx-gratis-lijst-1');
    // All she can do today: 5 + 9 + 3 minutes, not one 5-minute task.
    expect(day.minutes).toBe(17);
    expect(day.minutesLeft).toBe(17);
  });

  it('with her exam three weeks away, still fills her day instead of spreading her 17 minutes thin', async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: '2026-12-17', minutesPerDay: 30 }, SUBJECT);
    const day = await dayOf(s);
    expect(day).toMatchObject({ phase: 'learn', daysUntilExam: 21, minutesLeft: 17, tooShort: false });
    expect(day.tasks.map((t) => [t.kind, t.chapterId])).toEqual([
      ['read', 'fx-gratis-h1'],
      ['practice', 'fx-gratis-h1'],
      ['cards', 'fx-gratis-h1'],
    ]);
    expect(day.minutes).toBe(17);
  });

  it('never gives her a task that opens a paywall, and counts only the work she can do', async () => {
    const s = await student(suite.ctx.app);
    // Exam on Monday: two learning days of 10 minutes. With the Premium chapters' questions and cards
    // counted (32 minutes) the time would be too short; her own work is 17 minutes.
    await s.savePlan({ examDate: '2026-11-30', minutesPerDay: 10 }, SUBJECT);
    const day = await dayOf(s);
    expect(day).toMatchObject({ studyDaysLeft: 4, minutesLeft: 17, tooShort: false });
    expect(day.tasks.length).toBeGreaterThan(0);
    for (const task of day.tasks) {
      expect(LOCKED).not.toContain(task.chapterId);
      if (task.kind === 'read') {
        const chapter = await s.call('GET', `/api/summaries/fx-gratis-samenvatting/chapters/${task.chapterId}`);
        expect(chapter.statusCode, chapter.body).toBe(200);
      }
    }
    // Her readiness still shows the Premium chapters, locked.
    const readiness = await s.readiness(SUBJECT);
    expect(readiness.chapters.map((c) => [c.chapterId, c.locked])).toEqual([
      ['fx-gratis-h1', false],
      ['fx-gratis-h2', true],
      ['fx-gratis-h3', true],
    ]);
  });

  it('ticks the practice task off when she practises the free chapter', async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: null, minutesPerDay: 30 }, SUBJECT);
    expect((await dayOf(s)).done).toBe(false);
    const listId = 'fx-gratis-lijst-1';
    const start = await s.call('POST', `/api/session/${listId}/start-all`, undefined, { 'idempotency-key': randomUUID() });
    expect(start.statusCode, start.body).toBe(201);
    const sessionId = start.json().id as string;
    for (let i = 1; i <= 6; i++) {
      const questionId = `fx-gratis-q1-${i}`;
      const res = await s.call('POST', `/api/question-list/${listId}/save-answer`, { sessionId, questionId, answerId: `${questionId}-a1` }, { 'idempotency-key': randomUUID() });
      expect(res.statusCode, res.body).toBe(200);
    }
    const practice = (await dayOf(s)).tasks.find((t) => t.kind === 'practice')!;
    expect(practice).toMatchObject({ progress: 6, target: 6, done: true });
    // Her free chapter is now her strongest, yet her weakest chapter is never one behind the paywall.
    const readiness = await s.readiness(SUBJECT);
    expect(readiness.chapters.find((c) => c.chapterId === 'fx-gratis-h1')!.readiness!).toBeGreaterThan(50);
    expect(readiness.weakestChapterId).toBe('fx-gratis-h1');
    // Six right in one chapter while most of the exam (8 of its 14 questions) is untested: no passing
    // expected grade (issue 39 showed 7,6 (6,0-9,2)), but a range that reaches it (decision 046).
    console.log(`free student, 6 right in chapter 1 on ${dialect}: readiness ${readiness.readiness} %, expected grade ${JSON.stringify(readiness.expectedGrade)}`);
    expect(readiness.expectedGrade).not.toBeNull();
    expect(readiness.expectedGrade!.grade).toBeLessThan(5.5);
    expect(readiness.expectedGrade!.high).toBeGreaterThanOrEqual(5.5);
    expect(readiness.readiness!).toBeLessThan(55);
  });

  it('plans the Premium chapters for a subscriber', async () => {
    const s = await student(suite.ctx.app);
    const me = await s.call('GET', '/api/user/profile');
    await suite.ctx.handle.db.updateTable('users').set({ has_subscription: 1 }).where('id', '=', me.json().id).execute();
    await s.savePlan({ examDate: null, minutesPerDay: 30 }, SUBJECT);
    const day = await dayOf(s);
    expect(day.tasks.map((t) => [t.kind, t.chapterId])).toContainEqual(['read', 'fx-gratis-h2']);
  });
});
