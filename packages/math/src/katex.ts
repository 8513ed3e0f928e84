import katex from 'katex';
import type { TokenizerAndRendererExtension } from 'marked';
import { mathSyntax } from './syntax.ts';

export { hasMath, matchInlineMath, type MathToken } from './syntax.ts';

/**
 * Formulas in content Markdown typeset with KaTeX (issue 40, decision 044). This one module is what the
 * API's import (chapters, cards), her own cards, the studio preview and the web app's Markdown
 * (questions, answers, feedback) use; the syntax lives in ./syntax.ts.
 */

/**
 * KaTeX options for untrusted input: no `\href`, `\url`, `\includegraphics` or `\html…` (trust off),
 * sizes capped (a `\rule{1000em}` draws at most 20em), macro expansion capped (a recursive macro or a
 * deep nest stops after 500 steps), MathML beside the HTML so a screen reader reads the formula.
 */
const KATEX_OPTIONS = {
  output: 'htmlAndMathml',
  throwOnError: true,
  trust: false,
  strict: 'ignore',
  maxSize: 20,
  maxExpand: 500,
  globalGroup: false,
} as const;

/** Longer TeX than this is not typeset (a formula in a chapter is a few hundred characters). */
export const MAX_TEX_LENGTH = 2000;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * TeX -> HTML with MathML. A formula KaTeX cannot read never fails the page: it shows its source,
 * marked (`math-error`, a dashed red line and a Dutch title) so an author sees what to fix.
 */
export function renderTex(tex: string, display: boolean): string {
  const source = display ? `$$${tex}$$` : `$${tex}$`;
  if (tex.length > MAX_TEX_LENGTH) return errorHtml(source, display);
  try {
    const html = katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display });
    return display ? `<span class="math-display">${html}</span>` : html;
  } catch {
    return errorHtml(source, display);
  }
}

function errorHtml(source: string, display: boolean): string {
  return `<code class="math-error${display ? ' math-error-display' : ''}" title="Deze formule kon niet worden gezet">${escapeHtml(source)}</code>`;
}

/** marked extensions for `$$…$$` blocks and inline `$…$` / `$$…$$`; their renderer is KaTeX. */
export const mathExtensions: TokenizerAndRendererExtension[] = mathSyntax.map((syntax) => ({
  ...syntax,
  renderer: (token) =>
    token.block ? `<p class="math-block">${renderTex(token.text as string, true)}</p>\n` : renderTex(token.text as string, Boolean(token.display)),
}));

/** A number with a CSS length unit as KaTeX writes it (`0.6944em`, `-0.25em`, `1.2pt`). */
const LENGTH = /^-?(?:\d+\.?\d*|\.\d+)(?:em|ex|pt|px|%)?$/;
/** One to four lengths (`margin: 0 -0.02em`). */
const LENGTHS = /^-?(?:\d+\.?\d*|\.\d+)(?:em|ex|pt|px|%)?(?: +-?(?:\d+\.?\d*|\.\d+)(?:em|ex|pt|px|%)?){0,3}$/;
const COLOR = /^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/;

/**
 * What a sanitizer must let through of KaTeX's output and nothing more: its classes (those of
 * katex.css and the atom classes it sets in code), the MathML elements and attributes, the SVG it
 * draws stretchy braces and roots with (a path, never an href), and inline style limited to the
 * lengths, positions and colours KaTeX writes, so no style can load a URL.
 */
