import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { Marked, type Token, type Tokens } from 'marked';
import { mathSyntax, type MathToken } from '@blok/math/syntax';
import { MathFormula } from './math-formula.tsx';
import styles from './markdown.module.css';

/**
 * Content Markdown (question text, answers, feedback, model answers) rendered the way the reader
 * shows a chapter: the same parser (marked, GFM) the import renders chapters with, so inline code and
 * code blocks come out in a monospace font, a code block keeping its lines and scrolling sideways on
 * a phone instead of wrapping mid-statement. It builds React elements from marked's tokens, never an
 * HTML string: content cannot inject markup, and raw HTML in it shows as its text, as the reader's
 * sanitizer leaves it. A single line break is kept (`breaks`), as the plain-text rendering before did.
 *
 * `phrasing` renders every block as a <span> (display: block), for places that allow phrasing
 * content only: an answer is the text of a <button> or <label>.
 *
 * `$…$` and `$$…$$` are formulas by the content's dollar rule (`@blok/math/syntax`), typeset
 * by the same KaTeX module as the import (decision 044), loaded only when a formula shows.
 */
export function Markdown({ text, phrasing = false, className }: { text: string; phrasing?: boolean; className?: string }) {
  const tokens = lexer.lexer(text);
  const Root = phrasing ? 'span' : 'div';
  return <Root className={[styles.markdown, phrasing ? styles.phrasing : '', className ?? ''].filter(Boolean).join(' ')}>{blocks(tokens, phrasing)}</Root>;
}

const lexer = new Marked({ gfm: true, breaks: true, extensions: mathSyntax });

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text as the browser would show it after an HTML renderer: entities decoded, tags of raw HTML dropped. */
function plain(text: string): string {
  return text
    .replace(/<\/?[a-zA-Z][^<>]*>/g, '')
    .replace(/&(#[0-9]{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]+);/g, (entity, name: string) => {
      if (!name.startsWith('#')) return ENTITIES[name] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    });
}

const SAFE_HREF = /^(https?:|mailto:)/i;

function blocks(tokens: readonly Token[], phrasing: boolean): ReactNode[] {
  return tokens.map((token, i) => <Fragment key={i}>{block(token as Tokens.Generic, phrasing)}</Fragment>);
}

function block(token: Tokens.Generic, phrasing: boolean): ReactNode {
  const P = phrasing ? 'span' : 'p';
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'paragraph':
      return <P className={styles.paragraph}>{inline((token as Tokens.Paragraph).tokens)}</P>;
    case 'heading':
      // A question has no outline of its own (the screen owns the headings): a heading reads as a bold line.
      return (
        <P className={styles.paragraph}>
          <strong>{inline((token as Tokens.Heading).tokens)}</strong>
        </P>
      );
    case 'math': {
      const math = token as unknown as MathToken;
      return <MathFormula tex={math.text} display={math.display} block phrasing={phrasing} />;
    }
    case 'code':
      return <CodeBlock code={(token as Tokens.Code).text} phrasing={phrasing} />;
    case 'blockquote': {
      const Quote = phrasing ? 'span' : 'blockquote';
      return <Quote className={styles.quote}>{blocks((token as Tokens.Blockquote).tokens, phrasing)}</Quote>;
    }
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, i) => (
        <Item key={i} phrasing={phrasing}>
          {blocks(item.tokens, phrasing)}
        </Item>
      ));
      if (phrasing) return <span className={styles.list}>{items}</span>;
      return list.ordered ? (
        <ol className={styles.list} start={typeof list.start === 'number' && list.start !== 1 ? list.start : undefined}>
          {items}
        </ol>
      ) : (
        <ul className={styles.list}>{items}</ul>
      );
    }
    case 'table':
      return phrasing ? <span className={styles.paragraph}>{plain((token as Tokens.Table).raw)}</span> : <Table table={token as Tokens.Table} />;
    case 'hr':
      return phrasing ? null : <hr className={styles.rule} />;
    case 'html':
      return plain(token.text ?? '').trim() ? <P className={styles.paragraph}>{plain(token.text ?? '')}</P> : null;
    case 'text': {
      // A tight list item's text: inline tokens without a paragraph around them.
      const text = token as Tokens.Text;
      return text.tokens ? inline(text.tokens) : plain(text.text);
    }
    default:
      return 'tokens' in token && Array.isArray(token.tokens) ? inline(token.tokens) : plain(token.raw ?? '');
  }
}

function Item({ phrasing, children }: { phrasing: boolean; children: ReactNode }) {
  return phrasing ? <span className={styles.item}>{children}</span> : <li>{children}</li>;
}

function inline(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((t, i) => {
    const token = t as Tokens.Generic;
    switch (token.type) {
      case 'text':
        return <Fragment key={i}>{token.tokens ? inline(token.tokens) : plain(token.text ?? '')}</Fragment>;
      case 'escape':
        return <Fragment key={i}>{token.text}</Fragment>;
      case 'math': {
        const math = token as unknown as MathToken;
        return <MathFormula key={i} tex={math.text} display={math.display} block={false} phrasing />;
      }
      case 'codespan':
        return (
          <code key={i} className={styles.code}>
            {token.text}
          </code>
        );
      case 'strong':
        return <strong key={i}>{inline(token.tokens)}</strong>;
      case 'em':
        return <em key={i}>{inline(token.tokens)}</em>;
      case 'del':
        return <del key={i}>{inline(token.tokens)}</del>;
      case 'br':
        return <br key={i} />;
      case 'link': {
        const link = token as Tokens.Link;
        return SAFE_HREF.test(link.href) ? (
          <a key={i} href={link.href} target="_blank" rel="noopener noreferrer">
            {inline(link.tokens)}
          </a>
        ) : (
          <Fragment key={i}>{inline(link.tokens)}</Fragment>
        );
      }
      case 'image':
        // Pictures of a question come with its picture fields; an inline image shows its description.
        return <Fragment key={i}>{(token as Tokens.Image).text}</Fragment>;
      case 'html':
        return <Fragment key={i}>{plain(token.text ?? '')}</Fragment>;
      default:
        return <Fragment key={i}>{token.tokens ? inline(token.tokens) : plain(token.text ?? token.raw ?? '')}</Fragment>;
    }
  });
}

/** A code block: its lines as written, in monospace; when wider than the screen it scrolls and takes keyboard focus. */
function CodeBlock({ code, phrasing }: { code: string; phrasing: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    // Inside an answer (a button or label) the block must not take focus of its own.
    if (!el || phrasing || typeof ResizeObserver === 'undefined') return;
    const mark = () => {
      if (el.scrollWidth > el.clientWidth + 1) el.setAttribute('tabindex', '0');
      else el.removeAttribute('tabindex');
    };
    mark();
    const observer = new ResizeObserver(mark);
    observer.observe(el);
    return () => observer.disconnect();
  }, [phrasing, code]);
  if (phrasing) {
    return (
      <span className={styles.pre}>
        <code>{code}</code>
      </span>
    );
  }
  return (
    <pre ref={ref as React.RefObject<HTMLPreElement>} className={styles.pre}>
      <code>{code}</code>
    </pre>
  );
}

function Table({ table }: { table: Tokens.Table }) {
  const align = (i: number) => table.align[i] ?? undefined;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          {table.header.map((cell, i) => (
            <th key={i} scope="col" style={align(i) ? { textAlign: align(i)! } : undefined}>
              {inline(cell.tokens)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, r) => (
          <tr key={r}>
            {row.map((cell, i) => (
              <td key={i} style={align(i) ? { textAlign: align(i)! } : undefined}>
                {inline(cell.tokens)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
