import { useEffect, type RefObject } from 'react';

/**
 * Formulas on the web (decision 044). KaTeX's stylesheet and fonts, and for Markdown the web app
 * typesets itself (questions, answers, feedback) KaTeX and the shared renderer
 * (`@blok/math/katex`, the module the API's import renders chapters and cards with), load only
 * on a page that shows a formula: never in a first visit, never precached.
 */

let stylesheet: Promise<unknown> | undefined;

/** KaTeX's CSS (a chunk of its own, its woff2 fonts as assets of that chunk), once. */
export function loadKatexCss(): Promise<unknown> {
  return (stylesheet ??= import('katex/dist/katex.min.css'));
}

let renderer: Promise<typeof import('@blok/math/katex')> | undefined;

/** The shared TeX renderer with KaTeX, and its stylesheet, once. */
export function loadMathRenderer(): Promise<typeof import('@blok/math/katex')> {
  return (renderer ??= Promise.all([import('@blok/math/katex'), loadKatexCss()]).then(([math]) => math));
}

/** Whether HTML the API rendered (or JSON holding it) has a typeset formula. */
export const hasTypesetMath = (html: string | null | undefined) => Boolean(html && /class=\\?"katex/.test(html));

/** Loads KaTeX's stylesheet when one of these HTML strings (a chapter, a card's sides) holds a formula. */
export function useKatexCss(...html: (string | null | undefined)[]) {
  const needed = html.some(hasTypesetMath);
  useEffect(() => {
    if (needed) void loadKatexCss();
  }, [needed]);
}

/**
 * For HTML the API typeset (a card's side, the studio's previews): loads KaTeX's stylesheet when it
 * has a formula, and puts a displayed formula wider than its box in the tab order (it scrolls
 * sideways; axe: scrollable-region-focusable), again when the fonts are in or the box resizes.
 */
export function useTypesetFormulas(ref: RefObject<HTMLElement | null>, html: string | null | undefined) {
  const needed = hasTypesetMath(html);
  useEffect(() => {
    const root = ref.current;
    if (!root || !needed) return;
    let live = true;
    const mark = () => {
      for (const block of root.querySelectorAll('.math-block')) {
        if (block.scrollWidth > block.clientWidth + 1) block.setAttribute('tabindex', '0');
        else block.removeAttribute('tabindex');
      }
    };
    mark();
    void loadKatexCss()
      .then(() => document.fonts?.ready)
      .then(() => live && mark());
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark);
    observer?.observe(root);
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [ref, needed, html]);
}
