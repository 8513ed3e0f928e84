import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { questionsApp, student } from './support.ts';

/** GET session/{id}/next is a read when it changes nothing: no update, no newer updated_at. */
describe.each(DIALECTS)('next without a change on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  const row = (id: string) => ctx.handle.db.selectFrom('question_sessions').select(['current_index', 'finished_at', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

  it('writes while it moves and not at all once at the end', async () => {
    const s = await student(ctx.app);
    const id = await s.start('fx-lijst-a');
    const first = await row(id);
    await new Promise((r) => setTimeout(r, 5));
    const moved = await s.step(id, 'next');
    expect(moved.currentIndex).toBe(1);
    const afterMove = await row(id);
    expect(afterMove.current_index).toBe(1);
    expect(afterMove.updated_at > first.updated_at).toBe(true);

    let step = moved;
    for (let i = 0; i < 20 && step.currentIndex < step.questionsCount; i++) step = await s.step(id, 'next');
    expect(step.currentIndex).toBe(step.questionsCount);
    const atEnd = await row(id);
    expect(atEnd.finished_at).not.toBeNull();

    await new Promise((r) => setTimeout(r, 5));
    const again = await s.step(id, 'next');
    expect(again).toEqual(step);
    expect(await row(id)).toEqual(atEnd);
  });
});
