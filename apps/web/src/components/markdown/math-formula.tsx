import { useEffect, useRef, useState } from 'react';
import { loadMathRenderer } from './formulas.ts';
import styles from './markdown.module.css';

/**
 * A formula of content Markdown (`$…$`, `$$…$$`), typeset by the renderer the API's import uses
 * (`@blok/content/math`), loaded with KaTeX's stylesheet when the first formula shows. Until then
 * its source shows. KaTeX writes MathML beside its HTML, so a screen reader reads the formula.
 * `block`: a displayed formula on lines of its own; when wider than the screen it scrolls and takes
 * keyboard focus (outside an answer, whose button or label owns the focus).
 */
export function MathFormula({ tex, display, block, phrasing }: { tex: string; display: boolean; block: boolean; phrasing: boolean }) {
  const [html, setHtml] = useState<string | null>(null);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    let live = true;
    void loadMathRenderer().then((math) => {
      if (live) setHtml(math.renderTex(tex, display));
    });
    return () => {
      live = false;
    };
  }, [tex, display]);
  useEffect(() => {
    const el = ref.current;
    if (!el || !block || phrasing || !html || typeof ResizeObserver === 'undefined') return;
    const mark = () => {
      if (el.scrollWidth > el.clientWidth + 1) el.setAttribute('tabindex', '0');
      else el.removeAttribute('tabindex');
    };
    mark();
    const observer = new ResizeObserver(mark);
    observer.observe(el);
    return () => observer.disconnect();
  }, [block, phrasing, html]);
  const source = display ? `$$${tex}$$` : `$${tex}$`;
  if (block && !phrasing) {
    return html === null ? (
      <div className={styles.mathBlock}>{source}</div>
    ) : (
      <div ref={ref as React.RefObject<HTMLDivElement>} className={styles.mathBlock} dangerouslySetInnerHTML={{ __html: html }} />
    );
  }
  const className = block ? styles.mathBlock : undefined;
  return html === null ? <span className={className}>{source}</span> : <span className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