export const MATH_ALLOWED_CLASSES = [
  // Atom classes set in code and not in katex.css, and our own marks.
  'mord', 'mbin', 'mrel', 'mopen', 'mclose', 'mpunct', 'minner', 'mop', 'mtight', 'text', 'nobreak', 'allowbreak', 'colorbox',
  'katex-error',
  'math-display', 'math-block', 'math-error', 'math-error-display',
  // Every class katex.css (0.18.4) styles.
  'accent-body', 'accent-full', 'amsrm', 'angl', 'anglpad', 'arraycolsep', 'boldsymbol', 'boxpad', 'brace-center', 'brace-left',
  'brace-right', 'cancel-lap', 'cancel-pad', 'cd-arrow-pad', 'cd-label-left', 'cd-label-right', 'cd-vert-arrow', 'clap', 'col-align-c',
  'col-align-l', 'col-align-r', 'com', 'delim-size1', 'delim-size4', 'delimcenter', 'delimsizing', 'eqn-num', 'fbox', 'fcolorbox',
  'fleqn', 'fontsize-ensurer', 'frac-line', 'halfarrow-left', 'halfarrow-right', 'hide-tail', 'katex', 'katex-accent', 'katex-base',
  'katex-display', 'katex-fix', 'katex-hdashline', 'katex-hline', 'katex-html', 'katex-inner', 'katex-mathml', 'katex-newline',
  'katex-overlay', 'katex-overline', 'katex-root', 'katex-rule', 'katex-sizing', 'katex-smash', 'katex-sout', 'katex-stretchy',
  'katex-strut', 'katex-tag', 'katex-thinbox', 'katex-underline', 'katex-vbox', 'large-op', 'leqno', 'llap', 'mainrm', 'mathbb',
  'mathbf', 'mathboldfrak', 'mathboldsf', 'mathcal', 'mathfrak', 'mathit', 'mathitsf', 'mathnormal', 'mathrm', 'mathscr', 'mathsf',
  'mathsfit', 'mathtt', 'mfrac', 'mml-eqn-num', 'mover', 'mspace', 'msupsub', 'mtable', 'mtr-glue', 'mult', 'munder',
  'nulldelimiter', 'op-limits', 'op-symbol', 'overline-line', 'pstrut', 'reset-size1', 'reset-size10', 'reset-size11',
  'reset-size2', 'reset-size3', 'reset-size4', 'reset-size5', 'reset-size6', 'reset-size7', 'reset-size8', 'reset-size9', 'rlap',
  'size1', 'size10', 'size11', 'size2', 'size3', 'size4', 'size5', 'size6', 'size7', 'size8', 'size9', 'small-op', 'sqrt',
  'svg-align', 'textbb', 'textbf', 'textboldfrak', 'textboldsf', 'textfrak', 'textit', 'textitsf', 'textrm', 'textscr', 'textsf',
  'texttt', 'underline-line', 'vertical-separator', 'vlist', 'vlist-r', 'vlist-s', 'vlist-t', 'vlist-t2', 'x-arrow', 'x-arrow-pad',
] as const;

const MATHML_TAGS = [
  'math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'mtext', 'mspace', 'ms', 'mfrac', 'msqrt', 'mroot', 'msub', 'msup',
  'msubsup', 'munder', 'mover', 'munderover', 'mtable', 'mtr', 'mtd', 'mlabeledtr', 'mstyle', 'mpadded', 'mphantom', 'menclose',
  'merror',
] as const;

export const MATH_ALLOWED_TAGS = ['span', 'code', ...MATHML_TAGS, 'svg', 'path', 'line'] as const;

const MATHML_ATTRIBUTES = [
  'mathvariant', 'mathcolor', 'mathbackground', 'fence', 'separator', 'stretchy', 'symmetric', 'largeop', 'movablelimits', 'accent',
  'accentunder', 'lspace', 'rspace', 'minsize', 'maxsize', 'form', 'linethickness', 'scriptlevel', 'displaystyle', 'rowspacing',
  'columnspacing', 'columnalign', 'rowalign', 'columnlines', 'rowlines', 'frame', 'framespacing', 'width', 'height', 'depth',
  'voffset', 'notation', 'linebreak', 'columnspan', 'rowspan', 'equalrows', 'equalcolumns', 'side',
];

export const MATH_ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  span: ['class', 'style', 'aria-hidden', 'title'],
  code: ['class', 'title'],
  math: ['xmlns', 'display'],
  annotation: ['encoding'],
  ...Object.fromEntries(MATHML_TAGS.filter((t) => t !== 'math' && t !== 'annotation').map((t) => [t, MATHML_ATTRIBUTES])),
  svg: ['xmlns', 'width', 'height', 'viewbox', 'viewBox', 'preserveaspectratio', 'preserveAspectRatio', 'style'],
  path: ['d'],
  line: ['x1', 'y1', 'x2', 'y2', 'stroke-width'],
};

const lengthProps = [
  'height', 'width', 'min-width', 'max-width', 'vertical-align', 'top', 'bottom', 'left', 'right', 'margin-left', 'margin-right',
  'margin-top', 'margin-bottom', 'padding-left', 'padding-right', 'border-width', 'border-top-width', 'border-bottom-width',
  'border-right-width', 'border-left-width', 'min-height',
];

/** Inline style KaTeX writes, per property, as sanitize-html's `allowedStyles['*']`. */
export const MATH_ALLOWED_STYLES: Record<string, RegExp[]> = {
  ...Object.fromEntries(lengthProps.map((p) => [p, [LENGTH]])),
  margin: [LENGTHS],
  padding: [LENGTHS],
  position: [/^(?:relative|absolute)$/],
  ...Object.fromEntries(['border-style', 'border-top-style', 'border-bottom-style', 'border-left-style', 'border-right-style'].map((p) => [p, [/^(?:solid|dashed)$/]])),
  'border-color': [COLOR],
  color: [COLOR],
  'background-color': [COLOR],
};
