import type { TokenizerExtension, Tokens } from 'marked';

/**
 * The maths syntax of content Markdown (issue 40, decision 044): `$…$` inline and `$$…$$` displayed.
 * Kept apart from the KaTeX renderer (./katex.ts) so the web app can find formulas in its Markdown
 * without loading KaTeX; only a page that has one imports it.
 *
 * The dollar rule is pandoc's `tex_math_dollars`: an opening `$` has no space after it, a closing `$`
 * has no space before it and no digit after it, a formula holds no unescaped `$`, and `\$` is a dollar.
 * Dutch text with amounts ("€ 5 en $10", "kost $5 per stuk", "tussen $5 en $10") stays text.
 */

/** A formula token as marked's lexer hands it on. */
export interface MathToken {
  type: 'math';
  raw: string;
  /** The TeX source between the dollars. */
  text: string;
  /** `$$…$$`: a displayed formula. */
  display: boolean;
  /** A displayed formula on lines of its own (a block, not inside a paragraph). */
  block?: boolean;
}

/** `$$…$$` on lines of its own: a displayed formula as a block. */
const BLOCK = /^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/;
/** `$$…$$` inside a paragraph: displayed too. */
const INLINE_DISPLAY = /^\$\$(?!\$)((?:\\[\s\S]|[^\\$])+?)\$\$/;
/** `$…$` by the dollar rule: no space after the opening, none before the closing, no digit after it. */
const INLINE = /^\$(?![\s$])((?:\\[\s\S]|[^\\$])+?)(?<!\s)\$(?!\d)/;

/** Where the next dollar that is not escaped starts, for marked's text tokenizer to stop at. */
function nextDollar(src: string): number | undefined {
  for (let i = src.indexOf('$'); i !== -1; i = src.indexOf('$', i + 1)) {
    let slashes = 0;
    for (let j = i - 1; j >= 0 && src[j] === '\\'; j--) slashes++;
    if (slashes % 2 === 0) return i;
  }
  return undefined;
}

/**
 * The formula at the start of inline text, if the dollar rule makes one; exported for the unit test
 * and for anyone who needs to know whether a text has maths.
 */
export function matchInlineMath(src: string): MathToken | undefined {
  const display = INLINE_DISPLAY.exec(src);
  if (display) return { type: 'math', raw: display[0], text: display[1]!.trim(), display: true };
  const m = INLINE.exec(src);
  if (!m) return undefined;
  return { type: 'math', raw: m[0], text: m[1]!, display: false };
}

/** Whether Markdown holds a formula (any `$…$` or `$$…$$` by the dollar rule). */
export function hasMath(markdown: string): boolean {
  for (let i = nextDollar(markdown); i !== undefined; ) {
    if (matchInlineMath(markdown.slice(i))) return true;
    const rest = nextDollar(markdown.slice(i + 1));
    i = rest === undefined ? undefined : i + 1 + rest;
  }
  return false;
}

/** marked tokenizers for `$$…$$` blocks and inline `$…$` / `$$…$$` (tokens of type `math`). */
export const mathSyntax: TokenizerExtension[] = [
  {
    name: 'math',
    level: 'block',
    start: (src: string) => {
      const i = src.search(/^ {0,3}\$\$/m);
      return i === -1 ? undefined : i;
    },
    tokenizer(src: string) {
      const m = BLOCK.exec(src);
      if (!m || !m[1]!.trim()) return undefined;
      return { type: 'math', raw: m[0], text: m[1]!.trim(), display: true, block: true };
    },
  },
  {
    name: 'math',
    level: 'inline',
    start: nextDollar,
    tokenizer: (src: string) => matchInlineMath(src) as Tokens.Generic | undefined,
  },
];
