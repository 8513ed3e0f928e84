/**
 * How the question types beyond multiple choice are graded (issue 40): typed answer, numeric,
 * ordering, matching and cloze. Pure, so that the API grades with them, the app shows the same
 * verdict offline, and the studio's preview checks an author's key. The type names are evidence.ts's
 * QUESTION_TYPES; a result's `status` is a session status (status.ts: 1 right, 2 partly, 0 wrong) and
 * its `score` the 0..1 of a GradedAnswer (evidence.ts).
 */
import type { QuestionType } from './evidence.ts';

/** A verdict: the session status and the score a GradedAnswer carries. */
export interface Verdict {
  status: 0 | 1 | 2;
  /** 0..1: 1 right, 0.5 partly right (as the grade counts a status 2), 0 wrong */
  score: number;
}

/** The score a GradedAnswer carries for a status: 1 right, 0.5 partly right (as the grade counts it), 0 otherwise. */
export const scoreOfStatus = (status: number): number => (status === 1 ? 1 : status === 2 ? 0.5 : 0);

const verdict = (status: 0 | 1 | 2): Verdict => ({ status, score: scoreOfStatus(status) });

// ------------------------------------------------------------------ typed answer

/**
 * A typed answer as it is compared: accents and case folded away ("Émile" = "emile"), inner spaces
 * and dashes as one space, quotes and a closing full stop, comma, semicolon, colon, exclamation or
 * question mark ignored.
 */
