// Content checks beyond the schema: what makes a question one a student can trust (one right answer
// where one is promised, no two answers alike, stable answer ids) and what an author should see
// before publishing (correct answers piled up at one written position).
import { clozeGaps, foldTyped, orderingItemKey, specOf, type QuestionSpec } from '@blok/domain/question-types';
import { keyIsLongest, readLength } from '@blok/domain/answer-length';
import type { QuestionListManifest, QuestionManifest } from './schema.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRST';

type SelectQuestion = Extract<QuestionManifest, { type: 'SELECT' }>;
type Answer = SelectQuestion['answers'][number];

/** The label a student sees for the answer at a written position (0 -> A). */
export const answerLetter = (index: number): string => LETTERS[index] ?? String(index + 1);

/** The answer's key within its question: its own id, or its written position (a1, a2, ...). */
export const answerKey = (answer: Answer, index: number): string => answer.id ?? `a${index + 1}`;

/** Texts that read the same to a student: same words, whatever the spacing. */
const sameText = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** One problem of one question: the field inside the question and what is wrong (Dutch). */
export interface QuestionProblem {
  field: string;
  message: string;
}

/**
 * Refusals for one SELECT question: the number of correct answers its kind promises (one, or for
 * `multiple: true` at least two and at least one wrong), two answers with the same text, and an
 * answer id used twice (the students' picked answers would point at two texts).
 */
export function answerProblems(question: QuestionManifest): QuestionProblem[] {
  if (question.type !== 'SELECT') return keyProblems(question);
  const problems: QuestionProblem[] = [];
  const correct = question.answers.filter((a) => a.correct).length;
  if (!question.multiple && correct !== 1) {
    problems.push({
      field: 'answers',
      message:
        correct === 0
          ? 'geen enkel antwoord is juist; een vraag met één juist antwoord heeft er precies één'
          : `${correct} antwoorden zijn juist, maar de vraag heeft er één (zet multiple: true als meerdere antwoorden juist zijn)`,
    });
  }
  if (question.multiple && correct < 2) {
    problems.push({ field: 'answers', message: `${correct === 0 ? 'geen enkel antwoord is' : 'maar één antwoord is'} juist; een vraag met multiple: true heeft er minstens twee` });
  }
  if (question.multiple && correct === question.answers.length) {
    problems.push({ field: 'answers', message: 'alle antwoorden zijn juist; een vraag met multiple: true heeft minstens één onjuist antwoord' });
  }
  const texts = new Map<string, number>();
  const keys = new Map<string, number>();
  question.answers.forEach((answer, i) => {
    const text = sameText(answer.text);
    const twin = texts.get(text);
    if (twin !== undefined) {
      problems.push({ field: `answers.${i}.text`, message: `antwoord ${answerLetter(i)} heeft dezelfde tekst als antwoord ${answerLetter(twin)}` });
    } else texts.set(text, i);
    const key = answerKey(answer, i);
    const owner = keys.get(key);
    if (owner !== undefined) {
      problems.push({ field: `answers.${i}.id`, message: `antwoord-id ${key} wordt al gebruikt door antwoord ${answerLetter(owner)}` });
    } else keys.set(key, i);
  });
  return problems;
}

/** The 0.99 quantile of the chi-square distribution for 1 to 4 degrees of freedom. */
const CHI_SQUARE_99 = [6.635, 9.21, 11.345, 13.277];
/** Positions from E on are pooled: few questions have more than four answers. */
const BINS = 5;

/** Which answers a balance counts: the correct one of single-answer questions, or the wrong ones of multiple-answer questions. */
export type BalanceKind = 'single' | 'multiple';

export interface PositionBalance {
  kind: BalanceKind;
  /** counted answers at each written position (A, B, C, D, E and later) */
  observed: number[];
  /** what a random order would give on average */
  expected: number[];
  /** Pearson's chi-square statistic over the positions */
  chiSquare: number;
  /** true when a random order would give a spread this uneven less than once in a hundred */
  lopsided: boolean;
}

