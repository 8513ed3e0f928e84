import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { ExpectedGrade, FlashcardSession, Progress } from '@blok/contract';
import { DIALECTS } from '../helpers.ts';
import { SUBJECT, TZ, planSuite, student } from './support.ts';

/** Voortgang's figures of `mixedHistory` as the per-request computation over all her answers gave them (before decision 047). */
const MIXED_HISTORY_PROGRESS = {
  grades: [
    { at: '2026-11-26T09:20:00.000Z', date: '2026-11-26', source: 'practice', chapterId: 'fx-plan-h2', grade: 5, questions: 2 },
    { at: '2026-11-27T07:00:00.000Z', date: '2026-11-27', source: 'mockexam', chapterId: 'fx-plan-h1', grade: 6.7, questions: 3 },
    { at: '2026-11-27T07:00:00.000Z', date: '2026-11-27', source: 'mockexam', chapterId: 'fx-plan-h2', grade: 10, questions: 2 },
    { at: '2026-11-27T07:32:00.000Z', date: '2026-11-27', source: 'practice', chapterId: 'fx-plan-h1', grade: 6.7, questions: 3 },
  ],
  days: [
    { date: '2026-11-26', minutes: 7, activities: 12 },
    { date: '2026-11-27', minutes: 2, activities: 8 },
  ],
};

// Thursday 26 November 2026, 10:00 in Amsterdam.
const NOW = new Date('2026-11-26T09:00:00Z');

type Student = Awaited<ReturnType<typeof student>>;

/**
 * Issue 39, "one read model for where she stands": after a mixed set of writes (practice answers,
 * typed and "Wist ik" cards, reading, a mock exam, over two days) the subject page and Voortgang
 * (`/readiness`), Home (`/plan/today`) and the figure written through in the writes' own
 * transactions (`standing_days`, Voortgang's line) give the same readiness and expected grade.
 */
