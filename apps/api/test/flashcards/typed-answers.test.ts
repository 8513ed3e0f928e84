import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardSession } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { flashcardsApp, student } from './support.ts';

// Issue 40, Anki's "type in the answer": a typed card answer is judged by the app against the side
// she answers (case, accents, punctuation and a small typo forgiven) and is graded evidence for
// readiness ('card-typed' in plan_marks); 'Wist ik' stays self-report. Fixture fx-set-a: fx-a-1
// (back "Beperkte middelen tegenover onbeperkte behoeften."), fx-a-3 (back "Antwoord drie").

describe.each(DIALECTS)('typed flashcard answers on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await flashcardsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('judges a typed answer against the back, whatever she says of it, and records it as graded evidence', async () => {
    const s = await student(ctx.app);
    const userId = (await s.call('GET', '/api/user/profile')).json().id as string;
    const session = await s.start();
    const type = async (position: number, typedAnswer: string, known: boolean): Promise<FlashcardSession> => {
      const res = await s.call('POST', `/api/flashcard-sessions/${session.id}/answer`, { position, known, typedAnswer, flashcardId: session.cards[position]!.flashcardId }, { 'idempotency-key': randomUUID() });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // right with a typo and without the full stop, though she claims not to know it
    let after = await type(0, 'beperkte middelen tegenover onbeperkte behoeftn', false);
    expect(after.cards[0]!.known).toBe(true);
    // wrong, though she claims to know it
    after = await type(2, 'Antwoord twee', true);
    expect(after.cards[2]!.known).toBe(false);

    const marks = await ctx.handle.db
      .selectFrom('plan_marks')
      .select(['item_id', 'source', 'score', 'state'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'card')
      .orderBy('item_id')
      .execute();
    expect(marks.map((m) => [m.item_id, m.source, Number(m.score), m.state])).toEqual([
      ['fx-a-1', 'card-typed', 1, 1],
      ['fx-a-3', 'card-typed', 0, 0],
    ]);

    // 'Wist ik' without typing stays her own verdict: self-report
    const other = await student(ctx.app);
    const otherId = (await other.call('GET', '/api/user/profile')).json().id as string;
    const own = await other.start();
    await other.answer(own.id, 0, true);
    const mark = await ctx.handle.db.selectFrom('plan_marks').select(['source']).where('user_id', '=', otherId).where('item_id', '=', 'fx-a-1').executeTakeFirst();
    expect(mark?.source).toBe('self-report');
  });

  it('refuses an empty typed answer', async () => {
    const s = await student(ctx.app);
    const session = await s.start();
    const res = await s.call('POST', `/api/flashcard-sessions/${session.id}/answer`, { position: 0, known: true, typedAnswer: '' });
    expect(res.statusCode).toBe(400);
  });
});