/**
 * Where the answers that give a question away stand as written in a subject: for single-answer
 * questions the correct answer, for multiple-answer questions the wrong ones (three correct of four
 * always at A+B+C means the wrong one always at D). A question with k answers of which m are
 * counted puts m/k of one at each position when its order is random; the observed counts are
 * compared with that by Pearson's chi-square test (p < 0.01). Students get the answers shuffled,
 * but an author should still see a pile-up.
 */
export function positionBalance(lists: readonly QuestionListManifest[], kind: BalanceKind): PositionBalance {
  const observed = Array<number>(BINS).fill(0);
  const expected = Array<number>(BINS).fill(0);
  for (const list of lists) {
    for (const q of list.questions) {
      if (q.type !== 'SELECT' || q.multiple !== (kind === 'multiple')) continue;
      const counted = (a: Answer) => (kind === 'single' ? a.correct : !a.correct);
      const k = q.answers.length;
      const m = q.answers.filter(counted).length;
      q.answers.forEach((a, i) => {
        const bin = Math.min(i, BINS - 1);
        expected[bin]! += m / k;
        if (counted(a)) observed[bin]! += 1;
      });
    }
  }
  let chiSquare = 0;
  let bins = 0;
  expected.forEach((e, i) => {
    if (e <= 0) return;
    bins += 1;
    chiSquare += (observed[i]! - e) ** 2 / e;
  });
  const critical = CHI_SQUARE_99[bins - 2];
  return { kind, observed, expected, chiSquare, lopsided: critical !== undefined && chiSquare > critical };
}

/** The author's message for a lopsided balance, e.g. "... A 30, B 2, C 1, D 0 (... ongeveer A 9, B 9, C 8, D 7) ...". */
export function positionBalanceMessage(balance: PositionBalance): string {
  const label = (i: number) => (i === BINS - 1 ? 'E en verder' : answerLetter(i));
  const shown = balance.expected.map((e, i) => i).filter((i) => balance.expected[i]! > 0);
  const observed = shown.map((i) => `${label(i)} ${balance.observed[i]}`).join(', ');
  const expected = shown.map((i) => `${label(i)} ${Math.round(balance.expected[i]!)}`).join(', ');
  const what =
    balance.kind === 'single'
      ? 'bij de vragen met één juist antwoord staat dat antwoord'
      : 'bij de vragen met meerdere juiste antwoorden staan de onjuiste antwoorden';
  return (
    `${what} zoals geschreven scheef over de posities verdeeld: ${observed} ` +
    `(bij een willekeurige volgorde ongeveer ${expected}); studenten krijgen de antwoorden geschud, ` +
    'maar zet ze ook in het bestand op wisselende plaatsen'
  );
}

// ------------------------------------------------------------------ the types beyond multiple choice (issue 40)

type RuleQuestion = Exclude<QuestionManifest, { type: 'SELECT' | 'OPEN' }>;

/** Items of an ordering as written: a text, or an id and a text. */
const itemOf = orderingItemKey;

/**
 * A question's key as the API stores and grades it (@blok/domain/question-types QuestionSpec, built
 * by its `specOf`, which the studio's preview uses too), with content ids for items:
 * `<question>-i<n>` (ordering, in the written order, which is the right one), `<question>-l<n>` and
 * `-r<n>` (matching: left items, then the right ones with the decoys after them). Undefined for
 * SELECT and OPEN.
 */
export function questionSpec(question: QuestionManifest): QuestionSpec | undefined {
  return question.type === 'SELECT' || question.type === 'OPEN' ? undefined : specOf(question.id, question);
}