export function foldTyped(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[‘’'"“”„«»]/g, '')
    .replace(/[\s\u00a0\u202f‐-―-]+/g, ' ')
    .trim()
    .replace(/[.,;:!?]+$/u, '')
    .trim();
}

/**
 * The edit distance of two strings with a swap of two neighbours as one edit (optimal string
 * alignment): "mitochondrium" and "mitochondirum" are 1 apart. Stops counting above `max` (answers
 * max + 1 then), so comparing a long answer costs little.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The typos a folded accepted answer of this length tolerates: none up to 4 characters (a short word
 * one letter off is often another word), one up to 9, two from 10. None when it holds a digit: "art.
 * 1:251b" and "1:251a" are different articles, 1984 and 1948 different years.
 */
export function typoAllowance(folded: string): number {
  if (/\d/.test(folded)) return 0;
  const length = [...folded].length;
  return length <= 4 ? 0 : length <= 9 ? 1 : 2;
}

/** A typed-answer question's key: the accepted answers (the first is the one shown as expected). */
export interface TypedSpec {
  accepted: readonly string[];
  /** false: only an exact (folded) match counts, no typo tolerance; default true */
  typos?: boolean;
}

export interface TypedVerdict extends Verdict {
  /** the accepted answer it matched, as written by the author; null when none */
  matched: string | null;
  /** it matched with a typo: the feedback shows the spelling */
  typo: boolean;
  /** the answer the feedback shows as expected: the first accepted one */
  expected: string;
}

/**
 * Grades a typed answer: right when, accents, case and surrounding punctuation ignored, it equals an
 * accepted answer, or is within that answer's typo allowance (unless the author turned typos off). An
 * empty answer is wrong. There is no partly right.
 */
export function gradeTyped(answer: string, spec: TypedSpec): TypedVerdict {
  const expected = spec.accepted[0] ?? '';
  const given = foldTyped(answer);
  const wrong: TypedVerdict = { ...verdict(0), matched: null, typo: false, expected };
  if (given === '') return wrong;
  let near: string | null = null;
  for (const accepted of spec.accepted) {
    const folded = foldTyped(accepted);
    if (folded === given) return { ...verdict(1), matched: accepted, typo: false, expected };
    if (near === null && spec.typos !== false) {
      const allowed = typoAllowance(folded);
      if (allowed > 0 && editDistance(given, folded, allowed) <= allowed) near = accepted;
    }
  }
  return near === null ? wrong : { ...verdict(1), matched: near, typo: true, expected };
}

// ------------------------------------------------------------------ numeric

/** A numeric question's key: the value, how far off still counts, and an optional unit. */
export interface NumericSpec {
  value: number;
  /** how far off an answer may be; 0 (default): exact (up to rounding noise) */
  tolerance?: number;
  /** true: `tolerance` is a share of the value (0.01 = 1 %); false (default): an absolute amount */
  relative?: boolean;
  /** the unit, e.g. "€" or "kg": she may leave it out, but another unit is wrong */
  unit?: string;
  /** other spellings of the unit ("euro" for "€") */
  unitAliases?: readonly string[];
}

/** What she typed read as a number: every value it can mean (see parseDutchNumber) and the unit after it. */
export interface ParsedNumber {
  values: number[];
  unit: string;
}

const MINUS = /^[-−–]/;

/** One number without its sign, with a decimal comma or point and thousands separators; null when it is none. */
function readMagnitude(text: string): number[] | null {
  // spaces (or a thin space, or ') only between groups of three digits: "1 234,5", not "3 4"
  if (/[\s\u00a0\u202f']/.test(text) && !/^\d{1,3}([\s\u00a0\u202f']\d{3})+([.,]\d+)?$/.test(text)) return null;
  const t = text.replace(/[\s\u00a0\u202f']/g, '');
  if (!/^[\d.,]+$/.test(t) || !/\d/.test(t)) return null;
  const toNumber = (s: string) => (/^\d*\.?\d*$/.test(s) && s !== '.' ? Number(s) : NaN);
  const commas = (t.match(/,/g) ?? []).length;
  const dots = (t.match(/\./g) ?? []).length;
  const grouped = (s: string, sep: string) => new RegExp(`^\\d{1,3}(\\${sep}\\d{3})+$`).test(s);
  let out: number[];
  if (commas && dots) {
    // the later one is the decimal separator: 1.234,5 (Dutch) or 1,234.5 (English)
    const decimal = t.lastIndexOf(',') > t.lastIndexOf('.') ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    const [int, frac, ...rest] = t.split(decimal);
    if (rest.length || !grouped(int!, group)) return null;
    out = [toNumber(`${int!.split(group).join('')}.${frac}`)];
  } else if (commas) {
    // a decimal comma (the Dutch way); several commas only as thousands: 1,000,000
    out = commas === 1 ? [toNumber(t.replace(',', '.'))] : grouped(t, ',') ? [toNumber(t.split(',').join(''))] : [];
  } else if (dots) {
    if (dots > 1) out = grouped(t, '.') ? [toNumber(t.split('.').join(''))] : [];
    // "1.500": 1500 in Dutch, 1.5 in English; either counts
    else out = grouped(t, '.') && !t.startsWith('0') ? [toNumber(t), toNumber(t.replace('.', ''))] : [toNumber(t)];
  } else out = [toNumber(t)];
  out = out.filter((n) => Number.isFinite(n));
  return out.length ? out : null;
}

/**
 * Reads what she typed as a number the Dutch way: a decimal comma ("0,25"), a point as well
 * ("0.25"), thousands separated by points, spaces or commas ("1.234.567", "1 234,5"), a minus sign
 * (-, − or –), a power of ten ("1,5e3", "1,5 · 10^3", "1,5 x 10^-3") and a unit after it ("€ 12,50",
 * "12,50 euro", "3,2 kg", "12 %"). "1.500" may be 1500 or 1.5: both are returned. Null when it is no
 * number.
 */
export function parseDutchNumber(input: string): ParsedNumber | null {
  let text = input.normalize('NFKC').trim();
  // a currency sign or unit in front: "€ 12,50", "$3"
  let unit = '';
  const lead = text.match(/^([€$£%])\s*/u);
  if (lead) {
    unit = lead[1]!;
    text = text.slice(lead[0].length);
  }
  let sign = 1;
  if (MINUS.test(text)) {
    sign = -1;
    text = text.slice(1).trimStart();
  } else if (text.startsWith('+')) text = text.slice(1).trimStart();
  const match = text.match(/^([\d.,\s\u00a0\u202f']*\d[\d.,]*)(?:\s*(?:e|E|[x×·*]\s*10\s*\^?)\s*([-−–+]?\d+))?\s*(.*)$/u);
  if (!match) return null;
  const magnitudes = readMagnitude(match[1]!.trim());
  if (!magnitudes) return null;
  const exponent = match[2] ? Number(match[2].replace(/[−–]/, '-')) : 0;
  const rest = match[3]!.trim();
  if (rest && unit) return null;
  return { values: magnitudes.map((m) => sign * m * 10 ** exponent), unit: unit || rest };
}

/** Whether a unit she typed is the spec's (or an alias): exact but for spaces and, for words, case. */
function sameUnit(given: string, spec: NumericSpec): boolean {
  const norm = (u: string) => u.replace(/\s+/g, '').replace(/^(\p{L}{3,})$/u, (w) => w.toLowerCase());
  return [spec.unit ?? '', ...(spec.unitAliases ?? [])].some((u) => norm(u) === norm(given));
}

export interface NumericVerdict extends Verdict {
  /** she typed no number the app can read: nothing is graded, the app asks again */
  unreadable: boolean;
  /** the value read from what she typed (the one that counted, when it could mean two); null when unreadable */
  given: number | null;
  /** the answer the feedback shows: the value with its unit */
  expected: string;
}

/** The value the feedback shows, the Dutch way: "0,25", "1.250 kg". */
export function formatDutchNumber(value: number, unit?: string): string {
  const text = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 10, useGrouping: Math.abs(value) >= 10_000 }).format(value);
  return unit ? (/^[€$£]$/.test(unit) ? `${unit} ${text}` : `${text} ${unit}`) : text;
}

/**
 * Grades a numeric answer: right when the value is within the tolerance of the key (absolute, or
 * relative to the key) and the unit, if she gave one, is the key's. Rounding noise (1e-9 of the
 * value) always passes. Unreadable input is wrong and marked `unreadable` so the app can ask again
 * instead of locking the question.
 */
export function gradeNumeric(answer: string, spec: NumericSpec): NumericVerdict {
  const expected = formatDutchNumber(spec.value, spec.unit);
  const parsed = parseDutchNumber(answer);
  if (!parsed) return { ...verdict(0), unreadable: true, given: null, expected };
  const wrongUnit = parsed.unit !== '' && spec.unit !== undefined && !sameUnit(parsed.unit, spec);
  const tolerance = (spec.relative ? Math.abs(spec.value) * (spec.tolerance ?? 0) : (spec.tolerance ?? 0)) + Math.max(Math.abs(spec.value), 1) * 1e-9;
  const hit = parsed.values.find((v) => Math.abs(v - spec.value) <= tolerance);
  if (hit === undefined || wrongUnit) return { ...verdict(0), unreadable: false, given: parsed.values[0]!, expected };
  return { ...verdict(1), unreadable: false, given: hit, expected };
}

// ------------------------------------------------------------------ ordering

/** The length of the longest run of `given` that stands in the right relative order (a longest increasing subsequence of positions). */
function inOrder(given: readonly string[], correct: readonly string[]): number {
  const rank = new Map(correct.map((id, i) => [id, i]));
  const tails: number[] = [];
  for (const id of given) {
    const r = rank.get(id);
    if (r === undefined) continue;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = r;
  }
  return tails.length;
}

/**
 * Grades an ordering: right when every item stands in its place; partly right when one item moved
 * elsewhere would make it right (all but one in the right relative order) and there are at least
 * four items (with three, one move away is a third of all orders); wrong otherwise. `given` must hold
 * exactly the items of `correct`, else it is wrong.
 */
export function gradeOrdering(given: readonly string[], correct: readonly string[]): Verdict {
  if (given.length !== correct.length || new Set(given).size !== given.length || given.some((id) => !correct.includes(id))) return verdict(0);
  if (given.every((id, i) => id === correct[i])) return verdict(1);
  return verdict(correct.length >= 4 && inOrder(given, correct) === correct.length - 1 ? 2 : 0);
}

// ------------------------------------------------------------------ matching

/**
 * Grades a matching: `given` and `correct` map each left-hand item to a right-hand one. Right when
 * every pair is right; partly right when at least half of them are (and not all); wrong otherwise,
 * also when she left one out. Right-hand items may be decoys that belong to nobody.
 */
export function gradeMatching(given: Readonly<Record<string, string>>, correct: Readonly<Record<string, string>>): Verdict & { right: number; total: number } {
  const lefts = Object.keys(correct);
  const right = lefts.filter((left) => given[left] !== undefined && given[left] === correct[left]).length;
  const total = lefts.length;
  const complete = lefts.every((left) => given[left] !== undefined) && Object.keys(given).every((left) => left in correct);
  const status = complete && right === total ? 1 : right * 2 >= total && right > 0 ? 2 : 0;
  return { ...verdict(status), right, total };
}

// ------------------------------------------------------------------ cloze

/** A gap of a cloze: typed, with accepted answers (as a typed answer). */
export type ClozeGap = TypedSpec;

/**
 * Grades a cloze, each gap as a typed answer: right when every gap is; partly right when at least
 * half of them are (and not all); wrong otherwise. `answers` are hers in gap order.
 */
export function gradeCloze(answers: readonly string[], gaps: readonly ClozeGap[]): Verdict & { gaps: TypedVerdict[] } {
  const results = gaps.map((gap, i) => gradeTyped(answers[i] ?? '', gap));
  const right = results.filter((r) => r.status === 1).length;
  const status = right === gaps.length && gaps.length > 0 ? 1 : right * 2 >= gaps.length && right > 0 ? 2 : 0;
  return { ...verdict(status), gaps: results };
}

/** The gaps of a cloze text: `{{antwoord|variant}}` marks a gap and its accepted answers. */
export const CLOZE_GAP = /\{\{([^{}]+)\}\}/g;

/** A cloze text's gaps, in order, each with its accepted answers (split at |, trimmed, empty ones left out). */
export function clozeGaps(text: string): ClozeGap[] {
  return [...text.matchAll(CLOZE_GAP)].map((m) => ({ accepted: m[1]!.split('|').map((s) => s.trim()).filter(Boolean) }));
}

/** A cloze text as shown before it is answered: each gap a numbered blank. */
export function clozeBlanks(text: string): string {
  let n = 0;
  return text.replace(CLOZE_GAP, () => `[${++n}]`);
}

/** The question types graded by a rule of this file. */
export const RULE_GRADED: readonly QuestionType[] = ['typed', 'numeric', 'ordering', 'matching', 'cloze'];

// ------------------------------------------------------------------ one question's key, as stored

/**
 * The type names of the content format, the database and the contract (SELECT and OPEN from before
 * issue 40), and the evidence type each is (evidence.ts's QUESTION_TYPES).
 */
export const CONTENT_QUESTION_TYPES = {
  SELECT: 'choice',
  OPEN: 'open',
  TYPED: 'typed',
  NUMERIC: 'numeric',
  ORDERING: 'ordering',
  MATCHING: 'matching',
  CLOZE: 'cloze',
} as const satisfies Record<string, QuestionType>;
export type ContentQuestionType = keyof typeof CONTENT_QUESTION_TYPES;

/** The content types graded by a rule of this file (TYPED, NUMERIC, ORDERING, MATCHING, CLOZE). */
export const RULE_GRADED_CONTENT_TYPES = ['TYPED', 'NUMERIC', 'ORDERING', 'MATCHING', 'CLOZE'] as const;
export type RuleGradedContentType = (typeof RULE_GRADED_CONTENT_TYPES)[number];

export const isRuleGradedType = (type: string): type is RuleGradedContentType => (RULE_GRADED_CONTENT_TYPES as readonly string[]).includes(type);

/** An item of an ordering or one side of a matching: its content id (never shown) and its text. */
export interface SpecItem {
  id: string;
  text: string;
}

/**
 * What a question of a rule-graded type keeps besides its text: its key and, for ordering and
 * matching, its items. Stored as JSON with the question (the importer writes it); never sent as it is.
 */
export type QuestionSpec =
  | ({ type: 'TYPED' } & TypedSpec)
  | ({ type: 'NUMERIC' } & NumericSpec)
  /** items in the right order */
  | { type: 'ORDERING'; items: SpecItem[] }
  /** `pairs`: left id -> right id; a right item no left one points at is a decoy */
  | { type: 'MATCHING'; left: SpecItem[]; right: SpecItem[]; pairs: Record<string, string> }
  /** `text` with its gaps marked {{answer|variant}}; `gaps` read from it */
  | { type: 'CLOZE'; text: string; gaps: ClozeGap[] };

/**
 * A rule-graded question's own fields as the content format writes them (packages/content's schema,
 * its defaults applied): what the importer stores and the studio's form edits. One builder of the
 * spec from them, so the importer and the studio's preview name items and grade alike.
 */
export type KeyFields =
  | { type: 'TYPED'; accepted: readonly string[]; typos: boolean }
  | { type: 'NUMERIC'; value: number; tolerance: number; relative: boolean; unit?: string | undefined; unitAliases: readonly string[] }
  | { type: 'ORDERING'; items: ReadonlyArray<string | { id?: string | undefined; text: string }> }
  | { type: 'MATCHING'; pairs: ReadonlyArray<{ left: string; right: string }>; decoys: readonly string[] }
  /** `text`: the question's text, the sentence with its gaps */
  | { type: 'CLOZE'; text: string; typos: boolean };

/** An ordering's item as written: a text (its id its written position, i1, i2, ...) or an id and a text. */
export const orderingItemKey = (item: string | { id?: string | undefined; text: string }, index: number): { key: string; text: string } =>
  typeof item === 'string' ? { key: `i${index + 1}`, text: item } : { key: item.id ?? `i${index + 1}`, text: item.text };

/**
 * A question's key as stored and graded, with content ids for items: `<question>-i<n>` (ordering, in
 * the written order, which is the right one), `<question>-l<n>` and `-r<n>` (matching: left items,
 * then the right ones with the decoys after them).
 */
export function specOf(questionId: string, fields: KeyFields): QuestionSpec {
  switch (fields.type) {
    case 'TYPED':
      return { type: 'TYPED', accepted: [...fields.accepted], ...(fields.typos ? {} : { typos: false }) };
    case 'NUMERIC':
      return {
        type: 'NUMERIC',
        value: fields.value,
        tolerance: fields.tolerance,
        relative: fields.relative,
        ...(fields.unit ? { unit: fields.unit } : {}),
        ...(fields.unitAliases.length ? { unitAliases: [...fields.unitAliases] } : {}),
      };
    case 'ORDERING':
      return {
        type: 'ORDERING',
        items: fields.items.map((item, i) => {
          const x = orderingItemKey(item, i);
          return { id: `${questionId}-${x.key}`, text: x.text };
        }),
      };
    case 'MATCHING': {
      const left = fields.pairs.map((p, i) => ({ id: `${questionId}-l${i + 1}`, text: p.left }));
      const right = [...fields.pairs.map((p) => p.right), ...fields.decoys].map((text, i) => ({ id: `${questionId}-r${i + 1}`, text }));
      return { type: 'MATCHING', left, right, pairs: Object.fromEntries(left.map((l, i) => [l.id, right[i]!.id])) };
    }
    case 'CLOZE':
      return { type: 'CLOZE', text: fields.text, gaps: clozeGaps(fields.text).map((g) => (fields.typos ? g : { ...g, typos: false })) };
  }
}

/** Her answer to a rule-graded question, in content ids: a text (TYPED, NUMERIC), an order, pairs (left -> right) or the gaps' texts. */
export interface QuestionResponse {
  text?: string;
  order?: readonly string[];
  pairs?: Readonly<Record<string, string>>;
  gaps?: readonly string[];
}

export interface ResponseVerdict extends Verdict {
  /** NUMERIC: no number could be read; the answer is not taken */
  unreadable: boolean;
  /** TYPED: right with a typo (the feedback shows the spelling) */
  typo: boolean;
  /** CLOZE: per gap whether hers is right */
  gapsRight: boolean[];
}

/** Grades her answer to a rule-graded question by its spec: the one entry the API and the app use. */
export function gradeResponse(spec: QuestionSpec, response: QuestionResponse): ResponseVerdict {
  const base = { unreadable: false, typo: false, gapsRight: [] as boolean[] };
  switch (spec.type) {
    case 'TYPED': {
      const v = gradeTyped(response.text ?? '', spec);
      return { ...base, status: v.status, score: v.score, typo: v.typo };
    }
    case 'NUMERIC': {
      const v = gradeNumeric(response.text ?? '', spec);
      return { ...base, status: v.status, score: v.score, unreadable: v.unreadable };
    }
    case 'ORDERING':
      return { ...base, ...gradeOrdering(response.order ?? [], spec.items.map((i) => i.id)) };
    case 'MATCHING': {
      const v = gradeMatching(response.pairs ?? {}, spec.pairs);
      return { ...base, status: v.status, score: v.score };
    }
    case 'CLOZE': {
      const v = gradeCloze(response.gaps ?? [], spec.gaps);
      return { ...base, status: v.status, score: v.score, gapsRight: v.gaps.map((g) => g.status === 1) };
    }
  }
}

/** The answer the feedback shows as expected, in words: the accepted answer, the value with its unit; null for ORDERING and MATCHING (shown as items). */
export function expectedText(spec: QuestionSpec): string | null {
  if (spec.type === 'TYPED') return spec.accepted[0] ?? '';
  if (spec.type === 'NUMERIC') return formatDutchNumber(spec.value, spec.unit);
  if (spec.type === 'CLOZE') return clozeFilled(spec.text);
  return null;
}

/** A cloze text with each gap filled with its first accepted answer. */
export function clozeFilled(text: string): string {
  return text.replace(CLOZE_GAP, (_, inner: string) => inner.split('|').map((s) => s.trim()).find(Boolean) ?? '');
}

/** A cloze text cut at its gaps: the pieces before, between and after them (one more than the gaps). */
export function clozeParts(text: string): string[] {
  return text.split(/\{\{[^{}]+\}\}/g);
}

/**
 * What makes an answer right, as a string: equal for two specs exactly when every answer is graded
 * the same by both. A release that changes it makes earlier answers ones to an earlier version
 * (decision 029); a changed item text or feedback does not.
 */
export function specKey(spec: QuestionSpec): string {
  switch (spec.type) {
    case 'ORDERING':
      return `ORDERING:${spec.items.map((i) => i.id).join(',')}`;
    case 'MATCHING':
      return `MATCHING:${Object.entries(spec.pairs).sort(([a], [b]) => a.localeCompare(b)).map(([l, r]) => `${l}=${r}`).join(',')}`;
    case 'CLOZE':
      return `CLOZE:${JSON.stringify(spec.gaps)}`;
    default:
      return `${spec.type}:${JSON.stringify(spec)}`;
  }
}

/** Reads a stored spec; undefined when it is none (a row written outside the importer). */
export function parseSpec(json: string | null): QuestionSpec | undefined {
  if (!json) return undefined;
  try {
    const spec = JSON.parse(json) as QuestionSpec;
    return typeof spec === 'object' && spec !== null && isRuleGradedType(spec.type) ? spec : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The items of an ordering in the order a session shows them: shuffled by `shuffle` (the session's
 * seeded order), but never already in the right order when there are two or more (then the first
 * moves to the end), so a student who sends them as shown is not right by luck.
 */
export function orderingShown<T extends { id: string }>(rightOrder: readonly T[], shuffle: (items: readonly T[]) => T[]): T[] {
  const shown = shuffle(rightOrder);
  if (shown.length >= 2 && shown.every((item, i) => item.id === rightOrder[i]!.id)) return [...shown.slice(1), shown[0]!];
  return shown;
}

// ------------------------------------------------------------------ a typed flashcard answer

/**
 * What a typed answer to a flashcard may match (Anki's "type in the answer", issue 40): the text of
 * its answer side, and that text without a closing parenthetical or full stop ("Mitochondrium (de
 * energiecentrale)." also takes "mitochondrium").
 */
export function cardAccepted(answerText: string): string[] {
  const whole = answerText.replace(/\s+/g, ' ').trim();
  const bare = whole.replace(/[.!]$/, '').replace(/\s*\([^()]*\)$/, '').replace(/[.!]$/, '').trim();
  return [...new Set([whole, bare].filter(Boolean))];
}

/** Grades a typed answer to a flashcard against the text of its answer side, as a typed answer is graded. */
export function gradeCardAnswer(typed: string, answerText: string): TypedVerdict {
  return gradeTyped(typed, { accepted: cardAccepted(answerText) });
}
