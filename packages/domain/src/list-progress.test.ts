import { describe, expect, it } from 'vitest';
import { latestListSessions, listProgressOf, NO_LIST_PROGRESS, onePerList, type ListSession } from './list-progress.ts';

const session = (id: string, listId: string, finished: boolean): ListSession => ({ id, listId, finished });

describe('latestListSessions', () => {
  it('offers only her latest session of a list to continue, and only while it is unfinished', () => {
    // newest first: a newer finished round supersedes the older open one of list a
    const latest = latestListSessions([session('a3', 'a', true), session('a2', 'a', false), session('b2', 'b', false), session('b1', 'b', true)]);
    expect(Object.fromEntries(latest.open)).toEqual({ b: 'b2' });
    expect(Object.fromEntries(latest.finished)).toEqual({ a: 'a3', b: 'b1' });
  });

  it('takes the latest finished session of a list, not an older one', () => {
    const latest = latestListSessions([session('a3', 'a', false), session('a2', 'a', true), session('a1', 'a', true)]);
    expect(Object.fromEntries(latest.open)).toEqual({ a: 'a3' });
    expect(Object.fromEntries(latest.finished)).toEqual({ a: 'a2' });
  });

  it('is empty without sessions', () => {
    const latest = latestListSessions([]);
    expect(latest.open.size + latest.finished.size).toBe(0);
  });
});

describe('listProgressOf', () => {
  const facts = {
    totals: new Map([
      ['a', 5],
      ['b', 3],
      ['c', 4],
    ]),
    answered: new Map([
      ['a', 1],
      ['b', 2],
    ]),
    latest: latestListSessions([session('a1', 'a', false), session('b1', 'b', true)]),
    // b1: correct, partial, skipped -> (1 + 0.5) / 3 = 50
    statuses: new Map([['b1', [1, 2, 3]]]),
  };

  it('gives each list the share of its questions she answered, the score of her latest finished session and her open session', () => {
    const progress = listProgressOf(['a', 'b', 'c'], facts);
    expect(progress.get('a')).toEqual({ progress: 20, score: null, sessionId: 'a1' });
    expect(progress.get('b')).toEqual({ progress: 67, score: 50, sessionId: null });
    expect(progress.get('c')).toEqual(NO_LIST_PROGRESS);
  });

  it('gives a list it knows nothing of (no questions, no sessions) no progress rather than dividing by zero', () => {
    expect(listProgressOf(['unknown'], facts).get('unknown')).toEqual({ progress: 0, score: null, sessionId: null });
  });

  it('scores a finished session whose statuses are missing as 0', () => {
    const progress = listProgressOf(['b'], { ...facts, statuses: new Map() });
    expect(progress.get('b')?.score).toBe(0);
  });
});

describe('onePerList', () => {
  const items = [
    { id: 1, list: 'a' },
    { id: 2, list: null },
    { id: 3, list: 'a' },
    { id: 4, list: 'b' },
    { id: 5, list: null },
  ];

  it('keeps the first of each list and every session over several lists, in order', () => {
    expect(onePerList(items, (i) => i.list, 10).map((i) => i.id)).toEqual([1, 2, 4, 5]);
  });

  it('stops at the limit', () => {
    expect(onePerList(items, (i) => i.list, 2).map((i) => i.id)).toEqual([1, 2]);
    expect(onePerList(items, (i) => i.list, 0)).toEqual([]);
  });
});