/** The refusals of a question of the new types: keys a student could not meet, items alike, gaps missing. */
function keyProblems(question: QuestionManifest): QuestionProblem[] {
  if (question.type === 'OPEN') return [];
  const q = question as RuleQuestion;
  const problems: QuestionProblem[] = [];
  const twins = (texts: string[], field: string, what: string) => {
    const seen = new Map<string, number>();
    texts.forEach((t, i) => {
      const key = foldTyped(t);
      const twin = seen.get(key);
      if (twin !== undefined) problems.push({ field: `${field}.${i}`, message: `${what} ${i + 1} is hetzelfde als ${what} ${twin + 1}` });
      else seen.set(key, i);
    });
  };
  switch (q.type) {
    case 'TYPED':
      twins(q.accepted, 'accepted', 'geaccepteerd antwoord');
      break;
    case 'NUMERIC':
      if (q.relative && q.tolerance >= 1) problems.push({ field: 'tolerance', message: 'een relatieve tolerantie is een deel van de waarde (0.01 = 1 %) en kleiner dan 1' });
      break;
    case 'ORDERING': {
      twins(q.items.map((item, i) => itemOf(item, i).text), 'items', 'item');
      const keys = new Map<string, number>();
      q.items.forEach((item, i) => {
        const { key } = itemOf(item, i);
        if (keys.has(key)) problems.push({ field: `items.${i}.id`, message: `item-id ${key} wordt al gebruikt door item ${keys.get(key)! + 1}` });
        else keys.set(key, i);
      });
      break;
    }
    case 'MATCHING':
      twins(q.pairs.map((p) => p.left), 'pairs', 'linkerkant van paar');
      twins([...q.pairs.map((p) => p.right), ...q.decoys], 'pairs', 'rechterkant');
      break;
    case 'CLOZE': {
      const gaps = clozeGaps(q.text);
      if (gaps.length === 0) problems.push({ field: 'text', message: 'een invulvraag heeft minstens één open plek: schrijf {{antwoord}} of {{antwoord|variant}}' });
      if (gaps.length > 10) problems.push({ field: 'text', message: 'hoogstens tien open plekken' });
      gaps.forEach((g, i) => {
        if (g.accepted.length === 0) problems.push({ field: 'text', message: `open plek ${i + 1} heeft geen antwoord` });
      });
      break;
    }
  }
  return problems;
}

// ------------------------------------------------------------------ answer lengths (issue 40)

/** Whether the correct answer of a single-answer question is longer than every other answer. */
export function correctIsLongest(question: QuestionManifest): boolean {
  if (question.type !== 'SELECT' || question.multiple) return false;
  return keyIsLongest(question.answers);
}

/** Whether the correct answer of a single-answer question is shorter than every other answer (as read). */
export function correctIsShortest(question: QuestionManifest): boolean {
  if (question.type !== 'SELECT' || question.multiple) return false;
  const correct = question.answers.filter((a) => a.correct);
  if (correct.length !== 1 || question.answers.length < 2) return false;
  const key = correct[0]!;
  const length = readLength(key.text);
  return question.answers.every((a) => a === key || readLength(a.text) > length);
}

/**
 * Which length pattern is counted: the key the longest answer, the shortest, or either of the two
 * (a student who skips the longest and the shortest answer scores where it is neither).
 */
export type LengthPattern = 'longest' | 'shortest' | 'extreme';

export interface LengthBalance {
  pattern: LengthPattern;
  /** single-answer questions counted */
  counted: number;
  /** of them, those whose correct answer shows the pattern */
  hits: number;
  /** what a key that is just one of its answers would give on average */
  expected: number;
  /** the chance of at least `hits` by luck alone */
  pAtLeast: number;
  /** the chance of at most `hits` by luck alone */
  pAtMost: number;
  /** the pattern gives the key away: at least 2 hits with a chance of so many or more below 1 in 100 */
  tooOften: boolean;
  /** its absence gives the key away: a chance of so few or fewer below 1 in 100 */
  tooRarely: boolean;
}

/**
 * How often the correct answer of single-answer questions is the longest, the shortest or either
 * of them, against a key that is just one of its question's answers: per question the chance is
 * the share of its answers that are the only longest (or shortest) one, 1 in k for k answers of
 * different lengths and 0 where the longest length is shared. Both tails are exact (a Poisson
 * binomial); a student who always picks the longest answer scores on `tooOften`, one who never
 * picks the longest or the shortest on `tooRarely` (issue 40: the key was the longest in 40 % of the
 * questions, after a first fix in 11 % and the shortest in 17 %, so the middle lengths gave it away).
 */
