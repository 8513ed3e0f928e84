import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { OTHER_SUBJECT, SUBJECT, TZ, chapterOf, planApp, student } from './support.ts';

// Thursday 26 November 2026, 10:00 in Amsterdam.
const NOW = new Date('2026-11-26T09:00:00Z');

describe.each(DIALECTS)('exam plan and readiness on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await planApp(dialect);
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('sets, changes and removes her exam date in one step each', async () => {
    const s = await student(ctx.app);
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
    const s = await student(ctx.app);
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
    const s = await student(ctx.app);
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

  it('starts at zero readiness with a Dutch reason per chapter', async () => {
    const s = await student(ctx.app);
    const r = await s.readiness();
    expect(r.readiness).toBe(0);
    expect(r.chapters.map((c) => [c.number, c.questionCount, c.cardCount])).toEqual([
      [1, 5, 12],
      [2, 4, 3],
      [3, 0, 0],
    ]);
    expect(chapterOf(r, 1).reason).toBe('Hoofdstuk 1: nog niet gelezen, 0 van de 5 vragen goed, 12 kaarten nog niet gekend');
    expect(chapterOf(r, 3).reason).toBe('Hoofdstuk 3: nog niet gelezen');
  });

  it("builds the aggregates of a student from before from her history, once", async () => {
    const s = await student(ctx.app);
    // Her history before she ever asked for readiness (the backfill reads it).
    await s.practise(1, [true, true, false, false, false]);
    await s.read('fx-plan-h2');
    const r = await s.readiness();
    expect(chapterOf(r, 1).reason).toBe('Hoofdstuk 1: nog niet gelezen, 2 van de 5 vragen goed, 12 kaarten nog niet gekend');
    expect(chapterOf(r, 2).read).toBe(true);
    const again = await s.readiness();
    expect(again).toEqual(r);
  });

  it("plans today within her minutes, the first chapter first, and keeps the day's tasks", async () => {
    const s = await student(ctx.app);
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
    const s = await student(ctx.app);
    await s.savePlan({ examDate: null, minutesPerDay: 15 });
    const [plan] = (await s.today()).subjects;
    expect(plan).toMatchObject({ phase: 'no-exam', examDate: null, daysUntilExam: null });
    expect(plan!.tasks.length).toBeGreaterThan(0);
  });

  it('says plainly when the time is too short', async () => {
    const s = await student(ctx.app);
    await s.savePlan({ examDate: '2026-11-28', minutesPerDay: 5 });
    const [plan] = (await s.today()).subjects;
    expect(plan!.tooShort).toBe(true);
  });
});
