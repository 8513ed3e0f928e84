// How search compares text: accents and case do not matter ('Ethiek' finds 'ethiek', 'e' finds 'é').
// The API stores every subject's folded title and description at import and folds the query the same
// way, so SQLite and PostgreSQL compare plain lower-case text alike.

/** Lower case without diacritics (é -> e, ï -> i, Ç -> c); whitespace runs become one space. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The text a subject is found by: its folded title and description. */
export function subjectSearchText(subject: { title: string; description: string }): string {
  return foldForSearch(`${subject.title} ${subject.description}`);
}

/** Most words of a query that search looks for. */
export const MAX_SEARCH_TERMS = 8;

/**
 * The most frequent Dutch words (those of PostgreSQL's Dutch stop list that a query is likely to
 * hold): a query leaves them out when it has other words, as PostgreSQL's Dutch dictionary does,
 * so both engines look for the same words, and none ranks every page for "de".
 */
const DUTCH_STOP_WORDS = new Set(
  'de het een en van in op dat die is voor met niet zijn aan ook als bij door maar om naar dan wordt deze over uit kan hun tot er nog wel meer te zo zich ze hij zij we wij je jij u ik of was werd worden heeft hebben had dit wat'.split(' '),
);

/** The words of a query, folded: letters and digits only, each once, at most MAX_SEARCH_TERMS; stop words only when there is nothing else. */
export function searchTerms(query: string): string[] {
  const words = [...new Set(foldForSearch(query).match(/[\p{L}\p{N}]+/gu) ?? [])];
  const meaningful = words.filter((w) => !DUTCH_STOP_WORDS.has(w));
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_SEARCH_TERMS);
}

/** A piece of a text around the first place a term starts a word, with the terms' places marked (start, end in the piece). */
export interface Snippet {
  text: string;
  marks: Array<[number, number]>;
}

/** Non-ASCII characters folded once each (normalize with a Unicode regex costs some 20 µs a call). */
const FOLDED_CHARS = new Map<string, string>();
function foldChar(ch: string): string {
  let f = FOLDED_CHARS.get(ch);
  if (f === undefined) {
    f = ch.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    if (FOLDED_CHARS.size < 10_000) FOLDED_CHARS.set(ch, f);
  }
  return f;
}

const isWordChar = (ch: string | undefined): boolean => {
  if (ch === undefined) return false;
  const code = ch.charCodeAt(0);
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return /[\p{L}\p{N}]/u.test(foldChar(ch) || ch);
};

/**
 * The piece of `text` (as written, with its accents) around the first word a term begins, about
 * `radius` characters each side, with every word in it that a term begins marked. The text is
 * folded once, remembering where each folded character came from, so places carry over (é -> e).
 */
export function snippetOf(text: string, terms: readonly string[], radius = 90): Snippet {
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // ASCII (most of any text) folds by itself; anything else through NFKD without its marks
    const f = code < 128 ? (code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i]!) : foldChar(text[i]!);
    for (let k = 0; k < f.length; k++) {
      folded += f[k];
      origin.push(i);
    }
  }
  origin.push(text.length);
  const found: Array<[number, number]> = [];
  for (const term of terms) {
    if (term === '') continue;
    let at = folded.indexOf(term);
    while (at >= 0 && found.length < 200) {
      if (!isWordChar(folded[at - 1])) found.push([origin[at]!, origin[at + term.length - 1]! + 1]);
      at = folded.indexOf(term, at + term.length);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const starts: Array<[number, number]> = [];
  for (const m of found) if (starts.length === 0 || m[0] >= starts[starts.length - 1]![1]) starts.push(m);
  const first = starts[0]?.[0] ?? 0;
  let from = Math.max(0, first - radius);
  let to = Math.min(text.length, first + radius * 2);
  // whole words at the edges
  while (from > 0 && isWordChar(text[from - 1])) from--;
  while (to < text.length && isWordChar(text[to])) to++;
  const prefix = from > 0 ? '…' : '';
  const piece = prefix + text.slice(from, to) + (to < text.length ? '…' : '');
  const marks = starts.filter(([a, b]) => a >= from && b <= to).map(([a, b]) => [prefix.length + a - from, prefix.length + b - from] as [number, number]);
  return { text: piece.replace(/\s+/g, ' '), marks: /\s\s|[\n\t\r]/.test(piece) ? remap(piece, marks) : marks };
}

/** Marks moved to a piece whose whitespace runs became one space. */
function remap(piece: string, marks: Array<[number, number]>): Array<[number, number]> {
  const map: number[] = [];
  let out = 0;
  for (let i = 0; i < piece.length; i++) {
    map.push(out);
    if (!(/\s/.test(piece[i]!) && /\s/.test(piece[i - 1] ?? ''))) out++;
  }
  map.push(out);
  return marks.map(([a, b]) => [map[a]!, map[b]!]);
}
