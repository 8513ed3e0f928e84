import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { ExpectedGrade, FlashcardSession, Progress } from '@blok/contract';
import { DIALECTS } from '../helpers.ts';
import { SUBJECT, TZ, planSuite, student } from './support.ts';

/**
 * Voortgang's figures of `mixedHistory` as the per-request computation over all her answers gave them
 * (before decision 047). A mock exam draws its questions at random: its grades per chapter vary (the
 * standing counts them since 047's addendum; `test/progress/exam-grades.test.ts` holds them to the
 * exam's own).
 */
const MIXED_HISTORY_PROGRESS = {
  grades: [
    { at: '2026-11-26T09:20:00.000Z', date: '2026-11-26', source: 'practice', chapterId: 'fx-plan-h2', grade: 5, questions: 2 },
    { at: '2026-11-27T07:00:00.000Z', date: '2026-11-27', source: 'mockexam', chapterId: 'fx-plan-h1', grade: expect.any(Number), questions: 3 },
    { at: '2026-11-27T07:00:00.000Z', date: '2026-11-27', source: 'mockexam', chapterId: 'fx-plan-h2', grade: expect.any(Number), questions: 2 },
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
  /** Her standing rows (counts per session and chapter) and when they were built. */
  const standingRows = async (email: string) => {
    const db = suite.ctx.handle.db;
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const grades = await db
      .selectFrom('standing_grades')
      .select(['session_id', 'chapter_id', 'correct', 'partial', 'answered'])
      .where('user_id', '=', user.id)
      .orderBy('session_id')
      .orderBy('chapter_id')
      .execute();
    const build = await db.selectFrom('standing_builds').select('built_at').where('user_id', '=', user.id).where('subject_id', '=', SUBJECT).executeTakeFirst();
    return { userId: user.id, grades: grades.map((g) => ({ ...g, correct: Number(g.correct), partial: Number(g.partial), answered: Number(g.answered) })), builtAt: build?.built_at ?? null };
  };

  it("keeps Voortgang's counts in each answer's transaction, equal to counting her history again", async () => {
    const s = await student(suite.ctx.app);
    await mixedHistory(s);
    await progressOf(s);
    const built = await standingRows(s.email);
    expect(built.builtAt).not.toBeNull();
    // answers after the build are added by their own transactions: no build again
    vi.setSystemTime(new Date('2026-11-27T08:40:00Z'));
    await s.practise(2, [true, true, false, true]);
    vi.setSystemTime(new Date('2026-11-27T08:50:00Z'));
    await s.practise(1, [false, true]);
    const after = await progressOf(s);
    const written = await standingRows(s.email);
    expect(written.builtAt).toBe(built.builtAt);
    expect(written.grades.length).toBe(built.grades.length + 2);
    expect(after.grades.filter((g) => g.source === 'practice').slice(-2)).toEqual([
      { at: '2026-11-27T08:40:00.000Z', date: '2026-11-27', source: 'practice', chapterId: 'fx-plan-h2', grade: 7.5, questions: 4 },
      { at: '2026-11-27T08:50:00.000Z', date: '2026-11-27', source: 'practice', chapterId: 'fx-plan-h1', grade: 5, questions: 2 },
    ]);

    // Counted again from her history (as a student from before decision 047, who has no rows): the same.
    await suite.ctx.handle.db.deleteFrom('standing_builds').where('user_id', '=', written.userId).execute();
    await suite.ctx.handle.db.deleteFrom('standing_grades').where('user_id', '=', written.userId).execute();
    expect(await progressOf(s)).toEqual(after);
    const rebuilt = await standingRows(s.email);
    expect(rebuilt.grades).toEqual(written.grades);
    // built once: a second read neither builds again nor counts twice
    expect(await progressOf(s)).toEqual(after);
    expect(await standingRows(s.email)).toEqual(rebuilt);
  });

  it('builds the counts of a student from before on her first read of Voortgang, once', async () => {
    const s = await student(suite.ctx.app);
    await s.practise(1, [true, false, true, true, false]);
    await s.practise(2, [true, true]);
    const { userId } = await standingRows(s.email);
    // her answers were counted as she gave them; a student from before has no rows and no build
    await suite.ctx.handle.db.deleteFrom('standing_grades').where('user_id', '=', userId).execute();
    expect(await standingRows(s.email)).toMatchObject({ grades: [], builtAt: null });
    const [first, second] = await Promise.all([progressOf(s), progressOf(s)]);
    expect(second).toEqual(first);
    expect(first.grades.map((g) => [g.chapterId, g.grade, g.questions])).toEqual([
      ['fx-plan-h1', 6, 5],
      ['fx-plan-h2', 10, 2],
    ]);
    const rows = await standingRows(s.email);
    expect(rows.builtAt).not.toBeNull();
    expect(rows.grades.map((g) => [g.chapter_id, g.correct, g.partial, g.answered])).toEqual(
      expect.arrayContaining([
        ['fx-plan-h1', 3, 0, 5],
        ['fx-plan-h2', 2, 0, 2],
      ]),
    );
    expect(rows.grades).toHaveLength(2);
  });
});
