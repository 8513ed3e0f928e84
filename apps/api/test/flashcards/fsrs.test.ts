import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardSession } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { SUBJECT, cardIds, flashcardsApp, student } from './support.ts';

const TZ = 'Europe/Amsterdam';
const MINUTE = 60;
const DAY = 86_400;

describe.each(DIALECTS)('FSRS spaced repetition on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await flashcardsApp(dialect, { LEITNER_ENABLED: 'true', FSRS_NEW_CARDS_PER_DAY: '4' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function reviewer() {
    const s = await student(ctx.app);
    const startReview = async (): Promise<FlashcardSession> => {
      const res = await s.call('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'review', timeZone: TZ });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const rate = (session: FlashcardSession, position: number, rating: number, scheduleVersion = session.cards[position]!.scheduleVersion ?? 0) =>
      s.call('POST', `/api/flashcard-sessions/${session.id}/rate`, { position, rating, scheduleVersion, durationMs: 4200, timeZone: TZ });
    return { ...s, startReview, rate };
  }

  it('serves leitnerEnabled and counts new cards up to the daily limit', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({ flashcardsEnabled: true, leitnerEnabled: true });
    const s = await reviewer();
    const overview = await s.overview(TZ);
    expect(overview.review).toEqual({ dueCount: 0, newCount: 4, newCardsPerDay: 4, sessionId: null });
    expect(overview.sets.map((x) => x.dueCount)).toEqual([0, 0]);
  });

  it('shows each rating with its next interval: Again in minutes, Easy on a new card in days', async () => {
    const s = await reviewer();
    const session = await s.startReview();
    expect(session.source).toBe('review');
    // New cards in written order, up to the daily limit of 4.
    expect(cardIds(session)).toEqual(['fx-a-1', 'fx-a-2', 'fx-a-3', 'fx-b-1']);
    const intervals = session.cards[0]!.intervals!;
    expect(intervals.again).toBeGreaterThanOrEqual(MINUTE);
    expect(intervals.again).toBeLessThan(15 * MINUTE);
    expect(intervals.good).toBeLessThan(DAY);
    expect(intervals.easy).toBeGreaterThanOrEqual(DAY);
    expect(session.cards[0]!.scheduleVersion).toBe(0);

    const before = Date.now();
    const again = await s.rate(session, 0, 1);
    expect(again.statusCode, again.body).toBe(200);
    const easy = await s.rate(session, 1, 4);
    expect(easy.statusCode, easy.body).toBe(200);
    const after = easy.json() as FlashcardSession;
    expect(after).toMatchObject({ currentIndex: 2, knownCount: 1, unknownCount: 1 });
    expect(after.cards[0]).toMatchObject({ rating: 1, known: false, intervals: null, scheduleVersion: 1 });

    const userId = (await ctx.handle.db.selectFrom('flashcard_sessions').select('user_id').where('id', '=', session.id).executeTakeFirstOrThrow()).user_id;
    const userRows = await ctx.handle.db.selectFrom('flashcard_schedules').selectAll().where('user_id', '=', userId).execute();
    expect(userRows.map((r) => [r.flashcard_id, r.version]).sort()).toEqual([
      ['fx-a-1', 1],
      ['fx-a-2', 1],
    ]);
    const dueIn = (id: string) => (Date.parse(userRows.find((r) => r.flashcard_id === id)!.due) - before) / 1000;
    expect(dueIn('fx-a-1')).toBeGreaterThan(0);
    expect(dueIn('fx-a-1')).toBeLessThan(15 * MINUTE);
    expect(dueIn('fx-a-2')).toBeGreaterThanOrEqual(DAY);
    expect(userRows.find((r) => r.flashcard_id === 'fx-a-2')!.state).toBe(2); // Review

    // Rating the same card twice in a session is refused; the log stays append-only.
    expect((await s.rate(session, 0, 3, 1)).statusCode).toBe(409);
  });

  it('writes the review log in the optimizer shape with her time zone', async () => {
    const s = await reviewer();
    const session = await s.startReview();
    const t0 = Date.now();
    expect((await s.rate(session, 0, 3)).statusCode).toBe(200);
    const cardId = session.cards[0]!.flashcardId;
    const logs = await ctx.handle.db.selectFrom('flashcard_review_logs').selectAll().where('flashcard_id', '=', cardId).where('review_time', '>=', t0).execute();
    expect(logs).toHaveLength(1);
    const log = logs[0]!;
    expect(Number(log.review_time)).toBeGreaterThanOrEqual(t0);
    expect(Number(log.review_time)).toBeLessThanOrEqual(Date.now());
    expect(log).toMatchObject({ review_rating: 3, review_state: 0, review_duration: 4200, time_zone: TZ });
  });

  it('puts due cards first, earliest first, then new ones up to what is left of the daily limit', async () => {
    const s = await reviewer();
    const first = await s.startReview();
    // fx-a-1 Again, fx-a-2 Hard, fx-a-3 Good: all due within minutes, in that order.
    for (const [position, rating] of [
      [0, 1],
      [1, 2],
      [2, 3],
    ] as const) {
      expect((await s.rate(first, position, rating)).statusCode).toBe(200);
    }
    const userId = (await ctx.handle.db.selectFrom('flashcard_sessions').select('user_id').where('id', '=', first.id).executeTakeFirstOrThrow()).user_id;
    // Make them due now, in the opposite order of the ratings, so the order is the due order and not the rating order.
    const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    for (const [id, minutes] of [
      ['fx-a-1', 5],
      ['fx-a-2', 30],
      ['fx-a-3', 10],
    ] as const) {
      await ctx.handle.db.updateTable('flashcard_schedules').set({ due: past(minutes) }).where('user_id', '=', userId).where('flashcard_id', '=', id).execute();
    }
    const overview = await s.overview(TZ);
    expect(overview.review).toMatchObject({ dueCount: 3, newCount: 1 });
    expect(overview.sets.map((x) => x.dueCount)).toEqual([3, 0]);

    const next = await s.startReview();
    // Due first (earliest due first), then the one new card left of today's 4.
    expect(cardIds(next)).toEqual(['fx-a-2', 'fx-a-3', 'fx-a-1', 'fx-b-1']);
    expect(next.cards.slice(0, 3).map((c) => c.scheduleVersion)).toEqual([1, 1, 1]);
  });

  it('refuses a rating made on a stale version (another device reviewed the card first)', async () => {
    const s = await reviewer();
    const a = await s.startReview();
    const b = await s.startReview();
    expect(a.cards[0]!.flashcardId).toBe(b.cards[0]!.flashcardId);
    expect((await s.rate(a, 0, 3)).statusCode).toBe(200);
    const stale = await s.rate(b, 0, 4);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('conflict');
  });

  it("answers 404 for another student's review session and refuses 'Wist ik' in a review", async () => {
    const owner = await reviewer();
    const other = await reviewer();
    const session = await owner.startReview();
    expect((await other.rate(session, 0, 3)).statusCode).toBe(404);
    const known = await owner.call('POST', `/api/flashcard-sessions/${session.id}/answer`, { position: 0, known: true });
    expect(known.statusCode).toBe(409);
    const badRating = await owner.call('POST', `/api/flashcard-sessions/${session.id}/rate`, { position: 0, rating: 5, scheduleVersion: 0, durationMs: 10, timeZone: TZ });
    expect(badRating.statusCode).toBe(400);
    const badZone = await owner.call('POST', `/api/flashcard-sessions/${session.id}/rate`, { position: 0, rating: 3, scheduleVersion: 0, durationMs: 10, timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
  });
});
