/**
 * Her own questions pasted as text (issue 41): the questions she already has in her notes, a
 * document or an old exam, read into the keys of her own questions (own-questions.ts) so she does not
 * write them one by one in the editor. Pure: the app shows what it recognised while she pastes, and
 * the server checks every key again with readOwnKey.
 *
 * The text, one question per block (blocks end at an empty line, or where a new numbered question
 * starts after a complete one):
 *
 *   1. Wat is de hoofdstad van Frankrijk?      multiple choice: options a) b) c) (or A. B., or - ),
 *   a) Berlijn                                 the right one marked with * (before or after it),
 *   b) Parijs *                                "(juist)" or "(goed)", or an "Antwoord: b" line
 *   c) Madrid
 *
 *   Hoeveel is 1/4 als decimaal getal?          a number (Dutch comma, a unit, "± 0,05" or
 *   Antwoord: 0,25                              "marge 0,05"): NUMERIC
 *
 *   Wie schreef Max Havelaar?                   words: TYPED; more right answers with |
 *   Antwoord: Multatuli | Eduard Douwes Dekker
 *
 *   Zet de fasen van de mitose op volgorde.     ORDERING: the items in the right order
 *   Volgorde:
 *   - profase
 *   - metafase
 *
 *   Koppel begrip en betekenis.                 MATCHING: left = right (or -> or :), wrong
 *   Paren:                                      answers to choose from after "Afleiders:"
 *   mitose = celdeling
 *   meiose = reductiedeling
 *
 *   Toelichting: ...                            shown after she answered (any type)
 */
import { parseDutchNumber } from './question-types.ts';
import { readOwnKey, OWN_KEY_LIMITS, type OwnQuestionType } from './own-questions.ts';

/** The most text one paste may hold, and the most questions read from it. */
export const PASTE_LIMITS = { chars: 100_000, questions: 100 } as const;

/** One question read from her text: the body the API takes, or why it could not be read. */
export interface PastedQuestion {
  /** its place in her text, from 1 */
  number: number;
  /** the first line of the block, to name it in a message */
  firstLine: string;
  /** the block's own text, to give back when it could not be read */
  source: string;
  /** the question as the API takes it; absent when it has problems */
  body?: { type: OwnQuestionType; prompt: string; key: Record<string, unknown>; explanation: string };
  /** what is wrong with it, in Dutch; empty when it was read */
  problems: string[];
}

const NUMBERED = /^\s*(?:vraag\s*)?(\d{1,3})\s*[.):]\s*(?=\S)/iu;
const OPTION = /^\s*\(?([a-jA-J])[.)]\s+(.+)$/u;
const BULLET = /^\s*[-•*–]\s+(.+)$/u;
/** an option as a bullet; "* Parijs" among "- Berlijn" lines marks the right one */
const OPTION_BULLET = /^\s*([-•*–])\s+(.+)$/u;
const LIST_ITEM = /^\s*(?:\d{1,2}[.)]|[-•*–])\s+(.+)$/u;
const MARK_END = /\s*(?:\*|✓|✔|\((?:juist|goed|correct|j)\))\s*$/iu;
const MARK_START = /^\s*(?:\*|✓|✔)\s*/u;
const LABEL = /^\s*(antwoord|antw\.?|juist|goed|volgorde|paren|koppel(?:ingen)?|afleiders?|toelichting|uitleg)\s*:\s*(.*)$/iu;

type Section = 'prompt' | 'options' | 'order' | 'pairs' | 'explanation';

/** Splits her text into blocks: at empty lines, and at a numbered line after a block that has its answer. */
function blocksOf(text: string): string[][] {
  const blocks: string[][] = [];
  let current: string[] = [];
  let answered = false;
  /** in a "Volgorde:" list: the number of its last numbered item (a number out of sequence starts a new question) */
  let listNumber: number | null | undefined;
  const close = () => {
    if (current.some((l) => l.trim())) blocks.push(current);
    current = [];
    answered = false;
    listNumber = undefined;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\t/g, ' ').trimEnd();
    if (!line.trim()) {
      close();
      continue;
    }
    const numbered = line.match(NUMBERED);
    if (numbered && !OPTION.test(line)) {
      const n = Number(numbered[1]);
      if (answered || (listNumber != null && n !== listNumber + 1)) close();
      else if (listNumber !== undefined) listNumber = n;
    }
    current.push(line);
    const label = line.match(LABEL)?.[1]?.toLowerCase();
    if (label && /^(antw|juist|goed)/.test(label)) answered = true;
    if (label === 'volgorde') listNumber = null;
    if (MARK_END.test(line) && OPTION.test(line)) answered = true;
  }
  close();
  return blocks;
}

