// Anchoring a highlight or note in a chapter's text (decision 025), in the style of the W3C Web
// Annotation selectors: the quoted text with some context before and after it
// (TextQuoteSelector), and where it was (TextPositionSelector). The text is the reader's text of
// the chapter (`readerText` in ./markup.ts), so a chapter corrected after she marked it is
// searched again: the quote where it was, else the occurrence whose context fits best and lies
// nearest, else the quote with other spacing or capitals; when it is gone, nothing.

/** How many characters of context are kept on either side of a quote. */
export const ANCHOR_CONTEXT_LENGTH = 32;
/** The longest quote: a few paragraphs. */
export const MAX_QUOTE_LENGTH = 4000;

export type TextQuote = { exact: string; prefix: string; suffix: string };
export type TextPosition = { start: number; end: number };
export type TextAnchor = { quote: TextQuote; position: TextPosition };

/** Where an anchor lies in the current text; `moved` when it is not where it was made. */
export type AnchorMatch = TextPosition & { moved: boolean };

/** Describes the text between start and end (offsets in `text`) as an anchor. */
export function describeRange(text: string, start: number, end: number, context = ANCHOR_CONTEXT_LENGTH): TextAnchor {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end, 0));
  return {
    quote: { exact: text.slice(from, to), prefix: text.slice(Math.max(0, from - context), from), suffix: text.slice(to, to + context) },
    position: { start: from, end: to },
  };
}

/** Length of the common end of two strings. */
function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** Length of the common start of two strings. */
function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** How well the text around [start, end) fits the quote's context: 0 (not at all) to 1. */
function contextFit(text: string, start: number, end: number, quote: TextQuote): number {
  const wanted = quote.prefix.length + quote.suffix.length;
  if (wanted === 0) return 1;
  const before = commonSuffix(text.slice(Math.max(0, start - quote.prefix.length), start), quote.prefix);
  const after = commonPrefix(text.slice(end, end + quote.suffix.length), quote.suffix);
  return (before + after) / wanted;
}

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  if (!needle) return found;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) found.push(i);
  return found;
}

/** JavaScript's `\s`: the white space a looser search folds to one space. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/**
 * The text folded for a looser search (whitespace runs to one space, lower case), with the offset
 * in the original text of every folded character.
 */
function fold(text: string): { folded: string; offsets: number[] } {
  const parts: string[] = [];
  const offsets: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) {
      if (inSpace) continue;
      inSpace = true;
      parts.push(' ');
    } else {
      inSpace = false;
      // ASCII without a call; anything else as String#toLowerCase lowers that one code unit
      parts.push(code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : code < 0x80 ? text[i]! : text[i]!.toLowerCase());
    }
    offsets.push(i);
  }
  return { folded: parts.join(''), offsets };
}

/** The best of several places of the quote: best context, then nearest to where it was. */
function best(text: string, starts: number[], length: number, anchor: TextAnchor): number {
  let bestStart = starts[0]!;
  let bestScore = -Infinity;
  const span = Math.max(1, text.length);
  for (const start of starts) {
    // context decides; distance (as a share of the text) only breaks a tie
    const score = contextFit(text, start, start + length, anchor.quote) - Math.abs(start - anchor.position.start) / span / 2;
    if (score > bestScore) {
      bestScore = score;
      bestStart = start;
    }
  }
  return bestStart;
}

/**
 * Finds an anchor in the (current) text: where it was, when the quote is still there with its
 * context; else the place of the quote whose context fits best (nearest on a tie); else the quote
 * with other whitespace or capitals; null when the quote is no longer in the text.
 */
export function resolveAnchor(text: string, anchor: TextAnchor): AnchorMatch | null {
  return anchorResolver(text)(anchor);
}

/**
 * `resolveAnchor` for many anchors in one text (a chapter's highlights): the text is folded for
 * the looser search once, on the first anchor that needs it, not once per anchor (1,000 highlights
 * whose quotes are gone folded a chapter 1,000 times: 0.6-0.9 s of the API's event loop, issue 38).
 */
export function anchorResolver(text: string): (anchor: TextAnchor) => AnchorMatch | null {
  let folded: { folded: string; offsets: number[] } | undefined;
  return (anchor) => {
    const { exact } = anchor.quote;
    if (!exact.trim()) return null;
    const { start } = anchor.position;
    if (text.slice(start, start + exact.length) === exact && contextFit(text, start, start + exact.length, anchor.quote) === 1) {
      return { start, end: start + exact.length, moved: false };
    }
    const places = occurrences(text, exact);
    if (places.length > 0) {
      const at = best(text, places, exact.length, anchor);
      return { start: at, end: at + exact.length, moved: at !== start };
    }
    folded ??= fold(text);
    const quote = fold(exact.trim()).folded;
    const loose = occurrences(folded.folded, quote);
    if (loose.length === 0) return null;
    const offsets = folded.offsets;
    const candidates = loose.map((i) => offsets[i]!);
    // the end in the original text: just after the last folded character of the quote
    const endOf = (foldedStart: number) => offsets[foldedStart + quote.length - 1]! + 1;
    const at = best(text, candidates, exact.length, anchor);
    const foldedStart = loose[candidates.indexOf(at)]!;
    return { start: at, end: endOf(foldedStart), moved: true };
  };
}
