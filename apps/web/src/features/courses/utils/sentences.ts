/**
 * Sentences and words of a PDF page's text (issue 41: "Maak flashcard" and a cloze card from her
 * PDF). A page's text comes as pdf.js gives it: lines, hyphens at line ends, runs of spaces.
 */

/** Longest text taken from a selection onto a card's side. */
export const PICKED_MAX = 600;
/** A selection up to this long (and at most CLOZE_MAX_WORDS words) is the word(s) a cloze leaves out. */
export const CLOZE_MAX_CHARS = 60;
export const CLOZE_MAX_WORDS = 5;
/** What a cloze card shows where the word was. */
export const GAP = '[…]';

/** One line of text: runs of white space as one space, a word broken by a hyphen at a line end joined. */
export function normalise(text: string): string {
  return text
    .replace(/(\p{L})-\s*\n\s*(\p{Ll})/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A line this short, followed by one that starts anew, is a title or a bullet of a slide. */
const SHORT_LINE = 40;

/**
 * The page's sentences: ended by . ! or ? before a capital, or by the end of the page. A line break
 * ends one too where the next line starts anew (a capital, a digit, a bullet) and the line before is
 * short or ends in a number, bracket or colon: a slide's title and bullets are sentences of their own,
 * a sentence of prose broken over lines is not.
 */
export function sentencesOf(text: string): string[] {
  const lines = text
    .replace(/(\p{L})-[^\S\n]*\n\s*(\p{Ll})/gu, '$1$2')
    .split(/\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const blocks: string[] = [];
  for (const line of lines) {
    const before = blocks.at(-1);
    const startsAnew = /^[\p{Lu}\p{N}•▪◦‣\-–]/u.test(line);
    const lastLine = before?.slice(before.lastIndexOf('\n') + 1) ?? '';
    if (before !== undefined && !(startsAnew && (lastLine.length <= SHORT_LINE || /[.!?…:;)\]\d]$/.test(lastLine)))) blocks[blocks.length - 1] = `${before}\n${line}`;
    else blocks.push(line);
  }
  return blocks.flatMap((block) =>
    normalise(block)
      .split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"'“‘(])/u)
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  );
}

/** The sentence of the page's text that holds `picked` (the picked text itself when not found). */
export function sentenceAround(pageText: string, picked: string): string {
  const wanted = normalise(picked);
  const found = sentencesOf(pageText).find((s) => s.includes(wanted));
  return found ?? wanted;
}

/** The words a cloze can leave out: letters or digits, at least three characters, each once, in order. */
export function wordsOf(sentence: string): string[] {
  const words = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*[\p{L}\p{N}]/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 3))];
}

/** Whether a picked text is short enough to be what a cloze leaves out. */
export function isClozeWord(picked: string): boolean {
  const text = normalise(picked);
  return text.length > 0 && text.length <= CLOZE_MAX_CHARS && text.split(' ').length <= CLOZE_MAX_WORDS;
}

/** The sentence with the first whole occurrence of `word` left out, or null when it is not in it. */
export function clozeFront(sentence: string, word: string): string | null {
  const target = normalise(word);
  if (!target) return null;
  const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(^|[^\\p{L}\\p{N}])(${escaped})(?=$|[^\\p{L}\\p{N}])`, 'u').exec(sentence);
  if (!match) return null;
  const at = match.index + match[1]!.length;
  return `${sentence.slice(0, at)}${GAP}${sentence.slice(at + target.length)}`;
}

/** A picked text as it goes on a card: one line, at most PICKED_MAX characters (cut at a word). */
export function forCard(text: string): string {
  const line = normalise(text);
  if (line.length <= PICKED_MAX) return line;
  const cut = line.slice(0, PICKED_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), PICKED_MAX - 40))}…`;
}
