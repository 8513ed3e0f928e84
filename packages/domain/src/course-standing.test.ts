// Readiness for her own course (issue 41, decision 049), checked on simulated students whose knowledge
// the test knows (in the style of decision 035): a Rasch world where a student answers an item right
// with probability σ(θ − b). Her course: 20 questions of her own (12 multiple choice of four options,
// 8 typed), 30 cards, two PDFs of 40 and 24 pages.
import { describe, expect, it } from 'vitest';
import { courseCoverage, courseStanding, type CourseStandingInput } from './course-standing.ts';
import type { EvidenceSource } from './evidence.ts';
import { sigmoid } from './rasch.ts';

const log = (text: string) => (globalThis as unknown as { console: { log(s: string): void } }).console.log(text);

/** mulberry32: the same students on every run. */
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
  return { next, normal };
}

const QUESTIONS = 20;
const CHOICE_QUESTIONS = 12;
const CARDS = 30;
const PAGES = 64;

type Evidence = CourseStandingInput['evidence'][number];

interface Behaviour {
  /** P(right) of an item she answers, from the truth */
  right: (item: number) => number;
  /** share of her questions she answers, of her cards she answers typed, of her cards she only reviews ("Wist ik"), of the pages she reads */
  questions: number;
  typedCards: number;
  reviewedCards: number;
  pages: number;
  /** days ago she answered */
  ageDays?: number;
}

function student(b: Behaviour, seed: number): CourseStandingInput {
  const rng = random(seed);
  const evidence: Evidence[] = [];
  const answered = Math.round(b.questions * QUESTIONS);
  for (let i = 0; i < answered; i++) {
    const right = rng.next() < b.right(i);
    evidence.push({ source: 'own-question' as EvidenceSource, score: right ? 1 : 0, ageDays: b.ageDays ?? 1 });
  }
  const typed = Math.round(b.typedCards * CARDS);
  for (let i = 0; i < typed; i++) evidence.push({ source: 'card-typed', score: rng.next() < b.right(QUESTIONS + i) ? 1 : 0, ageDays: b.ageDays ?? 1 });
  const reviewed = Math.min(CARDS - typed, Math.round(b.reviewedCards * CARDS));
  // a review is her own verdict: she says she knew it
  for (let i = 0; i < reviewed; i++) evidence.push({ source: 'self-report', score: 1, ageDays: b.ageDays ?? 1 });
  return {
    questions: QUESTIONS,
    questionsAnswered: answered,
    cards: CARDS,
    cardsWorked: typed + reviewed,
    pages: PAGES,
    pagesRead: Math.round(b.pages * PAGES),
    evidence,
  };
}

/** One who knows the course: some 95 % right on anything of it. */
const knows = () => 0.95;
/** One who guesses: a quarter of the multiple choice questions, hardly a typed answer. */
const guesses = (item: number) => (item < CHOICE_QUESTIONS ? 0.25 : 0.03);