describe.each(DIALECTS)('one standing of a student in a subject on %s', (dialect) => {
  const suite = planSuite(dialect, NOW);

  /** Types an answer to the first `count` cards of a chapter's set: right for the first `right`. */
  const typeCards = async (s: Student, chapter: 1 | 2, right: number, count: number) => {
    const res = await s.call('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'set', flashcardSetId: `fx-plan-set-${chapter}` }, { 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json() as FlashcardSession;
    for (let i = 0; i < count; i++) {
      const card = session.cards[i]!;
      const typedAnswer = i < right ? card.back.html.replace(/<[^>]*>/g, '').trim() : 'iets heel anders dan de achterkant';
      const answered = await s.call('POST', `/api/flashcard-sessions/${session.id}/answer`, { position: i, known: true, typedAnswer, flashcardId: card.flashcardId }, { 'idempotency-key': randomUUID() });
      expect(answered.statusCode, answered.body).toBe(200);
    }
  };

  /** Every place that shows her standing, read now. */
  const everywhere = async (s: Student) => {
    const readiness = await s.readiness();
    const home = (await s.today()).subjects.find((d) => d.subjectId === SUBJECT)!;
    const latest = readiness.expectedGradeHistory.at(-1);
    return {
      readiness,
      subjectPage: { readiness: readiness.readiness, expectedGrade: readiness.expectedGrade },
      home: { readiness: home.readiness, expectedGrade: home.expectedGrade },
      writtenThrough: latest ? ({ grade: latest.grade, low: latest.low, high: latest.high } satisfies ExpectedGrade) : null,
    };
  };

  it('gives the same readiness and expected grade on the subject page, Voortgang and Home after answers, cards and a mock exam', async () => {
    const s = await student(suite.ctx.app);
    await s.savePlan({ examDate: '2026-12-17', minutesPerDay: 30 });

    // Day 1: reading and "Wist ik" only: nothing graded, "nog niet getoetst" everywhere.
    await s.read('fx-plan-h1');
    await s.flipCards(1, 6, 6);
    let seen = await everywhere(s);
    expect(seen.subjectPage).toEqual({ readiness: null, expectedGrade: null });
    expect(seen.home).toEqual(seen.subjectPage);
    expect(seen.writtenThrough).toBeNull();

    // Practice in chapter 1, typed cards in chapter 2.
    await s.practise(1, [true, true, false, true, true]);
    await typeCards(s, 2, 2, 3);
    seen = await everywhere(s);
    expect(seen.subjectPage.expectedGrade).not.toBeNull();
    expect(seen.home).toEqual(seen.subjectPage);
    expect(seen.writtenThrough).toEqual(seen.subjectPage.expectedGrade);
    const dayOne = seen.subjectPage.expectedGrade!;

    // Day 2: a mock exam (its judged answers count), then more practice in chapter 2.
    vi.setSystemTime(new Date('2026-11-27T07:00:00Z'));
    const exam = await s.mockExam((questionId) => !questionId.endsWith('-2'));
    expect(exam.result).toBeTruthy();
    seen = await everywhere(s);
    expect(seen.home).toEqual(seen.subjectPage);
    expect(seen.writtenThrough).toEqual(seen.subjectPage.expectedGrade);
    await s.practise(2, [true, false, true, true]);
    seen = await everywhere(s);
    expect(seen.home).toEqual(seen.subjectPage);
    expect(seen.writtenThrough).toEqual(seen.subjectPage.expectedGrade);
    expect(seen.readiness.expectedGradeHistory.map((p) => p.date)).toEqual(['2026-11-26', '2026-11-27']);
    expect(seen.readiness.expectedGradeHistory[0]).toMatchObject(dayOne);
    // the subject's readiness is the expected grade's share right
    expect(Math.abs(seen.subjectPage.readiness! / 10 - seen.subjectPage.expectedGrade!.grade)).toBeLessThanOrEqual(0.1);
  });
  /** Voortgang's progress answer, read now. */
  const progressOf = async (s: Student) => {
    const res = await s.call('GET', `/api/subjects/${SUBJECT}/progress?timeZone=${encodeURIComponent(TZ)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Progress;
  };

  /**
   * A mixed history over two days: practice in two chapters (one session reset, one list
   * restarted), typed and "Wist ik" cards, reading and a mock exam. The figures are those the
   * progress page gave when it recomputed them from all her answers per request (before decision
   * 047), recorded here so the aggregates it reads since must give the same.
   */
  const mixedHistory = async (s: Student) => {
    await s.savePlan({ examDate: '2026-12-17', minutesPerDay: 30 });
    await s.read('fx-plan-h1');
    await s.practise(1, [true, true, false, true, true]);
    vi.setSystemTime(new Date('2026-11-26T09:03:00Z'));
    await s.flipCards(1, 4, 6);
    await typeCards(s, 2, 2, 3);
    vi.setSystemTime(new Date('2026-11-26T09:20:00Z'));
    const reset = await s.practise(2, [false, false, false]);
    expect((await s.call('PUT', `/api/session/${reset}/reset`, undefined, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);
    await s.practise(2, [true, false]);
    // Day 2: a mock exam, a list practised and restarted, then practised again.
    vi.setSystemTime(new Date('2026-11-27T07:00:00Z'));
    await s.mockExam((questionId) => !questionId.endsWith('-2'));
    vi.setSystemTime(new Date('2026-11-27T07:30:00Z'));
    await s.practise(1, [false, false]);
    expect((await s.call('DELETE', '/api/question-list/fx-plan-lijst-1/answers', undefined, { 'idempotency-key': randomUUID() })).statusCode).toBeLessThan(300);
    vi.setSystemTime(new Date('2026-11-27T07:32:00Z'));
    await s.practise(1, [true, false, true]);
    vi.setSystemTime(new Date('2026-11-27T08:00:00Z'));
  };

  it('gives the same progress (grades per chapter over time, minutes per day) as recomputing it from all her answers', async () => {
    const s = await student(suite.ctx.app);
    await mixedHistory(s);
    const progress = await progressOf(s);
    expect({ grades: progress.grades, days: progress.days }).toEqual(MIXED_HISTORY_PROGRESS);
  });
});
