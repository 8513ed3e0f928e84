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

/** The words of a query, folded: letters and digits only, each once, at most MAX_SEARCH_TERMS. */
export function searchTerms(query: string): string[] {
  const words = foldForSearch(query).match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}

/** A piece of a text around the first place a term starts a word, with the terms' places marked (start, end in the piece). */
export interface Snippet {
  text: string;
  marks: Array<[number, number]>;
}

/**
 * The piece of `text` (as written, with its accents) around the first word a term begins, about
 * `radius` characters each side, with every word in it that a term begins marked. Folding keeps
 * one folded character per written one where it can (é -> e), so places carry over.
 */
export function snippetOf(text: string, terms: readonly string[], radius = 90): Snippet {
  const folded = [...text].map((ch) => ch.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase());
  const chars = [...text];
  const starts: Array<[number, number]> = [];
  const isWord = (s: string | undefined) => s !== undefined && /[\p{L}\p{N}]/u.test(s);
  for (let i = 0; i < chars.length; i++) {
    if (!isWord(folded[i]) || isWord(folded[i - 1])) continue;
    for (const term of terms) {
      let j = i;
      let k = 0;
      while (k < term.length && j < chars.length) {
        const f = folded[j]!;
        if (term.startsWith(f, k) && f !== '') {
          k += f.length;
          j++;
        } else break;
      }
      if (k >= term.length) {
        starts.push([i, j]);
        break;
      }
    }
  }
  const first = starts[0]?.[0] ?? 0;
  let from = Math.max(0, first - radius);
  let to = Math.min(chars.length, first + radius * 2);
  // whole words at the edges
  while (from > 0 && isWord(chars[from - 1])) from--;
  while (to < chars.length && isWord(chars[to])) to++;
  const prefix = from > 0 ? '…' : '';
  const piece = prefix + chars.slice(from, to).join('') + (to < chars.length ? '…' : '');
  const offset = (index: number) => prefix.length + chars.slice(from, index).join('').length;
  const marks = starts.filter(([a, b]) => a >= from && b <= to).map(([a, b]) => [offset(a), offset(b)] as [number, number]);
  return { text: piece.replace(/\s+/g, ' '), marks: piece.includes('\n') || /\s\s/.test(piece) ? remap(piece, marks) : marks };
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