/** The number she wrote as a key's value: the Dutch reading when it could mean two ("1.500" is 1500). */
function keyNumber(text: string): { value: number; unit: string } | null {
  const parsed = parseDutchNumber(text);
  if (!parsed || parsed.values.length === 0) return null;
  const value = parsed.values.length > 1 ? Math.max(...parsed.values.map(Math.abs)) * Math.sign(parsed.values[0]!) : parsed.values[0]!;
  // the unit as she wrote it ("m/s²", not the reading's "m/s2")
  const written = text.trim().slice(-parsed.unit.length - 2).match(/\S+$/u)?.[0] ?? '';
  return { value, unit: parsed.unit && written.normalize('NFKC') === parsed.unit ? written : parsed.unit };
}

/** A numeric answer ("9,81 ± 0,05 m/s²", "12,5 kg (marge 0,1)", "50 % marge 2 %"); null when it is words. */
function numericKey(answer: string): Record<string, unknown> | null {
  const m = answer.match(/^(.*?)\s*(?:±|\+\/-|\(?\s*marge\s*:?\s*)([^()]*?)\)?\s*$/iu);
  const main = m && m[2]!.trim() ? m[1]!.trim() : answer.trim();
  const marginText = m && m[2]!.trim() ? m[2]!.trim() : '';
  // "9,81 ± 0,05 m/s²": the unit after the margin belongs to the value
  const read = keyNumber(main);
  let unit = read?.unit ?? '';
  let tolerance = 0;
  let relative = false;
  if (marginText) {
    const margin = keyNumber(marginText);
    if (!margin) return null;
    if (margin.unit === '%' && unit !== '%') relative = true;
    else if (margin.unit && !unit) unit = margin.unit;
    tolerance = relative ? margin.value / 100 : margin.value;
  }
  if (!read) return null;
  // a number followed by words ("1945 was het jaar") is a typed answer; a unit is one short word or sign
  if (unit && (unit.length > OWN_KEY_LIMITS.unit || /\s/u.test(unit))) return null;
  return { value: read.value, tolerance, relative, ...(unit ? { unit } : {}), unitAliases: [] };
}

const firstLineOf = (lines: string[]): string => {
  const first = (lines[0] ?? '').replace(NUMBERED, '').trim();
  return first.length > 60 ? `${first.slice(0, 59)}…` : first;
};

