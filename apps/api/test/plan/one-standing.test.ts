import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { ExpectedGrade, FlashcardSession } from '@blok/contract';
import { DIALECTS } from '../helpers.ts';
import { SUBJECT, planSuite, student } from './support.ts';

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
});