export function lengthBalance(questions: readonly QuestionManifest[], pattern: LengthPattern): LengthBalance {
  const chances: number[] = [];
  let hits = 0;
  for (const q of questions) {
    if (q.type !== 'SELECT' || q.multiple) continue;
    const lengths = q.answers.map((a) => readLength(a.text));
    const only = (target: number) => (lengths.filter((l) => l === target).length === 1 ? 1 : 0);
    const longest = only(Math.max(...lengths));
    const shortest = only(Math.min(...lengths));
    const ways = pattern === 'longest' ? longest : pattern === 'shortest' ? shortest : longest + shortest;
    chances.push(Math.min(1, ways / q.answers.length));
    const isLongest = correctIsLongest(q);
    const isShortest = correctIsShortest(q);
    if (pattern === 'longest' ? isLongest : pattern === 'shortest' ? isShortest : isLongest || isShortest) hits += 1;
  }
  // dist[j]: the chance of exactly j hits among the questions so far
  let dist = [1];
  for (const c of chances) {
    const next = Array<number>(dist.length + 1).fill(0);
    dist.forEach((v, j) => {
      next[j]! += v * (1 - c);
      next[j + 1]! += v * c;
    });
    dist = next;
  }
  const pAtLeast = dist.slice(hits).reduce((a, b) => a + b, 0);
  const pAtMost = dist.slice(0, hits + 1).reduce((a, b) => a + b, 0);
  const expected = chances.reduce((a, b) => a + b, 0);
  return { pattern, counted: chances.length, hits, expected, pAtLeast, pAtMost, tooOften: hits >= 2 && pAtLeast < 0.01, tooRarely: pAtMost < 0.01 };
}

export interface LongestBalance {
  /** single-answer questions counted */
  counted: number;
  /** of them, those whose correct answer is the longest */
  longest: number;
  /** what a key that is just one of its answers would give on average (one in k per question of k answers of different lengths) */
  expected: number;
  /** the chance of at least `longest` by luck alone */
  p: number;
  /** true when that chance is below 1 in 100: a test-wise student would score on length alone */
  lopsided: boolean;
}

/**
 * How often the correct answer of a list's single-answer questions is the longest: a student who
 * always picks the longest answer scores that often (issue 40: 40 % in the content before, 67 % in
 * one subject). Below 1 in 100 is lopsided, as the position check is.
 */
export function longestBalance(questions: readonly QuestionManifest[]): LongestBalance {
  const b = lengthBalance(questions, 'longest');
  return { counted: b.counted, longest: b.hits, expected: b.expected, p: b.pAtLeast, lopsided: b.tooOften };
}

/** The author's message for a list whose correct answers are too often the longest. */
export function longestBalanceMessage(balance: LongestBalance): string {
  return (
    `bij ${balance.longest} van de ${balance.counted} vragen met één juist antwoord is het juiste antwoord het langste ` +
    `(bij toeval ongeveer ${Math.round(balance.expected)}); een student die steeds het langste antwoord kiest, scoort daarmee. ` +
    'Maak het juiste antwoord korter of een onjuist antwoord even volledig'
  );
}

/**
 * The subject's length patterns that give the key away by their absence: the key (almost) never
 * the longest, never the shortest, or never either, so that a student who skips those answers
 * scores (issue 40). Too often is warned per list (longestBalance).
 */
export function lengthRarity(questions: readonly QuestionManifest[]): LengthBalance[] {
  return (['longest', 'shortest', 'extreme'] as const).map((pattern) => lengthBalance(questions, pattern)).filter((b) => b.tooRarely);
}

/** The author's message for a subject whose correct answers are too rarely the longest, the shortest or either. */
export function lengthRarityMessage(balance: LengthBalance): string {
  const what = { longest: 'het langste', shortest: 'het kortste', extreme: 'het langste of het kortste' }[balance.pattern];
  const student = {
    longest: 'het langste antwoord nooit kiest',
    shortest: 'het kortste antwoord nooit kiest',
    extreme: 'het langste en het kortste antwoord overslaat',
  }[balance.pattern];
  return (
    `in dit vak is het juiste antwoord bij ${balance.hits} van de ${balance.counted} vragen met één juist antwoord ${what} ` +
    `(bij toeval ongeveer ${Math.round(balance.expected)}); een student die ${student}, scoort daarmee. ` +
    'Laat de lengte van het juiste antwoord meer variëren: soms het volledigste, soms het kortste'
  );
}
