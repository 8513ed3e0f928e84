// The calibration of readiness and the expected grade (issue 39, decision 035), measured on synthetic
// students whose knowledge the simulation knows. A Rasch world: each student has an ability per
// chapter, each question a difficulty, and a student answers right with probability σ(θ − b). The
// students practise (their answers also teach the model the questions' difficulties, online, in the
// order they come), the model predicts each student's grade, then each sits a 40-question mock exam.
import { describe, expect, it } from 'vitest';
import { gradeMockExam, chapterWeight, drawCounts } from './mock-exam.ts';
import { priorDifficulty, sigmoid, updateDifficulty, type Difficulty } from './rasch.ts';
import { chapterAbility, subjectStanding, type ChapterEvidence, type EvidenceItem } from './standing.ts';
import type { EvidenceSource } from './evidence.ts';

/** The figures go to the test's output (the domain has neither node's nor the DOM's types; Vitest has a console). */
const log = (text: string) => (globalThis as unknown as { console: { log(s: string): void } }).console.log(text);

/** A small seeded generator (mulberry32), so the figures are the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = (mean = 0, sd = 1) => mean + sd * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const shuffle = <T>(items: T[]) => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  };
  return { next, normal, int, shuffle };
}

const PRIORITIES = [1, 1, 2, 2, 2, 3, 3];
const QUESTIONS_PER_CHAPTER = 12;
const CARDS_PER_CHAPTER = 8;
const STUDENTS = 200;
const RANDOM_ANSWERERS = 20;
const CLAIMERS = 20;
/** Students who know one chapter well, practise only that one and have not studied the rest (issue 39's coverage flaw). */
const ONE_CHAPTER = 40;

interface Question {
  id: string;
  chapter: number;
  /** the truth, which the model never sees */
  difficulty: number;
}

interface Answer {
  item: string;
  chapter: number;
  source: EvidenceSource;
  score: number;
  ageDays: number;
}

interface Student {
  kind: 'rasch' | 'random' | 'claimer' | 'one-chapter';
  /** true ability per chapter (rasch and one-chapter students) */
  ability: number[];
  /** the one chapter a one-chapter student knows and practises */
  known?: number;
  answers: Answer[];
}

