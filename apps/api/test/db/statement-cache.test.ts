import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '@blok/db';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { answerId, questionsApp, student } from '../questions/support.ts';

/**
 * The same practice session on each dialect, reduced to what does not depend on generated ids,
 * clocks or the session's random answer order. On SQLite the reads and writes repeat the same SQL texts, so they run on cached
 * statements; PostgreSQL prepares nothing across calls. Both must give the same answers.
 */
async function practice(ctx: TestContext) {
  const s = await student(ctx.app);
  const id = await s.start('fx-lijst-a');
  const seen: unknown[] = [];
  const strip = (o: { questions: Array<Record<string, unknown>>; [k: string]: unknown }) => ({
    currentIndex: o.currentIndex,
    finished: o.finished,
    progress: o.progress,
    // correct ids sorted: they come in the session's own (seeded, random) answer order
    questions: o.questions.map((q) => [q.questionId, q.isCorrect, q.userAnswerIds, q.revealed, [...(q.correctAnswerIds as string[])].sort()]),
  });
  seen.push(strip((await s.overview(id)) as never));
  seen.push(await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a1', answerId: answerId('fx-a1', 1) }).then((q) => [q.questionId, q.isCorrect, q.userAnswerIds]));
  // the same statements again, after the write: fresh rows, not the first run's
  seen.push(strip((await s.overview(id)) as never));
  seen.push(await s.step(id, 'next').then((st) => [st.currentIndex, st.finished]));
  seen.push(await s.answer('fx-lijst-a', { sessionId: id, questionId: 'fx-a2', answerId: answerId('fx-a2', 4) }).then((q) => [q.questionId, q.isCorrect]));
  seen.push(strip((await s.overview(id)) as never));
  return seen;
}

const results = new Map<DialectName, unknown[]>();

describe.each(DIALECTS)('cached prepared statements on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await questionsApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('gives the results of the uncached path: reads after writes see the writes', async () => {
    const hitsBefore = ctx.handle.statements?.hits() ?? 0;
    const seen = await practice(ctx);
    results.set(dialect, seen);
    // the first overview shows nothing answered, the second the first answer, the third both
    expect(JSON.stringify(seen[0])).not.toEqual(JSON.stringify(seen[2]));
    expect((seen[2] as { questions: unknown[][] }).questions[0]![1]).toBe(1);
    expect(seen[4]).toEqual(['fx-a2', 0]);
    if (dialect === 'sqlite') expect(ctx.handle.statements!.hits()).toBeGreaterThan(hitsBefore);
    else expect(ctx.handle.statements).toBeUndefined();
  });

  it.runIf(dialect === 'postgres')('answers exactly as SQLite does', () => {
    expect(results.get('postgres')).toEqual(results.get('sqlite'));
  });
});
