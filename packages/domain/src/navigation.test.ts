import { describe, expect, it } from 'vitest';
import { moveNext, nextUnanswered, progressOf, skip, startReview, type NavigationState } from './navigation.ts';

const at = (current: number, skippedMode = false, reviewIndex: number | null = null): NavigationState => ({ current, skippedMode, reviewIndex });

describe('nextUnanswered', () => {
  it('finds the next -1, 3 or 4 with a higher index', () => {
    expect(nextUnanswered([1, -1, -1], 0)).toBe(1);
    expect(nextUnanswered([3, 1, 0, 4, 3], 0)).toBe(3);
    expect(nextUnanswered([3, 1, 0, 4, 3], 3)).toBe(4);
    expect(nextUnanswered([3, 1, 0, 1], 0)).toBeNull();
  });
});

describe('moveNext', () => {
  it('goes to the next question in a normal run', () => {
    expect(moveNext([1, -1, -1], at(0))).toEqual(at(1));
  });

  it('reaches the end after the last question: progress 100', () => {
    const end = moveNext([1, 0, 1], at(2));
    expect(end.current).toBe(3);
    expect(progressOf(end, 3)).toBe(100);
  });

  it('in review mode moves to the next unanswered question with a higher index, skipping answered ones', () => {
    // 0 skipped (being answered now -> 1), 1 correct, 2 skipped, 3 wrong, 4 review
    const statuses = [1, 1, 3, 0, 4];
    expect(moveNext(statuses, at(0, true, 0))).toEqual(at(2, true, 0));
    expect(moveNext(statuses, at(2, true, 0))).toEqual(at(4, true, 0));
  });

  it('at the end of review mode sets progress 100 and leaves skipped mode, even with lower unanswered ones left', () => {
    const statuses = [3, 1, 1, 1];
    const end = moveNext(statuses, at(3, true, 3));
    expect(end).toEqual({ current: 4, skippedMode: false, reviewIndex: 3 });
    expect(progressOf(end, 4)).toBe(100);
  });
});

describe('skip', () => {
  it('marks an unanswered question skipped and moves on', () => {
    const r = skip([-1, -1, -1], at(0));
    expect(r.statuses).toEqual([3, -1, -1]);
    expect(r.state).toEqual(at(1));
    expect(r.skippedIndex).toBe(0);
  });

  it('keeps a review question in review and an answered one as it is', () => {
    expect(skip([4, -1], at(0)).statuses).toEqual([4, -1]);
    expect(skip([1, -1], at(0)).statuses).toEqual([1, -1]);
  });

  it('in skipped mode fetches the next skipped question', () => {
    const r = skip([3, 1, 3, 0], at(0, true, 0));
    expect(r.statuses).toEqual([3, 1, 3, 0]);
    expect(r.state).toEqual(at(2, true, 0));
  });

  it('skipping the last question ends the run', () => {
    const r = skip([1, -1], at(1));
    expect(r.statuses).toEqual([1, 3]);
    expect(r.state.current).toBe(2);
  });
});

describe('startReview', () => {
  it('jumps to the first skipped or review question and enters skipped mode', () => {
    expect(startReview([1, 0, 3, 4], at(4))).toEqual(at(2, true, 2));
    expect(startReview([1, 4, 3], at(3))).toEqual(at(1, true, 1));
  });

  it('jumps to a chosen unanswered question, refuses an answered one', () => {
    expect(startReview([3, 1, 3], at(3), 2)).toEqual(at(2, true, 2));
    expect(startReview([3, 1, 3], at(3), 1)).toBeNull();
    expect(startReview([3, 1, 3], at(3), 7)).toBeNull();
  });

  it('with nothing left stays at the end, out of skipped mode', () => {
    expect(startReview([1, 0], at(2))).toEqual({ current: 2, skippedMode: false, reviewIndex: null });
  });
});

describe('progressOf', () => {
  it('uses the current question number', () => {
    expect(progressOf(at(0), 4)).toBe(25);
    expect(progressOf(at(3), 4)).toBe(100);
    expect(progressOf(at(4), 4)).toBe(100);
  });
});