const mean = (xs: readonly number[]) => xs.reduce((n, x) => n + x, 0) / xs.length;
const ranks = (xs: readonly number[]) => {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2;
    i = j + 1;
  }
  return r;
};
function spearman(xs: readonly number[], ys: readonly number[]): number {
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mx = mean(rx);
  const my = mean(ry);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i]! - mx) * (ry[i]! - my);
    sxx += (rx[i]! - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

function simulate(seed: number) {
  const rng = random(seed);
  const questions: Question[] = PRIORITIES.flatMap((priority, chapter) =>
    Array.from({ length: QUESTIONS_PER_CHAPTER }, (_, k) => ({
      id: `q${chapter}-${k}`,
      chapter,
      // the author's priority is a rough guide to the truth, not the truth: every question is its own
      difficulty: 0.2 + 0.6 * (priority - 2) + rng.normal(0, 0.9),
    })),
  );
  const byChapter = PRIORITIES.map((_, c) => questions.filter((q) => q.chapter === c));
  const difficulty = new Map<string, Difficulty>(questions.map((q) => [q.id, priorDifficulty(PRIORITIES[q.chapter]!)]));
  const difficultyOf = (id: string) => difficulty.get(id)?.difficulty ?? 0;

  const students: Student[] = [];
  for (let i = 0; i < STUDENTS; i++) {
    const general = rng.normal(0.3, 1.1);
    students.push({ kind: 'rasch', ability: PRIORITIES.map(() => general + rng.normal(0, 0.5)), answers: [] });
  }
  for (let i = 0; i < RANDOM_ANSWERERS; i++) students.push({ kind: 'random', ability: [], answers: [] });
  for (let i = 0; i < CLAIMERS; i++) students.push({ kind: 'claimer', ability: [], answers: [] });
  // What each practises: the chapters she got to (in order, at least 3), questions of those at random,
  // each once (readiness counts her latest answer per question), answered over the last four weeks.
  const stream: Array<{ student: Student; question: Question; ageDays: number }> = [];
  for (const s of students) {
    if (s.kind === 'claimer') {
      // read everything, answered nothing, "Wist ik" on every card
      for (let c = 0; c < PRIORITIES.length; c++) {
        for (let k = 0; k < CARDS_PER_CHAPTER; k++) s.answers.push({ item: `card${c}-${k}`, chapter: c, source: 'self-report', score: 1, ageDays: rng.int(0, 10) });
      }
      continue;
    }
    // a random answerer clicks through the questions of every chapter, at least as many as student B
    // of the issue (46)
    const reached = s.kind === 'random' ? PRIORITIES.length : rng.int(3, PRIORITIES.length);
    const pool = rng.shuffle(questions.filter((q) => q.chapter < reached));
    const count = Math.min(pool.length, s.kind === 'random' ? rng.int(46, pool.length) : rng.int(10, 70));
    for (const question of pool.slice(0, count)) stream.push({ student: s, question, ageDays: rng.int(0, 28) });
  }
  // Everyone's answers arrive interleaved, oldest first: each first answer updates the question's difficulty.
  rng.shuffle(stream);

  // One chapter known well (ability 2 ± 0.5: some 85 % right on an average question of it); the
  // others not studied: a general ability drawn from the cautious prior's own centre (N(−0.8, 1)),
  // each chapter ± 0.5 around it. Which chapter is random (a high-priority one weighs 3/14 of the
  // exam, a low-priority one 1/14).
  // (drawn from their own generator, so the other students' world stays what it was before they came)
  const other = random(seed + 1000);
  for (let i = 0; i < ONE_CHAPTER; i++) {
    const chapter = other.int(0, PRIORITIES.length - 1);
    const rest = other.normal(-0.8, 1);
    const s: Student = { kind: 'one-chapter', known: chapter, ability: PRIORITIES.map((_, c) => (c === chapter ? other.normal(2, 0.5) : rest + other.normal(0, 0.5))), answers: [] };
    students.push(s);
    // 6-12 questions of her one chapter, nothing else (the "6 right in one chapter")
    const pool = other.shuffle(questions.filter((q) => q.chapter === chapter));
    for (const question of pool.slice(0, other.int(6, 12))) stream.push({ student: s, question, ageDays: other.int(0, 28) });
  }
  stream.sort((a, b) => b.ageDays - a.ageDays);
  const chaptersOf = (s: Student): ChapterEvidence[] =>
    PRIORITIES.map((priority, c) => ({
      id: `h${c}`,
      priority,
      examDifficulties: byChapter[c]!.map((q) => difficultyOf(q.id)),
      evidence: s.answers.filter((a) => a.chapter === c).map((a): EvidenceItem => ({ source: a.source, score: a.score, ageDays: a.ageDays, difficulty: a.source === 'self-report' ? 0 : difficultyOf(a.item) })),
    }));
  for (const { student, question, ageDays } of stream) {
    const draw = student.kind === 'one-chapter' ? other : rng;
    const right = student.kind === 'random' ? draw.next() < 0.25 : draw.next() < sigmoid(student.ability[question.chapter]! - question.difficulty);
    const score = right ? 1 : 0;
    const before = chapterAbility(chaptersOf(student), `h${question.chapter}`);
    difficulty.set(question.id, updateDifficulty(difficulty.get(question.id)!, before, score));
    student.answers.push({ item: question.id, chapter: question.chapter, source: 'practice', score, ageDays });
  }

  // The mock exam as a real one is drawn: counts per chapter by priority, questions at random within.
  const counts = drawCounts(PRIORITIES.map((p, c) => ({ id: `h${c}`, weight: chapterWeight(p), available: QUESTIONS_PER_CHAPTER })), 40);
  const total = [...counts.values()].reduce((n, k) => n + k, 0);
  const rows = students.map((s) => {
    const standing = subjectStanding(chaptersOf(s));
    const expected = standing.expectedGrade!;
    const trueGrade =
      s.kind === 'rasch' || s.kind === 'one-chapter'
        ? 10 * PRIORITIES.reduce((sum, _, c) => sum + ((counts.get(`h${c}`) ?? 0) / total) * mean(byChapter[c]!.map((q) => sigmoid(s.ability[c]! - q.difficulty))), 0)
        : s.kind === 'random'
          ? 2.5
          : null;
    const draw = s.kind === 'one-chapter' ? other : rng;
    const drawn = PRIORITIES.flatMap((_, c) =>
      draw
        .shuffle([...byChapter[c]!])
        .slice(0, counts.get(`h${c}`) ?? 0)
        .map((q) => {
          const p = s.kind === 'rasch' || s.kind === 'one-chapter' ? sigmoid(s.ability[c]! - q.difficulty) : s.kind === 'random' ? 0.25 : 0;
          return { question: q, score: draw.next() < p ? 1 : 0 };
        }),
    );
    const achieved = gradeMockExam(drawn.map((d) => d.score)).grade;
    // After the exam its answers are evidence too (a mock exam answer's weight): the range narrows.
    const mock = drawn.map(({ question, score }): Answer => ({ item: question.id, chapter: question.chapter, source: 'mock-exam', score, ageDays: 0 }));
    const after = subjectStanding(chaptersOf({ ...s, answers: [...s.answers, ...mock] })).expectedGrade!;
    return { kind: s.kind, known: s.known, expected, trueGrade, achieved, tested: standing.gradedAnswers > 0, after, probabilities: standing.chapters.map((c) => c.probability) };
  });
  return { rows, difficulty, questions };
}

describe('calibration of the expected grade (simulation)', () => {
  it('predicts 200 Rasch students within 0.7 of their true grade and 1.0 of the grade they get, keeps guessers and claimers at 4.5 or less, and one-chapter students below passing with their true grade in range', () => {
    // SEED=n runs another seed (the figures of seeds 1-11 are in decision 046); 39 by default
    const seed = Number(((globalThis as unknown as { process?: { env: Record<string, string | undefined> } }).process?.env.SEED) ?? 39);
    const { rows, difficulty, questions } = simulate(seed);
    const rasch = rows.filter((r) => r.kind === 'rasch');
    const predicted = rasch.map((r) => r.expected.grade);
    const truth = rasch.map((r) => r.trueGrade!);
    const achieved = rasch.map((r) => r.achieved);
    const maeTrue = mean(predicted.map((p, i) => Math.abs(p - truth[i]!)));
    const maeAchieved = mean(predicted.map((p, i) => Math.abs(p - achieved[i]!)));
    const rankCorrelation = spearman(predicted, achieved);
    const rankTrue = spearman(predicted, truth);
    const covered = mean(rasch.map((r) => (r.trueGrade! >= r.expected.low - 0.05 && r.trueGrade! <= r.expected.high + 0.05 ? 1 : 0)));
    const width = mean(rasch.map((r) => r.expected.high - r.expected.low));
    const widthAfter = mean(rasch.map((r) => r.after.high - r.after.low));
    const maeAfter = mean(rasch.map((r, i) => Math.abs(r.after.grade - truth[i]!)));
    const guessers = rows.filter((r) => r.kind === 'random').map((r) => r.expected.grade);
    const claimers = rows.filter((r) => r.kind === 'claimer').map((r) => r.expected.grade);
    const single = rows.filter((r) => r.kind === 'one-chapter');
    const singleHeld = mean(single.map((r) => (r.trueGrade! >= r.expected.low - 0.05 && r.trueGrade! <= r.expected.high + 0.05 ? 1 : 0)));
    const difficultyError = mean(questions.map((q) => Math.abs(difficulty.get(q.id)!.difficulty - q.difficulty)));
    const fmt = (x: number) => x.toFixed(2);
    log(
      [
        `calibration (seed ${seed}): ${rasch.length} Rasch students, ${guessers.length} random answerers, ${claimers.length} read-and-claim students`,
        `  expected grade vs true expected grade: MAE ${fmt(maeTrue)} (limit 0.70), Spearman ${fmt(rankTrue)}`,
        `  expected grade vs achieved mock grade:  MAE ${fmt(maeAchieved)} (limit 1.00), Spearman ${fmt(rankCorrelation)} (limit 0.80)`,
        `  80 % range: holds the true grade for ${fmt(100 * covered)} % of students, mean width ${fmt(width)}; after the mock exam ${fmt(widthAfter)} wide, MAE ${fmt(maeAfter)}`,
        `  random answerers: highest expected grade ${fmt(Math.max(...guessers))}; read-and-claim: highest ${fmt(Math.max(...claimers))} (limit 4.5; shown as "nog niet getoetst")`,
        `  question difficulty learnt from everyone's answers: mean absolute error ${fmt(difficultyError)} logits (prior alone ${fmt(mean(questions.map((q) => Math.abs(priorDifficulty(PRIORITIES[q.chapter]!).difficulty - q.difficulty))))})`,
        `  one chapter known and practised (${single.length}): highest expected grade ${fmt(Math.max(...single.map((r) => r.expected.grade)))} (limit 5.4), range holds the true grade for ${fmt(100 * singleHeld)} %, mean width ${fmt(mean(single.map((r) => r.expected.high - r.expected.low)))}; true grades ${fmt(Math.min(...single.map((r) => r.trueGrade!)))}-${fmt(Math.max(...single.map((r) => r.trueGrade!)))}, MAE ${fmt(mean(single.map((r) => Math.abs(r.expected.grade - r.trueGrade!))))}`,
        `  mean grades: predicted ${fmt(mean(predicted))}, true ${fmt(mean(truth))}, achieved ${fmt(mean(achieved))}`,
      ].join('\n'),
    );
    expect(maeTrue).toBeLessThanOrEqual(0.7);
    expect(maeAchieved).toBeLessThanOrEqual(1.0);
    expect(rankCorrelation).toBeGreaterThanOrEqual(0.8);
    expect(Math.max(...guessers)).toBeLessThanOrEqual(4.5);
    expect(Math.max(...claimers)).toBeLessThanOrEqual(4.5);
    expect(rows.filter((r) => r.kind === 'claimer').every((r) => !r.tested && r.probabilities.every((p) => p === null))).toBe(true);
    expect(widthAfter).toBeLessThan(width);
    // decision 046: one chapter's evidence is no passing grade while most of the exam is untested,
    // and the range is wide enough to hold what she truly knows (at least its own 80 %)
    expect(single).toHaveLength(ONE_CHAPTER);
    expect(Math.max(...single.map((r) => r.expected.grade))).toBeLessThanOrEqual(5.4);
    expect(singleHeld).toBeGreaterThanOrEqual(0.8);
  }, 60_000);
});
