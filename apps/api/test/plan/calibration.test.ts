import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { StudioCalibration } from '@blok/contract';
import { DIALECTS } from '../helpers.ts';
import { SUBJECT, planSuite, student } from './support.ts';

// Thursday 26 November 2026, 10:00 in Amsterdam.
const NOW = new Date('2026-11-26T09:00:00Z');

type Student = Awaited<ReturnType<typeof student>>;

describe.each(DIALECTS)('the expected grade over time and against real mock exams on %s', (dialect) => {
  const suite = planSuite(dialect, NOW);

  it('keeps her expected grade per day, after her last graded answer that day', async () => {
    const s = await student(suite.ctx.app);
    expect((await s.readiness()).expectedGradeHistory).toEqual([]);
    // Reading and "Wist ik" are not graded: no point.
    await s.read('fx-plan-h1');
    await s.flipCards(1, 12, 12);
    expect((await s.readiness()).expectedGradeHistory).toEqual([]);

    await s.practise(1, [true, false, true, false, true]);
    const first = await s.readiness();
    expect(first.expectedGradeHistory).toEqual([{ date: '2026-11-26', ...first.expectedGrade! }]);

    vi.setSystemTime(new Date('2026-11-27T07:00:00Z')); // 08:00 in Amsterdam, within the token's day
    await s.practise(2, [true, true, true, true]);
    const second = await s.readiness();
    expect(second.expectedGradeHistory.map((p) => p.date)).toEqual(['2026-11-26', '2026-11-27']);
    expect(second.expectedGradeHistory[1]).toEqual({ date: '2026-11-27', ...second.expectedGrade! });
    expect(second.expectedGradeHistory[1]!.grade).toBeGreaterThan(first.expectedGrade!.grade);
    // her day plan carries it too, for Home
    await s.savePlan({ examDate: '2026-12-17' });
    expect((await s.today()).subjects[0]!.expectedGrade).toEqual(second.expectedGrade);
  });

  it("shows editors and admins the subject's expected grades against the mock exam grades, and no one else", async () => {
    const ctx = suite.ctx;
    const studio = ctx.app.services.studio;
    const [editor, admin, author, learner, untested] = await Promise.all([1, 2, 3, 4, 5].map(() => student(ctx.app)));
    await studio.setRole(null, admin!.email, 'admin');
    await studio.setRole(null, editor!.email, 'editor');
    await studio.setRole(null, author!.email, 'author');
    const assigned = await admin!.call('PUT', '/api/studio/assignments', { email: author!.email, subjectId: SUBJECT, assigned: true }, { 'idempotency-key': randomUUID() });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const calibration = async (u: Student, subjectId = SUBJECT) => u.call('GET', `/api/studio/subjects/${subjectId}/calibration`);

    const before = (await calibration(editor!)).json() as StudioCalibration;
    // The learner practises (an expected grade is shown), then sits a mock exam all right.
    await learner!.practise(1, [true, true, false, false, false]);
    const shown = (await learner!.readiness()).expectedGrade!;
    const exam = await learner!.mockExam(() => true);
    expect(exam.result?.grade).toBe(10);
    // A student without a graded answer was shown no expected grade: her exam is not counted.
    await untested!.mockExam(() => false);

    const after = (await calibration(editor!)).json() as StudioCalibration;
    expect(after.exams).toBe(before.exams + 1);
    expect(after.students).toBe(before.students + 1);
    expect(after.questions).toBe(before.questions + 5);
    expect(after.brier).not.toBeNull();
    const bin = after.bins.find((b) => shown.grade >= b.from && shown.grade < b.to)!;
    expect(bin.exams).toBeGreaterThanOrEqual(1);
    if (before.exams === 0) {
      expect(after).toMatchObject({ meanAbsoluteError: Math.round((10 - shown.grade) * 100) / 100, withinRange: shown.high >= 10 ? 1 : 0, bins: [{ exams: 1, meanPredicted: shown.grade, meanAchieved: 10 }] });
      // every question right: the Brier score is the mean (1 − p)², below what 50 % scores when p > 0.5
      expect(after.brier!).toBeGreaterThan(0);
      expect(after.brier!).toBeLessThan(1);
    }
    expect((await calibration(admin!)).json()).toEqual(after);

    // A student, an author of the subject, and an unknown subject: 404, as everywhere in the studio.
    for (const u of [learner!, author!]) expect([(await calibration(u)).statusCode, (await calibration(u)).json().error]).toEqual([404, 'not_found']);
    expect((await calibration(editor!, 'fx-bestaat-niet')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/studio/subjects/${SUBJECT}/calibration` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('leaves an open answer awaiting her assessment out of both sides, and counts an unanswered question as 0', async () => {
    const ctx = suite.ctx;
    const s = await student(ctx.app);
    const admin = await student(ctx.app);
    await ctx.app.services.studio.setRole(null, admin.email, 'admin');
    await s.practise(1, [true, true, true, false, false]);
    const me = (await s.call('GET', '/api/user/profile')).json() as { id: string };
    const before = (await admin.call('GET', `/api/studio/subjects/${SUBJECT}/calibration`)).json() as StudioCalibration;
    // The event the mock exam service says in the unit of work that closes an exam: two right, one
    // open answer she has not assessed yet, one not answered.
    await ctx.app.services.uow.run((tx) =>
      ctx.app.services.plan.recordMockExam(tx, {
        userId: me.id,
        subjectId: SUBJECT,
        examId: randomUUID(),
        at: NOW.toISOString(),
        answers: [
          { questionId: 'fx-plan-q2-1', chapterId: 'fx-plan-h2', status: 1 },
          { questionId: 'fx-plan-q2-2', chapterId: 'fx-plan-h2', status: 1 },
          { questionId: 'fx-plan-q2-3', chapterId: 'fx-plan-h2', status: 4 },
          { questionId: 'fx-plan-q2-4', chapterId: 'fx-plan-h2', status: -1 },
        ],
      }),
    );
    const after = (await admin.call('GET', `/api/studio/subjects/${SUBJECT}/calibration`)).json() as StudioCalibration;
    expect(after.exams).toBe(before.exams + 1);
    expect(after.questions).toBe(before.questions + 3);
    // 2 of the 3 questions the app judged: 6,7
    const achieved = after.bins.reduce((sum, b) => sum + b.meanAchieved * b.exams, 0) - before.bins.reduce((sum, b) => sum + b.meanAchieved * b.exams, 0);
    expect(achieved).toBeCloseTo(6.7, 0);
  });
});
