import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { SUBJECT, TZ, planApp, student } from './support.ts';

const ROUNDS = 6;

/**
 * The one-time backfill of a subject's aggregates (`ensureRebuilt`) runs in its own transaction
 * while answers, verdicts and reads of other requests update the same aggregates in theirs. On
 * PostgreSQL (read committed, a pool of connections) the backfill's delete did not see a chapter row
 * an answer had just inserted, so its recount could add the same answer a second time, and its mark
 * inserts deadlocked with the answers' (a 500; every run of this test hit it). Each round
 * makes her a student from before (no aggregates), then reads readiness while she answers, rates
 * cards and reads a chapter, and checks the aggregates equal a full recount of her history.
 */
describe.each(DIALECTS)('the backfill beside concurrent answers on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await planApp(dialect, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
  });
  afterAll(async () => ctx?.close());

  it('keeps the aggregates equal to a full recount', async () => {
    const db = ctx.handle.db;
    const s = await student(ctx.app);
    const userId = (await s.call('GET', '/api/user/profile')).json().id as string;
    await s.practise(1, [true, false, true, false, false]);

    const stats = () =>
      db
        .selectFrom('plan_chapter_stats')
        .select(['chapter_id', 'read', 'question_points', 'questions_answered', 'questions_correct', 'cards_known', 'cards_unknown'])
        .where('user_id', '=', userId)
        .orderBy('chapter_id')
        .execute();
    // a card's previous verdict is no part of the recount (only a question's previous session is)
    const marks = async () =>
      (
        await db
          .selectFrom('plan_marks')
          .select(['kind', 'item_id', 'chapter_id', 'session_id', 'state', 'previous_state'])
          .where('user_id', '=', userId)
          .orderBy('kind')
          .orderBy('item_id')
          .execute()
      ).map((m) => (m.kind === 'card' ? { ...m, previous_state: null } : m));
    /** Forgets her aggregates: she is a student from before this feature again. */
    const forget = async (keepAggregates = false) => {
      await db.deleteFrom('plan_rebuilds').where('user_id', '=', userId).execute();
      if (keepAggregates) return;
      await db.deleteFrom('plan_chapter_stats').where('user_id', '=', userId).execute();
      await db.deleteFrom('plan_marks').where('user_id', '=', userId).execute();
    };

    for (let round = 0; round < ROUNDS; round++) {
      await forget();
      // The backfill (two first reads at once) while she answers, rates cards and reads.
      await Promise.all([
        s.readiness(),
        s.practise(2, [round % 2 === 0, true, false, round % 3 === 0]),
        s.readiness(),
        s.flipCards(2, round % 3, 3),
        s.practise(1, [round % 2 === 1, true]),
        s.read(round % 2 === 0 ? 'fx-plan-h3' : 'fx-plan-h2'),
      ]);
      const kept = await stats();
      const keptMarks = await marks();
      // A full recount of her history, nothing else running.
      await forget(true);
      await s.readiness();
      expect(kept, `round ${round}`).toEqual(await stats());
      expect(keptMarks, `round ${round}`).toEqual(await marks());
    }
  });
  it("keeps Voortgang's counts (decision 047) equal to a full recount while it builds them beside answers", async () => {
    const db = ctx.handle.db;
    const s = await student(ctx.app);
    const userId = (await s.call('GET', '/api/user/profile')).json().id as string;
    await s.practise(1, [true, false, true, false, false]);
    const progress = async () => {
      const res = await s.call('GET', `/api/subjects/${SUBJECT}/progress?timeZone=${encodeURIComponent(TZ)}`);
      expect(res.statusCode, res.body).toBe(200);
    };
    const counts = () =>
      db
        .selectFrom('standing_grades')
        .select(['session_id', 'chapter_id', 'correct', 'partial', 'answered'])
        .where('user_id', '=', userId)
        .orderBy('session_id')
        .orderBy('chapter_id')
        .execute();
    for (let round = 0; round < ROUNDS; round++) {
      // a student from before: no counts, no build
      await db.deleteFrom('standing_builds').where('user_id', '=', userId).execute();
      await db.deleteFrom('standing_grades').where('user_id', '=', userId).execute();
      await Promise.all([progress(), s.practise(2, [round % 2 === 0, true, false, round % 3 === 0]), progress(), s.practise(1, [round % 2 === 1, true])]);
      const kept = await counts();
      await db.deleteFrom('standing_builds').where('user_id', '=', userId).execute();
      await progress();
      expect(kept, `round ${round}`).toEqual(await counts());
    }
  });
});
