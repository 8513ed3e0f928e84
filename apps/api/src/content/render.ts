import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { MATH_ALLOWED_ATTRIBUTES, MATH_ALLOWED_CLASSES, MATH_ALLOWED_STYLES, MATH_ALLOWED_TAGS, mathExtensions } from '@blok/math/katex';

/** Public URL of a content image. */
export const contentImageUrl = (subjectId: string, path: string) => `/api/content/images/${encodeURIComponent(subjectId)}/${encodeURIComponent(path.replace(/^images\//, ''))}`;

const BLOCK_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'code', 'pre',
    'blockquote', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'a', 'sup', 'sub', 'figure', 'figcaption', 'del',
    ...MATH_ALLOWED_TAGS,
  ],
  allowedAttributes: {
    ...MATH_ALLOWED_ATTRIBUTES,
    img: ['src', 'alt', 'loading', 'decoding'], a: ['href', 'title', 'rel', 'target'], th: ['align', 'scope'], td: ['align'], ol: ['start'],
    p: ['class'],
  },
  // Classes and inline style only as KaTeX writes them (packages/content/src/math.ts): a formula's
  // lengths and positions, never a property that can load a URL.
  allowedClasses: { span: [...MATH_ALLOWED_CLASSES], code: ['math-error', 'math-error-display'], p: ['math-block'] },
  allowedStyles: { '*': MATH_ALLOWED_STYLES },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
};

/**
 * Markdown -> sanitized HTML. `# ` headings are demoted (the reader's page owns the h1), raw HTML
 * is stripped, images may only point at the subject's own images, links open safely.
 */
export function renderChapterHtml(markdown: string, subjectId: string): string {
  return sanitizeChapterHtml(content.parse(markdown, { async: false }) as string, subjectId);
}

/** Content Markdown: GFM with `$…$` and `$$…$$` typeset by KaTeX (one module for import, cards and the web). */
const content = new Marked({ gfm: true, extensions: mathExtensions });

function sanitizeChapterHtml(raw: string, subjectId: string): string {
  return sanitizeHtml(raw.replace(/<h1(\s|>)/g, '<h2$1').replace(/<\/h1>/g, '</h2>'), {
    ...BLOCK_OPTIONS,
    transformTags: {
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        const ok = /^images\/[a-z0-9-]+\.(svg|png|jpe?g|webp)$/.test(src);
        return {
          tagName,
          attribs: { src: ok ? contentImageUrl(subjectId, src) : '', alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' },
        };
      },
      a: (tagName, attribs) => ({ tagName, attribs: { href: attribs.href ?? '#', rel: 'noopener noreferrer', target: '_blank' } }),
      th: (tagName, attribs) => ({ tagName, attribs: { ...attribs, scope: 'col' } }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}

/** The raw HTML a typed card may hold as markup (Anki's sub- and superscript, a line break); any other is text. */
const TYPED_MARKUP = /^<(?:\/?su[bp]|br\s*\/?)>$/i;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Markdown a student typed (her own cards, issue 38): what she wrote between `<` and `>` is text
 * ("a<b en c>d", "if x<y and y>z:"), not a tag the sanitizer would keep or drop, except the few
 * tags above; a line break she typed is one (GFM `breaks`, as the web app's Markdown shows content).
 */
const typed = new Marked({
  gfm: true,
  breaks: true,
  extensions: mathExtensions,
  renderer: {
    html({ text, block }) {
      if (TYPED_MARKUP.test(text.trim())) return text;
      return block ? `<p>${escapeHtml(text.trim()).replace(/\n/g, '<br>')}</p>\n` : escapeHtml(text);
    },
  },
});

/**
 * One side of a flashcard: the same sanitized Markdown as a chapter, with every heading level
 * folded to paragraphs' weight (a card has no outline; the screen owns the headings). `typed`: a
 * card a student wrote herself (raw HTML shows as text, a line break stays one).
 */
export function renderCardHtml(markdown: string, subjectId: string, options: { typed?: boolean } = {}): string {
  const html = options.typed ? sanitizeChapterHtml(typed.parse(markdown, { async: false }) as string, subjectId) : renderChapterHtml(markdown, subjectId);
  return html.replace(/<(\/?)h[2-6]>/g, '<$1p>');
}

/** Inline markup allowed in titles (emphasis only). */
export function sanitizeInline(html: string): string {
  return sanitizeHtml(html, { allowedTags: ['em', 'strong', 'i', 'b', 'sup', 'sub'], allowedAttributes: {} });
}