describe('readiness for her own course', () => {
  it('orders the students whose knowledge is known: who knows > who guesses, and reading alone is no figure', () => {
    const knower = courseStanding(student({ right: knows, questions: 1, typedCards: 1, reviewedCards: 0, pages: 1 }, 1));
    const guesser = courseStanding(student({ right: guesses, questions: 1, typedCards: 1, reviewedCards: 0, pages: 1 }, 2));
    // read every page and said "Wist ik" on every card: no graded answer
    const reader = courseStanding(student({ right: knows, questions: 0, typedCards: 0, reviewedCards: 1, pages: 1 }, 3));
    // scrolled: the viewer counted nothing, she answered nothing
    const scroller = courseStanding(student({ right: knows, questions: 0, typedCards: 0, reviewedCards: 0, pages: 0 }, 4));
    // knows it, answered every question right, but read none of her PDFs in Blok and typed no card
    const unread = courseStanding(student({ right: knows, questions: 1, typedCards: 0, reviewedCards: 0, pages: 0 }, 5));
    // knows it, worked through a quarter of everything
    const started = courseStanding(student({ right: knows, questions: 0.25, typedCards: 0.25, reviewedCards: 0, pages: 0.25 }, 6));
    log(
      `course readiness: knower ${(100 * knower.probability!).toFixed(0)} % ${knower.expectedGrade!.grade} (${knower.expectedGrade!.low}-${knower.expectedGrade!.high}), ` +
        `guesser ${(100 * guesser.probability!).toFixed(0)} % ${guesser.expectedGrade!.grade}, reader ${reader.probability} (estimate ${(100 * reader.estimate).toFixed(0)} %), ` +
        `scroller ${scroller.probability}, knower who read nothing here ${(100 * unread.probability!).toFixed(0)} % ${unread.expectedGrade!.grade} (coverage ${unread.coverage.toFixed(2)}), ` +
        `a quarter done ${(100 * started.probability!).toFixed(0)} % ${started.expectedGrade!.grade}`,
    );

    expect(knower.expectedGrade!.grade).toBeGreaterThanOrEqual(8);
    expect(guesser.expectedGrade!.grade).toBeLessThanOrEqual(3.5);
    expect(knower.probability!).toBeGreaterThan(guesser.probability! + 0.4);
    // reading and "Wist ik" are no knowledge: no figure, and what is estimated stays below passing
    expect(reader.probability).toBeNull();
    expect(reader.expectedGrade).toBeNull();
    expect(reader.estimate).toBeLessThan(0.55);
    expect(reader.estimate).toBeLessThan(knower.probability!);
    expect(scroller.probability).toBeNull();
    expect(scroller.coverage).toBe(0);
    // coverage is honest: what she has not worked through lowers the figure
    expect(unread.probability!).toBeLessThan(knower.probability!);
    expect(unread.probability!).toBeGreaterThan(guesser.probability!);
    expect(started.coverage).toBeCloseTo(0.25, 1);
    expect(started.expectedGrade!.grade).toBeLessThanOrEqual(5.4);
    expect(started.expectedGrade!.high).toBeGreaterThan(6);
    expect(started.probability!).toBeLessThan(unread.probability!);
  });

  it('weighs a recent answer more than an old one, and her latest verdict is what counts', () => {
    const material = { questions: 4, questionsAnswered: 4, cards: 0, cardsWorked: 0, pages: 0, pagesRead: 0 };
    const recentRight = courseStanding({ ...material, evidence: [...Array(4)].map(() => ({ source: 'own-question' as const, score: 1, ageDays: 0 })) });
    const oldRight = courseStanding({ ...material, evidence: [...Array(4)].map(() => ({ source: 'own-question' as const, score: 1, ageDays: 180 })) });
    expect(recentRight.probability!).toBeGreaterThan(oldRight.probability!);
    // partly right is between
    const partly = courseStanding({ ...material, evidence: [...Array(4)].map(() => ({ source: 'own-question' as const, score: 0.5, ageDays: 0 })) });
    const wrong = courseStanding({ ...material, evidence: [...Array(4)].map(() => ({ source: 'own-question' as const, score: 0, ageDays: 0 })) });
    expect(recentRight.probability!).toBeGreaterThan(partly.probability!);
    expect(partly.probability!).toBeGreaterThan(wrong.probability!);
  });

  it('caps what self-reports say as Blok does', () => {
    const material = { questions: 1, questionsAnswered: 1, cards: 100, cardsWorked: 100, pages: 0, pagesRead: 0 };
    const one = [{ source: 'own-question' as const, score: 0, ageDays: 0 }];
    const few = courseStanding({ ...material, evidence: [...one, ...[...Array(2)].map(() => ({ source: 'self-report' as const, score: 1, ageDays: 0 }))] });
    const many = courseStanding({ ...material, evidence: [...one, ...[...Array(100)].map(() => ({ source: 'self-report' as const, score: 1, ageDays: 0 }))] });
    // a hundred "Wist ik" count no more than a few (the cap: 0,25 of one answer together)
    expect(many.probability! - few.probability!).toBeLessThan(0.02);
  });

  it('counts each kind of material she has as an equal part of coverage', () => {
    expect(courseCoverage({ questions: 0, questionsAnswered: 0, cards: 0, cardsWorked: 0, pages: 0, pagesRead: 0 })).toBe(0);
    expect(courseCoverage({ questions: 10, questionsAnswered: 5, cards: 0, cardsWorked: 0, pages: 0, pagesRead: 0 })).toBe(0.5);
    expect(courseCoverage({ questions: 10, questionsAnswered: 10, cards: 0, cardsWorked: 0, pages: 100, pagesRead: 0 })).toBe(0.5);
    expect(courseCoverage({ questions: 10, questionsAnswered: 10, cards: 20, cardsWorked: 5, pages: 100, pagesRead: 100 })).toBeCloseTo(0.75, 5);
  });

  it('follows the true knowledge of 200 simulated students who worked through their course', () => {
    const rng = random(49);
    const difficulty = [...Array(QUESTIONS + CARDS)].map(() => rng.normal(0, 0.9));
    const predicted: number[] = [];
    const truth: number[] = [];
    for (let s = 0; s < 200; s++) {
      const ability = rng.normal(0.3, 1.1);
      const pRight = (item: number) => sigmoid(ability - difficulty[item]!);
      const input = student({ right: pRight, questions: 1, typedCards: 0.5 + 0.5 * rng.next(), reviewedCards: 0.2, pages: 0.8 + 0.2 * rng.next() }, 1000 + s);
      const standing = courseStanding(input);
      predicted.push(10 * standing.probability!);
      truth.push((10 * difficulty.reduce((n, b) => n + sigmoid(ability - b), 0)) / difficulty.length);
    }
    const mae = predicted.reduce((n, p, i) => n + Math.abs(p - truth[i]!), 0) / predicted.length;
    const rank = (xs: number[]) => {
      const order = xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
      const r = new Array<number>(xs.length);
      order.forEach((o, k) => (r[o.i] = k));
      return r;
    };
    const [rp, rt] = [rank(predicted), rank(truth)];
    const n = predicted.length;
    const spearman = 1 - (6 * rp.reduce((acc, r, i) => acc + (r - rt[i]!) ** 2, 0)) / (n * (n * n - 1));
    log(`course readiness, 200 students: MAE vs true grade ${mae.toFixed(2)}, Spearman ${spearman.toFixed(2)}`);
    expect(spearman).toBeGreaterThanOrEqual(0.85);
    expect(mae).toBeLessThanOrEqual(1.0);
  });
});
