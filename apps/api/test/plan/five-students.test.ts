import { describe, expect, it } from 'vitest';
import type { SubjectReadiness } from '@blok/contract';
import { DIALECTS } from '../helpers.ts';
import { chapterOf, planSuite, student } from './support.ts';

// Thursday 26 November 2026, 10:00 in Amsterdam.
const NOW = new Date('2026-11-26T09:00:00Z');

/** About one in four right, as clicking at random on four options: chapter 1 (5 questions) and 2 (4). */
const RANDOM = { 1: [true, false, false, false, false], 2: [false, false, true, false] } as const;
const CHAPTERS = ['fx-plan-h1', 'fx-plan-h2', 'fx-plan-h3'];

/**
 * The five students of issue 39, through the API as students use it. Readiness must measure what
 * she knows: graded answers, not reading or her own "Wist ik" (decision 035).
 */
describe.each(DIALECTS)('readiness of the five students of issue 39 on %s', (dialect) => {
  const suite = planSuite(dialect, NOW);

  async function students() {
    const app = suite.ctx.app;
    // A: every question right; no reading, no cards
    const a = await student(app);
    await a.practise(1, [true, true, true, true, true]);
    await a.practise(2, [true, true, true, true]);
    // B: random answers
    const b = await student(app);
    await b.practise(1, [...RANDOM[1]]);
    await b.practise(2, [...RANDOM[2]]);
    // C: read every chapter, answered nothing
    const c = await student(app);
    for (const id of CHAPTERS) await c.read(id);
    // D: read everything, "Wist ik" on every card, random answers
    const d = await student(app);
    for (const id of CHAPTERS) await d.read(id);
    await d.flipCards(1, 12, 12);
    await d.flipCards(2, 3, 3);
    await d.practise(1, [...RANDOM[1]]);
    await d.practise(2, [...RANDOM[2]]);
    return { a, b, c, d };
  }

  it('ranks A above D and B, keeps D and B low, and gives C "nog niet getoetst"', async () => {
    const { a, b, c, d } = await students();
    const [ra, rb, rc, rd] = await Promise.all([a.readiness(), b.readiness(), c.readiness(), d.readiness()]);
    const figures = (r: SubjectReadiness) => ({ readiness: r.readiness, grade: r.expectedGrade, chapters: r.chapters.map((x) => x.readiness) });
    console.log(`issue 39 students on ${dialect}: A ${JSON.stringify(figures(ra))}, B ${JSON.stringify(figures(rb))}, C ${JSON.stringify(figures(rc))}, D ${JSON.stringify(figures(rd))}`);

    expect(ra.readiness!).toBeGreaterThan(rd.readiness!);
    expect(ra.readiness!).toBeGreaterThan(rb.readiness!);
    expect(ra.expectedGrade!.grade).toBeGreaterThan(rd.expectedGrade!.grade);
    expect(ra.expectedGrade!.grade).toBeGreaterThan(rb.expectedGrade!.grade);
    expect(ra.expectedGrade!.grade).toBeGreaterThanOrEqual(5.5);
    expect(ra.expectedGrade!.low).toBeLessThan(ra.expectedGrade!.grade);
    expect(ra.expectedGrade!.high).toBeGreaterThan(ra.expectedGrade!.grade);
    // chapter 3 has no questions: nobody was tested on it
    expect(chapterOf(ra, 3).readiness).toBeNull();
    expect(chapterOf(ra, 1).readiness!).toBeGreaterThan(chapterOf(rd, 1).readiness!);

    // B and D stay low, and D's reading and "Wist ik" on every card do not lift her above B by much
    for (const r of [rb, rd]) {
      expect(r.readiness!).toBeLessThan(40);
      expect(r.expectedGrade!.grade).toBeLessThan(4.5);
    }
    expect(rd.readiness! - rb.readiness!).toBeLessThanOrEqual(3);

    // C read everything and answered nothing: no percentage, no expected grade
    expect(rc).toMatchObject({ readiness: null, expectedGrade: null, gradedAnswers: 0 });
    expect(rc.chapters.every((x) => x.readiness === null && x.reason.endsWith('nog niet getoetst'))).toBe(true);
  });

  it('moves readiness and the expected grade with a mock exam: M from "nog niet getoetst", A down after one all wrong', async () => {
    const m = await student(suite.ctx.app);
    const before = await m.readiness();
    expect(before).toMatchObject({ readiness: null, expectedGrade: null });
    const exam = await m.mockExam(() => true);
    expect(exam.result).toMatchObject({ grade: 10 });
    const after = await m.readiness();
    expect(after.gradedAnswers).toBe(5);
    expect(after.readiness).not.toBeNull();
    expect(after.expectedGrade!.grade).toBeGreaterThan(5.5);
    const examined = new Set(exam.questions.map((q) => q.chapterId));
    for (const c of after.chapters) expect(c.readiness === null).toBe(!examined.has(c.chapterId));

    // A mock exam answer weighs more than a practice answer: A's all-wrong exam pulls her down.
    const a = await student(suite.ctx.app);
    await a.practise(1, [true, true, true, true, true]);
    await a.practise(2, [true, true, true, true]);
    const practised = await a.readiness();
    await a.mockExam(() => false);
    const examinedA = await a.readiness();
    expect(examinedA.expectedGrade!.grade).toBeLessThan(practised.expectedGrade!.grade - 1);
    expect(examinedA.readiness!).toBeLessThan(practised.readiness!);
    expect(examinedA.gradedAnswers).toBe(practised.gradedAnswers + 5);
  });
});
