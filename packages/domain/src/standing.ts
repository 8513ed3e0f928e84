// Where she stands in a subject (issue 39, decision 035): per chapter the probability that she answers
// an exam question of it right, and the grade she can expect on a mock exam of the subject, with a
// range. Pure: the API computes it from the graded answers the plan keeps, the calibration simulation
// (standing.simulation.test.ts) from synthetic students, the web app may recompute it offline.
//
// Only graded answers (@blok/domain/evidence) are knowledge. A "Wist ik" on a card is self-report:
// weak, capped per chapter and decaying in days unless a graded answer on that card replaces it.
// Reading is not evidence at all (the plan uses it as a prerequisite). Without a graded answer a
// chapter is "nog niet getoetst" (null), and the subject has no passing expected grade.
import { EVIDENCE_WEIGHTS, clampScore, isGraded, type EvidenceSource } from './evidence.ts';
import { MIN_GRADE, PASSING_GRADE } from './grade.ts';
import { chapterWeight, drawCounts } from './mock-exam.ts';
import { DIFFICULTY_BY_PRIORITY, estimateAbility, predictRight, type Belief, type Observation } from './rasch.ts';

/** A graded answer loses half its weight in this many days: recent answers weigh more. */
export const GRADED_HALF_LIFE_DAYS = 60;
/** A self-report ("Wist ik") loses half its weight in this many days unless a graded answer replaces it. */
export const SELF_REPORT_HALF_LIFE_DAYS = 7;
/** All self-reports of one chapter together count at most as this many practice answers. */
export const SELF_REPORT_CAP = 0.25;

/**
 * Her ability over the subject before any answer (logits; a question of difficulty 0 is an average
 * one). Cautious: σ(−0.5) ≈ 38 % right, so what she has not shown is not counted on (an expected
 * grade near 4 without evidence); wide (sd 1.2), so a dozen answers outweigh it.
 */
export const STUDENT_PRIOR: Belief = { mean: -0.8, variance: 1.44 };
/**
 * The prior of a student when her answer teaches a question's difficulty: an average student (0).
 * Everyone's first answers fix the scale through it, so a question's difficulty is relative to an
 * average student and the cautious STUDENT_PRIOR stays cautious (a cautious prior here would make
 * every question look easier by as much, and an untested student average again).
 */
export const LEARNING_PRIOR: Belief = { mean: 0, variance: 1.44 };
/** How far her ability in one chapter may lie from her ability over the subject (variance, logits²: sd 0.6). */
export const CHAPTER_SPREAD = 0.36;
/** The mock exam the expected grade is for: the largest size (40 questions), drawn as a real one. */
export const EXPECTED_EXAM_SIZE = 40;
/** Below this share of the exam (by its questions) with a graded answer, the expected grade is not a passing one (decision 046). */
export const MIN_TESTED_SHARE = 0.5;
/** The expected grade's range holds the grade with 80 % (z of the normal distribution). */
export const GRADE_RANGE_Z = 1.2816;

/** One answer as readiness reads it: where it came from, how well, how long ago, on how hard an item. */
export interface EvidenceItem {
  source: EvidenceSource;
  /** 0..1 */
  score: number;
  /** days between the answer and now */
  ageDays: number;
  /** the item's current difficulty (logits, @blok/domain/rasch) */
  difficulty: number;
}

/** How much one answer counts now: its source's weight (EVIDENCE_WEIGHTS), halved every half-life of its kind. */
export function evidenceWeight(source: EvidenceSource, ageDays: number): number {
  const halfLife = source === 'self-report' ? SELF_REPORT_HALF_LIFE_DAYS : GRADED_HALF_LIFE_DAYS;
  return EVIDENCE_WEIGHTS[source] * 0.5 ** (Math.max(0, ageDays) / halfLife);
}

/** A chapter's graded observations and its self-reports (their weights scaled down to SELF_REPORT_CAP). */
function observations(evidence: readonly EvidenceItem[]): { graded: Observation[]; self: Observation[]; gradedAnswers: number } {
  const graded: Observation[] = [];
  const self: Observation[] = [];
  for (const e of evidence) {
    const o = { score: clampScore(e.score), weight: evidenceWeight(e.source, e.ageDays), difficulty: e.difficulty };
    (isGraded(e.source) ? graded : self).push(o);
  }
  const selfWeight = self.reduce((n, o) => n + o.weight, 0);
  if (selfWeight > SELF_REPORT_CAP) for (const o of self) o.weight *= SELF_REPORT_CAP / selfWeight;
  return { graded, self, gradedAnswers: graded.length };
}

/** One chapter as the standing needs it. */
export interface ChapterEvidence {
  id: string;
  /** 1 high, 2 medium, 3 low (its weight in a mock exam) */
  priority: number;
  /** current difficulties of the questions a mock exam draws from this chapter (its question count) */
  examDifficulties: readonly number[];
  /** her latest answer per item of the chapter (practice, mock exam, card) */
  evidence: readonly EvidenceItem[];
}

