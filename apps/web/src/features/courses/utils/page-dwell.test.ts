import { describe, expect, it } from 'vitest';
import { PageDwell, pageInView } from './page-dwell.ts';

describe('PageDwell', () => {
  it('counts a page read once it stayed in view long enough, once', () => {
    const dwell = new PageDwell(4000);
    expect(dwell.update([1, 2], 0)).toEqual([]);
    expect(dwell.update([1, 2], 3999)).toEqual([]);
    expect(dwell.update([2, 1], 4000)).toEqual([1, 2]);
    expect(dwell.update([1, 2], 9000)).toEqual([]);
  });

  it('starts again when a page left the view in between (scrolling past does not read)', () => {
    const dwell = new PageDwell(4000);
    dwell.update([3], 0);
    dwell.update([4], 2000);
    expect(dwell.update([3, 4], 4500)).toEqual([]);
    expect(dwell.update([3, 4], 6000)).toEqual([4]);
    expect(dwell.update([3], 8500)).toEqual([3]);
  });
});

describe('pageInView', () => {
  const view = { top: 0, bottom: 600 };
  it('needs half of the page, or half of the view for a tall page', () => {
    expect(pageInView({ top: 300, bottom: 800 }, view, 0.5)).toBe(true);
    expect(pageInView({ top: 400, bottom: 900 }, view, 0.5)).toBe(false);
    expect(pageInView({ top: -1000, bottom: 1400 }, view, 0.5)).toBe(true);
    expect(pageInView({ top: 700, bottom: 1000 }, view, 0.5)).toBe(false);
  });
});
