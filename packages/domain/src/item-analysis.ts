/**
 * Item analysis (issue 40): per question, from students' real answers, how good a question it is.
 * Pure, so the studio's numbers can be checked on a seeded set of answers. Each student counts once
 * per question (her latest answer); a score is a GradedAnswer's 0..1 (evidence.ts).
 *
 * - share right: the mean score;
 * - discrimination: the correlation between the score on this question and the student's mean
 *   score on the subject's other questions (the "rest score", so the question does not correlate with
 *   itself); near 0 the question does not tell stronger students from weaker ones, below 0 the
 *   stronger ones get it wrong more often: its key or wording is suspect;
 * - per wrong answer of a choice: how often it was picked;
 * - flags an author acts on.
 */
import { keyIsLongest } from './answer-length.ts';

/** One student's (latest) answer to one question. */
export interface ItemAnswer {
  userId: string;
  itemId: string;
  /** 0..1 */
  score: number;
  /** the content ids of the answers she picked (a choice); empty otherwise */
  picked: readonly string[];
}

/** What the analysis needs of a question's content. */
export interface ItemContent {
  id: string;
  /** the answers of a choice with their text; empty for other types */
  options: ReadonlyArray<{ id: string; text: string; correct: boolean }>;
}

export const ITEM_FLAGS = ['too_easy', 'too_hard', 'negative_discrimination', 'unused_distractor', 'key_longest'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

export interface ItemStatistics {
  itemId: string;
  /** students who answered it */
  answers: number;
  /** 0..1; null without answers */
  shareRight: number | null;
  /** -1..1; null with fewer than MIN_ANSWERS answers or no spread */
  discrimination: number | null;
  /** per wrong answer of a choice: how many students picked it */
  distractors: Array<{ id: string; picks: number }>;
  flags: ItemFlag[];
}

/** Fewer answers than this say too little for a flag based on them. */
export const MIN_ANSWERS = 5;
/** Above this share right a question teaches little; below the other it may be wrong or unclear. */
export const TOO_EASY = 0.9;
export const TOO_HARD = 0.3;

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Pearson's correlation; null when either side has no spread. */
function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/** The statistics of every question of `contents`, from `answers` (each student's latest per question). */
export function analyseItems(contents: readonly ItemContent[], answers: readonly ItemAnswer[]): ItemStatistics[] {
  const byUser = new Map<string, Map<string, ItemAnswer>>();
  for (const a of answers) {
    let own = byUser.get(a.userId);
    if (!own) byUser.set(a.userId, (own = new Map()));
    own.set(a.itemId, a);
  }
  return contents.map((content) => {
    const scores: number[] = [];
    const rests: number[] = [];
    const picks = new Map(content.options.filter((o) => !o.correct).map((o) => [o.id, 0]));
    for (const own of byUser.values()) {
      const answer = own.get(content.id);
      if (!answer) continue;
      scores.push(answer.score);
      for (const id of answer.picked) if (picks.has(id)) picks.set(id, picks.get(id)! + 1);
      const others = [...own.values()].filter((a) => a.itemId !== content.id).map((a) => a.score);
      rests.push(others.length ? mean(others) : NaN);
    }
    const shareRight = scores.length ? mean(scores) : null;
    const withRest = scores.map((s, i) => [s, rests[i]!] as const).filter(([, r]) => !Number.isNaN(r));
    const discrimination = withRest.length >= MIN_ANSWERS ? correlation(withRest.map(([s]) => s), withRest.map(([, r]) => r)) : null;
    const enough = scores.length >= MIN_ANSWERS;
    const flags: ItemFlag[] = [];
    if (enough && shareRight! > TOO_EASY) flags.push('too_easy');
    if (enough && shareRight! < TOO_HARD) flags.push('too_hard');
    if (discrimination !== null && discrimination < 0) flags.push('negative_discrimination');
    if (enough && [...picks.values()].some((n) => n === 0)) flags.push('unused_distractor');
    // the same reading as the importer's warning and the studio's note (answer-length.ts)
    if (keyIsLongest(content.options)) flags.push('key_longest');
    return {
      itemId: content.id,
      answers: scores.length,
      shareRight,
      discrimination,
      distractors: [...picks].map(([id, n]) => ({ id, picks: n })),
      flags,
    };
  });
}
