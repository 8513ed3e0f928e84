import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

/** Every part that `from` reaches through what it is made from. */
function reach(graph: Map<string, readonly string[]>, from: string): Set<string> {
  const seen = new Set<string>();
  const walk = (name: string) => {
    for (const dep of graph.get(name) ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      walk(dep);
    }
  };
  walk(from);
  return seen;
}

describe('the API composition root (issue 42)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
  });
  afterAll(async () => ctx?.close());

  it('has no cycle: no part reaches itself through what it is made from', () => {
    const graph = ctx.app.serviceGraph;
    expect(graph.size).toBeGreaterThan(25);
    const cycles = [...graph.keys()].filter((name) => reach(graph, name).has(name));
    expect(cycles).toEqual([]);
  });

  it('keeps the loops of before apart: catalogue and studio, plan and the cards, user and push', () => {
    const graph = ctx.app.serviceGraph;
    expect(reach(graph, 'catalogue').has('studio')).toBe(false);
    expect(reach(graph, 'catalogue').has('user')).toBe(false);
    expect(reach(graph, 'flashcards').has('plan')).toBe(false);
    expect(reach(graph, 'user').has('push')).toBe(false);
    expect(reach(graph, 'questions').has('library')).toBe(false);
    // and the parts are still wired where they are used
    expect([...reach(graph, 'plan')]).toEqual(expect.arrayContaining(['ownCards', 'flashcards', 'accounts', 'events']));
    expect([...reach(graph, 'studio')]).toEqual(expect.arrayContaining(['catalogue', 'accounts']));
  });

  it('has one owner of where she stands, read by the plan (Home, reminders), Voortgang and the studio, reaching none of them (issue 39)', () => {
    const graph = ctx.app.serviceGraph;
    for (const reader of ['plan', 'push', 'studio']) expect([...reach(graph, reader)], reader).toContain('readiness');
    expect(reach(graph, 'progress').has('standing')).toBe(true);
    for (const owner of ['readiness', 'standing']) {
      expect(reach(graph, owner).has('plan'), owner).toBe(false);
      expect(reach(graph, owner).has('progress'), owner).toBe(false);
    }
  });
});
