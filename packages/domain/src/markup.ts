// Visible text of the content's markup, for checks (an empty title), counts (words) and plain-text
// fields (a chapter title in a list). Plain string work: the content is sanitized on import, so
// these never see script or style elements.

const TAG = /<\/?[a-zA-Z][^<>]*>/g;
const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** As the browser decodes them: &nbsp; stays a no-break space (U+00A0). */
const BROWSER_ENTITIES: Readonly<Record<string, string>> = { ...NAMED_ENTITIES, nbsp: '\u00a0' };

/** Decodes the entities a sanitizer writes (&amp; &lt; &gt; &quot; &nbsp; and numeric ones); others stay. */
function decodeEntities(text: string, named: Readonly<Record<string, string>> = NAMED_ENTITIES): string {
  return text.replace(/&(#[0-9]{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]+);/g, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return named[name] ?? entity;
  });
}

/** Plain text of inline HTML (a title): tags removed, entities decoded, whitespace collapsed and trimmed. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(TAG, '')).replace(/\s+/g, ' ').trim();
}

/**
 * Removes HTML tags and Markdown markers from Markdown, leaving the visible text with its line
 * breaks. A lone `<` or `>` (as in "MO < MK") stays.
 */
export function stripMarkup(input: string): string {
  return decodeEntities(
    input
      .replace(TAG, '')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^\s{0,3}(#{1,6}|>)\s?/gm, '')
      .replace(/[*_`]/g, ''),
  );
}

/**
 * The text of a chapter as the reader shows it: the rendered HTML's text nodes in order (tags
 * removed, entities decoded, whitespace kept), which is the `textContent` of the reader's prose
 * element. Highlights and notes are anchored in this text (@blok/domain/anchoring), on the server
 * and in the browser alike, so their positions mean the same on both.
 */
export function readerText(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(TAG, ''), BROWSER_ENTITIES);
}
