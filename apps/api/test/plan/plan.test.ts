import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../helpers.ts';
import { OTHER_SUBJECT, SUBJECT, TZ, chapterOf, planSuite, student } from './support.ts';

// Thursday 26 November 2026, 10:00 in Amsterdam.
const NOW = new Date('2026-11-26T09:00:00Z');

describe.each(DIALECTS)('exam plan and readiness on %s', (dialect) => {
  const suite = planSuite(dialect, NOW);

  it('sets, changes and removes her exam date in one step each', async () => {
    const s = await student(suite.ctx.app);
    const none = await s.call('GET', `/api/subjects/${SUBJECT}/exam-plan`);
    expect(none.json()).toMatchObject({ isSet: false, examDate: null, studyDays: [1, 2, 3, 4, 5, 6, 7], daysUntilExam: null });

    const set = await s.savePlan({ examDate: '2026-12-17', minutesPerDay: 45, studyDays: [5, 1, 3, 1] });
    expect(set).toMatchObject({ isSet: true, examDate: '2026-12-17', minutesPerDay: 45, studyDays: [1, 3, 5], timeZone: TZ, daysUntilExam: 21 });

    const changed = await s.savePlan({ examDate: '2027-01-20', minutesPerDay: null, studyDays: [1, 2, 3, 4, 5] });
    expect(changed).toMatchObject({ examDate: '2027-01-20', minutesPerDay: null, studyDays: [1, 2, 3, 4, 5] });

    const removed = await s.removePlan();
    expect(removed).toMatchObject({ isSet: false, examDate: null });
    expect((await s.call('GET', `/api/subjects/${SUBJECT}/exam-plan`)).json()).toMatchObject({ isSet: false });
  });

  it('replays a repeated command and refuses bad input with a code', async () => {
    const s = await student(suite.ctx.app);
    const key = randomUUID();
    const body = { examDate: '2026-12-17', minutesPerDay: 30, studyDays: [1, 2, 3], timeZone: TZ };
    const first = await s.call('PUT', `/api/subjects/${SUBJECT}/exam-plan`, body, { 'idempotency-key': key });
    const again = await s.call('PUT', `/api/subjects/${SUBJECT}/exam-plan`, body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    for (const bad of [
      { ...body, examDate: '2026-11-25' },
      { ...body, examDate: '2026-02-30' },
      { ...body, studyDays: [] },
      { ...body, studyDays: [8] },
      { ...body, minutesPerDay: 2 },
      { ...body, timeZone: 'Mars/Olympus' },
    ]) {
      const res = await s.call('PUT', `/api/subjects/${SUBJECT}/exam-plan`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toMatch(/^(invalid_request|validation_failed)$/);
    }
  });

  it('answers 404 for a subject not in her library or that does not exist', async () => {
    const s = await student(suite.ctx.app);
    for (const subject of [OTHER_SUBJECT, 'bestaat-niet']) {
      expect((await s.call('GET', `/api/subjects/${subject}/exam-plan`)).statusCode).toBe(404);
      expect((await s.call('PUT', `/api/subjects/${subject}/exam-plan`, { examDate: null, minutesPerDay: null, studyDays: [1], timeZone: TZ })).statusCode).toBe(404);
      expect((await s.call('DELETE', `/api/subjects/${subject}/exam-plan`)).statusCode).toBe(404);
      expect((await s.call('GET', `/api/subjects/${subject}/readiness`)).statusCode).toBe(404);
    }
    // She removed it from her library: her plan of it is no longer hers to see.
    await s.savePlan({ examDate: '2026-12-17' });
    expect((await s.call('DELETE', `/api/library/${SUBJECT}`, undefined, { 'idempotency-key': randomUUID() })).statusCode).toBeLessThan(300);
    expect((await s.call('GET', `/api/subjects/${SUBJECT}/readiness`)).statusCode).toBe(404);
    expect((await s.today()).subjects).toEqual([]);
  });

  it('starts "nog niet getoetst": no percentage and no expected grade before a graded answer', async () => {
    const s = await student(suite.ctx.app);
    const r = await s.readiness();
    expect(r).toMatchObject({ readiness: null, expectedGrade: null, gradedAnswers: 0 });
    expect(r.chapters.map((c) => [c.number, c.questionCount, c.cardCount, c.readiness])).toEqual([
      [1, 5, 12, null],
      [2, 4, 3, null],
      [3, 0, 0, null],
    ]);
    expect(chapterOf(r, 1).reason).toBe('Hoofdstuk 1: nog niet getoetst');
    expect(chapterOf(r, 3).reason).toBe('Hoofdstuk 3: nog niet getoetst');
  });

  it("builds the aggregates of a student from before from her history, once", async () => {
    const s = await student(suite.ctx.app);
    // Her history before she ever asked for readiness (the backfill reads it).
    await s.practise(1, [true, true, false, false, false]);
    await s.read('fx-plan-h2');
    const r = await s.readiness();
    expect(chapterOf(r, 1).reason).toMatch(/^Hoofdstuk 1: 2 van de 5 vragen goed, \d+ % kans op een goed antwoord$/);
    expect(chapterOf(r, 1).gradedAnswers).toBe(5);
    expect(chapterOf(r, 2).read).toBe(true);
    expect(chapterOf(r, 2).readiness).toBeNull();
    const again = await s.readiness();
    expect(again).toEqual(r);
  });

  it("plans today within her minutes, the first chapter first, and keeps the day's tasks", async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: '2026-12-03', minutesPerDay: 20 });
    const today = await s.today();
    expect(today.date).toBe('2026-11-26');
    const [plan] = today.subjects;
    expect(plan).toMatchObject({ subjectId: SUBJECT, phase: 'learn', daysUntilExam: 7, tooShort: false });
    expect(plan!.minutes).toBeLessThanOrEqual(20);
    expect(plan!.tasks[0]).toMatchObject({ kind: 'read', title: 'Lees hoofdstuk 1', chapterId: 'fx-plan-h1', summaryId: 'fx-plan-samenvatting', done: false });
    expect(today.allDone).toBe(false);
    expect(await s.today()).toEqual(today);
  });

  it('works without an exam date', async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: null, minutesPerDay: 15 });
    const [plan] = (await s.today()).subjects;
    expect(plan).toMatchObject({ phase: 'no-exam', examDate: null, daysUntilExam: null });
    expect(plan!.tasks.length).toBeGreaterThan(0);
  });

  it('says plainly when the time is too short', async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: '2026-11-28', minutesPerDay: 5 });
    const [plan] = (await s.today()).subjects;
    expect(plan!.tooShort).toBe(true);
  });

  it('moves readiness with right and wrong answers, not with reading, and hardly with "Wist ik"', async () => {
    const s = await student(suite.ctx.app);
    const start = await s.readiness(); // builds the (empty) aggregates: from now on the writes keep them
    expect(chapterOf(start, 1).readiness).toBeNull();

    await s.practise(1, [true, true, false, false, false]);
    const afterAnswers = await s.readiness();
    expect(chapterOf(afterAnswers, 1).reason).toMatch(/^Hoofdstuk 1: 2 van de 5 vragen goed, \d+ % kans op een goed antwoord$/);
    const first = chapterOf(afterAnswers, 1).readiness!;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(50);
    expect(afterAnswers.readiness).not.toBeNull();
    expect(afterAnswers.expectedGrade).not.toBeNull();

    // Her latest answer per question counts: all wrong now pulls the chapter down, though not to zero.
    await s.practise(1, [false, false, false, false, false]);
    const afterWrong = await s.readiness();
    expect(chapterOf(afterWrong, 1).questionsCorrect).toBe(0);
    expect(chapterOf(afterWrong, 1).readiness!).toBeLessThan(first);
    expect(chapterOf(afterWrong, 1).readiness!).toBeGreaterThan(0);
    // And all right again lifts it above where it was.
    await s.practise(1, [true, true, true, true, true]);
    const afterRight = await s.readiness();
    expect(chapterOf(afterRight, 1).reason).toMatch(/^Hoofdstuk 1: alle 5 vragen goed, \d+ % kans op een goed antwoord$/);
    expect(chapterOf(afterRight, 1).readiness!).toBeGreaterThan(first);

    // Reading is a prerequisite, not knowledge: the figure does not move.
    await s.read('fx-plan-h1');
    const afterRead = await s.readiness();
    expect(chapterOf(afterRead, 1).read).toBe(true);
    expect(chapterOf(afterRead, 1).readiness).toBe(chapterOf(afterRight, 1).readiness);
    expect(afterRead.expectedGrade).toEqual(afterRight.expectedGrade);

    // "Wist ik" on 9 of 12 cards is weak self-report: a point or two at most.
    await s.flipCards(1, 9, 12);
    const afterCards = await s.readiness();
    expect(chapterOf(afterCards, 1)).toMatchObject({ cardsKnown: 9, gradedAnswers: 5 });
    expect(chapterOf(afterCards, 1).readiness! - chapterOf(afterRead, 1).readiness!).toBeLessThanOrEqual(3);
    // The same cards, now not known: not above where it was; the counts replace, never add up.
    await s.flipCards(1, 0, 12);
    const afterUnknown = await s.readiness();
    expect(chapterOf(afterUnknown, 1)).toMatchObject({ cardsKnown: 0, cardsUnknown: 12 });
    expect(chapterOf(afterUnknown, 1).readiness!).toBeLessThan(chapterOf(afterCards, 1).readiness!);
    // Another chapter is still untested.
    expect(chapterOf(afterUnknown, 2).readiness).toBeNull();
  });

  it('counts a skipped question as not known, and its later answer as known', async () => {
    const s = await student(suite.ctx.app);
    await s.readiness();
    await s.practise(2, [true, true, true, true]);
    expect(chapterOf(await s.readiness(), 2).questionsCorrect).toBe(4);
    const listId = 'fx-plan-lijst-2';
    const { id } = (await s.call('POST', `/api/session/${listId}/start-all`, undefined, { 'idempotency-key': randomUUID() })).json();
    const skipped = await s.call('GET', `/api/session/${id}/skip`);
    expect(skipped.statusCode, skipped.body).toBe(200);
    const afterSkip = chapterOf(await s.readiness(), 2);
    expect(afterSkip.questionsCorrect).toBe(3);
  });

  it('ticks a task off from what she does and keeps the day\'s tasks', async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: '2026-12-03', minutesPerDay: 20 });
    const before = (await s.today()).subjects[0]!;
    expect(before.tasks[0]).toMatchObject({ id: 'read:fx-plan-h1', done: false, progress: 0, target: 1 });
    await s.read('fx-plan-h1');
    const after = (await s.today()).subjects[0]!;
    expect(after.tasks.map((t) => t.id)).toEqual(before.tasks.map((t) => t.id));
    expect(after.tasks[0]).toMatchObject({ id: 'read:fx-plan-h1', done: true, progress: 1 });
  });

  it('re-plans a skipped day without piling it onto the next', async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: '2026-12-10', minutesPerDay: 20 });
    const thursday = (await s.today()).subjects[0]!;
    // She does nothing on Thursday; Friday's plan still fits her 20 minutes.
    vi.setSystemTime(new Date('2026-11-27T08:00:00Z'));
    const friday = (await s.today()).subjects[0]!;
    expect(friday.minutes).toBeLessThanOrEqual(20);
    expect(friday.studyDaysLeft).toBe(thursday.studyDaysLeft! - 1);
    expect(friday.minutesLeft).toBe(thursday.minutesLeft);
    expect(friday.tasks[0]).toMatchObject({ id: 'read:fx-plan-h1', done: false });
  });

  it("does not show another student's plan or readiness", async () => {
    const a = await student(suite.ctx.app);
    const b = await student(suite.ctx.app);
    await a.savePlan({ examDate: '2026-12-17' });
    await a.practise(1, [true, true, true, true, true]);
    expect((await b.today()).subjects).toEqual([]);
    expect(chapterOf(await b.readiness(), 1).questionsCorrect).toBe(0);
    expect((await b.call('GET', `/api/subjects/${SUBJECT}/exam-plan`)).json().isSet).toBe(false);
  });
});
