/**
 * The rules of a mock exam (proeftentamen, issue 27; decision 022): how many questions each chapter
 * gets, how long she has, and how it is graded. Pure, so the server, the app and the tests agree.
 */
import { computeScore, gradeFromScore } from './grade.ts';

/** Question counts a student can choose for a mock exam. */
export const MOCK_EXAM_SIZES = [5, 10, 20, 40] as const;
/** Status of an open answer in a mock exam until she assessed it (as a practice session's review, 4). */
export const MOCK_EXAM_AWAITING = 4;

/**
 * Mock exams she may start per subject in any 24 hours (issue 40). Each one shows the right answers
 * once handed in; without a limit a student could start exams until she had seen them all (1,000
 * were started in 22 s), and exams are for testing, not for harvesting keys.
 */
export const MOCK_EXAMS_PER_DAY = 5;
/** The window the daily limit counts in. */
export const MOCK_EXAM_LIMIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Seconds she gets per question (1,5 minute: the pace of a multiple-choice exam at a Dutch university). */
export const MOCK_EXAM_SECONDS_PER_QUESTION = 90;

/** Weight of a chapter by its priority (1 high, 2 medium, 3 low): a high-priority chapter gets three times the questions of a low one. */
export const chapterWeight = (priority: number): number => (priority === 1 ? 3 : priority === 2 ? 2 : 1);

export interface ChapterPool {
  /** the chapter's id (or any key grouping questions) */
  id: string;
  weight: number;
  /** how many questions the chapter has to draw from */
  available: number;
}

/**
 * How many questions each chapter gets out of `total` (at most the sum available): in proportion to
 * its weight, never more than it has. With at least as many questions as chapters, every chapter
 * with questions gets one first, so each has a grade afterwards; then one question at a time goes
 * to the chapter furthest below its share (total x weight / all weights; ties to the earlier
 * chapter), which also passes on what a full chapter cannot take.
 */
export function drawCounts(chapters: readonly ChapterPool[], total: number): Map<string, number> {
  const counts = new Map(chapters.map((c) => [c.id, 0]));
  const pools = chapters.filter((c) => c.available > 0 && c.weight > 0);
  const goal = Math.min(Math.max(0, Math.floor(total)), pools.reduce((n, c) => n + c.available, 0));
  const weights = pools.reduce((n, c) => n + c.weight, 0);
  let given = 0;
  if (goal >= pools.length) {
    for (const c of pools) counts.set(c.id, 1);
    given = pools.length;
  }
  for (; given < goal; given++) {
    let best: ChapterPool | undefined;
    let bestDeficit = -Infinity;
    for (const c of pools) {
      const count = counts.get(c.id)!;
      if (count >= c.available) continue;
      const deficit = (goal * c.weight) / weights - count;
      if (deficit > bestDeficit) [best, bestDeficit] = [c, deficit];
    }
    counts.set(best!.id, counts.get(best!.id)! + 1);
  }
  return counts;
}

/**
 * Statuses of a mock exam's question: -1 not answered, 0 wrong, 1 correct, 2 partially correct,
 * 4 an open answer awaiting her own assessment (it becomes 1 or 0 once she assessed it).
 */
export interface MockExamResult {
  correct: number;
  partial: number;
  wrong: number;
  unanswered: number;
  /** open answers she has not assessed yet: they earn nothing until she has; the grade is provisional while any wait */
  awaitingAssessment: number;
  total: number;
  /** 0-100, as a practice session's score */
  score: number;
  /** the Dutch 1-10 grade, one decimal, at least 1 */
  grade: number;
}

/**
 * The result of a closed mock exam: an exam is handed in as it stands, so an unanswered question
 * earns nothing (unlike a practice session, whose grade waits for skipped questions). Graded as
 * the results screen grades (spec section 9): 10 x (correct + 0.5 x partial) / total, at least 1.
 * An open answer counts once she has assessed it; until then it earns nothing and is counted in
 * `awaitingAssessment`, so the grade is a provisional lower bound (decision 022).
 */
export function gradeMockExam(statuses: readonly number[]): MockExamResult {
  const result = { correct: 0, partial: 0, wrong: 0, unanswered: 0, awaitingAssessment: 0, total: statuses.length };
  for (const s of statuses) {
    if (s === 1) result.correct++;
    else if (s === 2) result.partial++;
    else if (s === 0) result.wrong++;
    else if (s === MOCK_EXAM_AWAITING) result.awaitingAssessment++;
    else result.unanswered++;
  }
  const score = computeScore(result);
  return { ...result, score, grade: gradeFromScore(score) };
}

/** Whole seconds left before the deadline (never negative). */
export function secondsLeft(deadline: string | Date, now: Date): number {
  const end = typeof deadline === 'string' ? Date.parse(deadline) : deadline.getTime();
  return Math.max(0, Math.ceil((end - now.getTime()) / 1000));
}

/** A drawn question of a mock exam: its chapter (or group key) and whether it is an open question. */
export interface DrawnQuestion {
  key: string;
  open: boolean;
}

/**
 * The drawn position to trade for an open question so that an exam has at least one when it can
 * (decision 022): when nothing drawn is open and a chapter that was drawn from has an open question
 * left in `openLeft`, the multiple-choice question of that chapter at `pick` (any integer, taken
 * modulo the candidates). Chapter counts stay as drawn. Undefined when there is nothing to trade.
 */
export function openQuestionSwap(drawn: readonly DrawnQuestion[], openLeft: ReadonlyMap<string, number>, pick: number): number | undefined {
  if (drawn.some((q) => q.open)) return undefined;
  const candidates = drawn.flatMap((q, index) => ((openLeft.get(q.key) ?? 0) > 0 ? [index] : []));
  if (candidates.length === 0) return undefined;
  return candidates[((Math.floor(pick) % candidates.length) + candidates.length) % candidates.length];
}
