import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameWideTables } from './wide-tables.ts';

const classes = { block: 'block', frame: 'frame', scroll: 'scroll', hint: 'hint' };
const texts = { label: (n: number) => `Tabel ${n}, schuift opzij`, hint: 'Schuif de tabel opzij om alles te zien' };

/** jsdom has no layout: a scroller is `width` wide with `content` inside it. */
function layout(width: number, content: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-table-scroll') ? width : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-table-scroll') ? content : 0;
  });
}

function prose(): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = '<p>Tekst</p><table><tr><th>Term</th><th>Betekenis</th><th>Tegenhanger</th></tr></table>';
  document.body.append(el);
  return el;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('frameWideTables', () => {
  it('makes a table wider than the screen a named, focusable region with a shadow and a hint', () => {
    layout(300, 620);
    const el = prose();
    const stop = frameWideTables(el, classes, texts);
    const scroller = el.querySelector<HTMLElement>('[data-table-scroll]')!;
    const frame = el.querySelector<HTMLElement>('[data-table-frame]')!;
    const hint = el.querySelector<HTMLElement>('[data-table-hint]')!;
    expect(scroller.querySelector('table')).not.toBeNull();
    expect(scroller).toHaveAttribute('role', 'region');
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toHaveAccessibleName('Tabel 1, schuift opzij');
    expect(frame).toHaveAttribute('data-more-right');
    expect(frame).not.toHaveAttribute('data-more-left');
    expect(hint).toBeVisible();
    expect(hint).toHaveTextContent('Schuif de tabel opzij om alles te zien');

    // scrolled to the end: the shadow moves to the left edge
    Object.defineProperty(scroller, 'scrollLeft', { configurable: true, value: 320 });
    scroller.dispatchEvent(new Event('scroll'));
    expect(frame).toHaveAttribute('data-more-left');
    expect(frame).not.toHaveAttribute('data-more-right');
    stop();
  });

  it('leaves a table that fits alone, and wraps each table once', () => {
    layout(300, 300);
    const el = prose();
    frameWideTables(el, classes, texts)();
    frameWideTables(el, classes, texts)();
    expect(el.querySelectorAll('[data-table-scroll]')).toHaveLength(1);
    const scroller = el.querySelector<HTMLElement>('[data-table-scroll]')!;
    expect(scroller).not.toHaveAttribute('role');
    expect(scroller).not.toHaveAttribute('tabindex');
    expect(el.querySelector('[data-table-frame]')).not.toHaveAttribute('data-more-right');
    expect(el.querySelector<HTMLElement>('[data-table-hint]')!.hidden).toBe(true);
  });
});