/** Reads one block into a question of hers, or the reasons it cannot be read. */
function readBlock(lines: string[], number: number): PastedQuestion {
  const source = lines.join('\n');
  const firstLine = firstLineOf(lines);
  const problems: string[] = [];
  const prompt: string[] = [];
  const options: Array<{ letter: string; text: string; marked: boolean }> = [];
  const order: string[] = [];
  const pairs: Array<{ left: string; right: string }> = [];
  const decoys: string[] = [];
  const explanation: string[] = [];
  let answer: string | null = null;
  let section: Section = 'prompt';

  lines.forEach((line, i) => {
    const label = line.match(LABEL);
    if (label) {
      const name = label[1]!.toLowerCase();
      const rest = label[2]!.trim();
      if (/^(antw|juist|goed)/.test(name)) {
        answer = rest;
        section = 'options';
      } else if (name === 'volgorde') {
        section = 'order';
        if (rest) order.push(...rest.split(/\s*[|;]\s*/u).filter(Boolean));
      } else if (name.startsWith('paren') || name.startsWith('koppel')) {
        section = 'pairs';
      } else if (name.startsWith('afleider')) {
        decoys.push(...rest.split(/\s*[|;]\s*/u).filter(Boolean));
      } else {
        section = 'explanation';
        if (rest) explanation.push(rest);
      }
      return;
    }
    if (section === 'explanation') {
      explanation.push(line.trim());
      return;
    }
    if (section === 'order') {
      const item = line.match(LIST_ITEM)?.[1] ?? line.trim();
      order.push(item.trim());
      return;
    }
    if (section === 'pairs') {
      const item = (line.match(BULLET)?.[1] ?? line).trim();
      const split = item.match(/^(.+?)\s*(?:=|->|→|:|\s–\s|\s-\s)\s*(.+)$/u);
      if (split) pairs.push({ left: split[1]!.trim(), right: split[2]!.trim() });
      else problems.push(`"${item}" is geen paar: schrijf het als links = rechts.`);
      return;
    }
    const option = i > 0 ? (line.match(OPTION) ?? null) : null;
    const bullet = i > 0 && !option ? line.match(OPTION_BULLET) : null;
    if (option || (bullet && (options.length > 0 || section === 'prompt'))) {
      const letter = option ? option[1]!.toLowerCase() : String.fromCharCode(97 + options.length);
      let text = (option ? option[2]! : bullet![2]!).trim();
      const marked = MARK_END.test(text) || MARK_START.test(text) || bullet?.[1] === '*';
      text = text.replace(MARK_END, '').replace(MARK_START, '').trim();
      options.push({ letter, text, marked });
      section = 'options';
      return;
    }
    if (section === 'prompt') prompt.push(i === 0 ? line.replace(NUMBERED, '').trim() : line.trim());
    else problems.push(`De regel "${line.trim().slice(0, 40)}" hoort nergens bij.`);
  });

  const promptText = prompt.join('\n').trim();
  if (!promptText) problems.push('De vraag zelf ontbreekt.');
  let type: OwnQuestionType;
  let key: Record<string, unknown>;
  const answerText = (answer ?? '') as string;
  if (order.length) {
    type = 'ORDERING';
    key = { items: order };
  } else if (pairs.length) {
    type = 'MATCHING';
    key = { pairs, decoys };
  } else if (options.length) {
    type = 'SELECT';
    let marked = options.filter((o) => o.marked);
    if (answerText) {
      const letter = answerText.trim().toLowerCase().replace(/[.)]$/, '');
      const named = options.filter((o) => o.letter === letter || o.text.toLowerCase() === answerText.trim().toLowerCase());
      if (named.length === 1) marked = named;
      else problems.push(`Het antwoord "${answerText.trim()}" is geen van de keuzes.`);
    }
    if (marked.length === 0 && !answerText) problems.push('Er is geen goed antwoord gemarkeerd: zet een * achter het goede antwoord of schrijf "Antwoord: b".');
    else if (marked.length > 1) problems.push('Er zijn meer antwoorden als goed gemarkeerd: kies er één.');
    key = { answers: options.map((o) => ({ text: o.text, correct: marked.length === 1 && o === marked[0] })) };
  } else if (answer !== null) {
    const numeric = numericKey(answerText);
    if (numeric) {
      type = 'NUMERIC';
      key = numeric;
    } else {
      type = 'TYPED';
      key = { accepted: answerText.split(/\s*\|\s*/u).map((a) => a.trim()).filter(Boolean), typos: true };
    }
  } else {
    type = 'TYPED';
    key = { accepted: [] };
    if (promptText) problems.push('Het antwoord ontbreekt: schrijf "Antwoord: ..." of geef keuzes met a), b), c).');
  }
  if (problems.length === 0) {
    const read = readOwnKey(type, key);
    if (read.problems) problems.push(...read.problems.map((p) => p.message));
  }
  if (promptText.length > 2_000) problems.push('De vraag is langer dan 2000 tekens.');
  const explanationText = explanation.join('\n').trim();
  if (problems.length) return { number, firstLine, source, problems };
  return { number, firstLine, source, problems, body: { type, prompt: promptText, key, explanation: explanationText } };
}

/**
 * Reads her pasted text into questions, in the order she wrote them. Each comes with its key as the
 * API takes it, or with the Dutch reasons it could not be read (and its own text, so the app can give
 * it back to fix). At most PASTE_LIMITS.questions are read; `more` says there was more.
 */
export function readPastedQuestions(text: string): { questions: PastedQuestion[]; more: boolean } {
  const blocks = blocksOf(text.slice(0, PASTE_LIMITS.chars));
  return {
    questions: blocks.slice(0, PASTE_LIMITS.questions).map((lines, i) => readBlock(lines, i + 1)),
    more: blocks.length > PASTE_LIMITS.questions || text.length > PASTE_LIMITS.chars,
  };
}