export interface ChapterStanding {
  id: string;
  /** 0..1: the probability she answers an exam question of this chapter right; null without a graded answer ("nog niet getoetst") */
  probability: number | null;
  /** the same estimated also without a graded answer (from her other chapters and the prior): what the expected grade counts */
  estimate: number;
  /** her ability in the chapter (logits) */
  ability: Belief;
  /** graded answers it rests on */
  gradedAnswers: number;
}

export interface ExpectedGrade {
  /** the Dutch 1-10 grade she can expect on a 40-question mock exam, one decimal */
  grade: number;
  /** its 80 % range, one decimal each */
  low: number;
  high: number;
}

export interface SubjectStanding {
  chapters: ChapterStanding[];
  /** 0..1: the expected share right of a mock exam; null without a graded answer in the subject */
  probability: number | null;
  /** null: the subject has no exam questions. Without a graded answer it stays below passing. */
  expectedGrade: ExpectedGrade | null;
  gradedAnswers: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The probability of a right answer on the chapter's exam questions and its slope in her ability. */
function onExam(ability: Belief, difficulties: readonly number[]): { p: number; slope: number } {
  const kappa = Math.sqrt(1 + (Math.PI * ability.variance) / 8);
  let p = 0;
  let slope = 0;
  for (const b of difficulties) {
    const q = predictRight(ability, b);
    p += q;
    slope += (q * (1 - q)) / kappa;
  }
  return { p: p / difficulties.length, slope: slope / difficulties.length };
}

/** Her ability in chapter `i`: its own answers on the prior her other chapters' graded answers make. */
function abilityIn(obs: ReadonlyArray<ReturnType<typeof observations>>, i: number, studentPrior: Belief): Belief {
  const subject = estimateAbility(studentPrior, obs.flatMap((o, j) => (j === i ? [] : o.graded)));
  const own = obs[i]!;
  return estimateAbility({ mean: subject.mean, variance: subject.variance + CHAPTER_SPREAD }, [...own.graded, ...own.self]);
}

/**
 * Her ability in one chapter (as subjectStanding estimates it), for teaching a question's
 * difficulty from her answer: with LEARNING_PRIOR, an average student until her answers say more.
 */
export function chapterAbility(chapters: readonly ChapterEvidence[], chapterId: string, studentPrior: Belief = LEARNING_PRIOR): Belief {
  const i = chapters.findIndex((c) => c.id === chapterId);
  if (i < 0) return studentPrior;
  return abilityIn(chapters.map((c) => observations(c.evidence)), i, studentPrior);
}

/**
 * How much her tested chapters may speak for the others (0..1): from s, the share of the exam (by
 * the questions a mock exam draws of each chapter) in whose chapters she has a graded answer, as
 * 3s² − 2s³: little while they are a small part of the exam (one high-priority chapter of seven,
 * s ≈ 0,21: 0,11), nearly all once they are most of it (s ≈ 0,7: 0,78; every chapter: 1).
 */
export function coverageWeight(testedShare: number): number {
  const s = Math.min(1, Math.max(0, testedShare));
  return s * s * (3 - 2 * s);
}

/**
 * Where she stands in a subject. Per chapter her ability is estimated from the chapter's graded
 * answers (Rasch, each weighted by source and recency) and its capped self-reports, on a prior that
 * knows how much of the exam she has shown (decision 046). A chapter she has a graded answer in
 * starts from what her other chapters say of her (the student prior updated with their graded
 * answers, widened by CHAPTER_SPREAD). An untested chapter is like them only with a probability c
 * that grows with the share of the exam she has shown (coverageWeight); otherwise it is one she has
 * not studied and stands at the student prior alone (an honest "unknown", not her one good chapter).
 * The two are mixed in probability. The chapter's probability is the mean predicted right answer over its
 * exam questions. The expected grade is the mock exam's grade of the expected share right, chapters
 * weighted as a 40-question exam draws them. Its range: what is uncertain of her ability over the
 * subject, and whether her untested chapters are like her tested ones, moves all chapters together;
 * the rest of each chapter's uncertainty is its own. So the range is wide while much of the exam is
 * untested and narrows as evidence covers it.
 */
export function subjectStanding(chapters: readonly ChapterEvidence[], studentPrior: Belief = STUDENT_PRIOR): SubjectStanding {
  const obs = chapters.map((c) => observations(c.evidence));
  const gradedAnswers = obs.reduce((n, o) => n + o.gradedAnswers, 0);
  const counts = drawCounts(
    chapters.map((c) => ({ id: c.id, weight: chapterWeight(c.priority), available: c.examDifficulties.length })),
    EXPECTED_EXAM_SIZE,
  );
  const examCounts = chapters.map((c) => counts.get(c.id) ?? 0);
  const total = examCounts.reduce((n, k) => n + k, 0);
  const tested = obs.map((o) => o.gradedAnswers > 0);
  const testedShare = total > 0 ? examCounts.reduce((n, k, i) => n + (tested[i] ? k : 0), 0) / total : 0;
  const untestedCoverage = total > 0 ? coverageWeight(testedShare) : 1;
  // what is uncertain of her ability over the subject (logits²): shared by every chapter that borrows it
  const shared = estimateAbility(studentPrior, obs.flatMap((o) => o.graded)).variance;
  const unshown = obs.map(() => ({ graded: [], self: [], gradedAnswers: 0 }));
  const standings = chapters.map((c, i) => {
    const own = obs[i]!;
    const difficulties = c.examDifficulties.length > 0 ? c.examDifficulties : [DIFFICULTY_BY_PRIORITY[c.priority] ?? 0];
    // a chapter she answered in is one she worked on, like her other tested ones; an untested one is
    // like them as far as the exam she has shown can say (coverageWeight)
    const coverage = tested[i] ? 1 : untestedCoverage;
    // like her other chapters (borrowed) or not studied (the prior alone)
    const like = abilityIn(obs, i, studentPrior);
    const onLike = onExam(like, difficulties);
    const alone = coverage < 1 ? abilityIn(unshown.map((u, j) => (j === i ? own : u)), i, studentPrior) : like;
    const onAlone = coverage < 1 ? onExam(alone, difficulties) : onLike;
    const p = coverage * onLike.p + (1 - coverage) * onAlone.p;
    // its variance in probability²: the chapter's own part (independent of the other chapters) and the rest (shared)
    const common = Math.min(shared, like.variance);
    const apart = coverage * onLike.slope ** 2 * (like.variance - common);
    const variance = coverage * onLike.slope ** 2 * like.variance + (1 - coverage) * onAlone.slope ** 2 * alone.variance + coverage * (1 - coverage) * (onLike.p - onAlone.p) ** 2;
    const ability: Belief = {
      mean: coverage * like.mean + (1 - coverage) * alone.mean,
      variance: coverage * like.variance + (1 - coverage) * alone.variance + coverage * (1 - coverage) * (like.mean - alone.mean) ** 2,
    };
    const standing: ChapterStanding = { id: c.id, probability: own.gradedAnswers > 0 ? p : null, estimate: p, ability, gradedAnswers: own.gradedAnswers };
    return { standing, together: Math.sqrt(Math.max(0, variance - apart)), apart };
  });
  let expectedGrade: ExpectedGrade | null = null;
  let share = 0;
  if (total > 0) {
    // the grade's variance: the square of the shared parts' sum plus the sum of the own parts' squares
    let together = 0;
    let apart = 0;
    standings.forEach((s, i) => {
      const w = examCounts[i]! / total;
      share += w * s.standing.estimate;
      together += w * s.together;
      apart += w * w * s.apart;
    });
    const sd = Math.sqrt(together ** 2 + apart);
    const clampGrade = (g: number) => Math.min(10, Math.max(MIN_GRADE, g));
    // Never a passing grade without a graded answer (the prior and self-reports alone stay below 5.5),
    // nor while most of the exam is untested: then the grade stays below passing, its range does not
    // (what she may get once she shows the rest).
    const failing = round1(PASSING_GRADE - 0.1);
    const cap = gradedAnswers > 0 ? 10 : failing;
    const held = testedShare < MIN_TESTED_SHARE ? failing : 10;
    const grade = Math.min(cap, held, round1(clampGrade(10 * share)));
    expectedGrade = {
      grade,
      low: Math.min(grade, round1(clampGrade(10 * (share - GRADE_RANGE_Z * sd)))),
      high: Math.min(cap, Math.max(grade, round1(clampGrade(10 * (share + GRADE_RANGE_Z * sd))))),
    };
    // the expected share right (readiness) says no more than the grade it stands for
    share = Math.min(share, held / 10);
  }
  return {
    chapters: standings.map((s) => s.standing),
    probability: gradedAnswers > 0 && total > 0 ? share : null,
    expectedGrade,
    gradedAnswers,
  };
}

const percent = (p: number) => Math.round(100 * p);

/** A chapter's probability as a whole percentage 0..100, or null ("nog niet getoetst"). */
export const readinessPercent = (p: number | null): number | null => (p === null ? null : percent(p));

/** The Dutch sentence behind a chapter's figure, e.g. "Hoofdstuk 3: 4 van de 6 vragen goed, 68 % kans op een goed antwoord". */
export function standingReason(c: { number: number; probability: number | null; questionCount: number; questionsCorrect: number }): string {
  if (c.probability === null) return `Hoofdstuk ${c.number}: nog niet getoetst`;
  const parts: string[] = [];
  if (c.questionCount > 0) parts.push(c.questionsCorrect >= c.questionCount ? `alle ${c.questionCount} vragen goed` : `${c.questionsCorrect} van de ${c.questionCount} vragen goed`);
  parts.push(`${percent(c.probability)} % kans op een goed antwoord`);
  return `Hoofdstuk ${c.number}: ${parts.join(', ')}`;
}
