// Where she stands in a course of her own (issue 41, decision 049): the probability that she answers
// a question of its exam right, and the grade she can expect, from the same evidence and the same
// Rasch model as Blok's subjects (decisions 035, 046; ./standing.ts), read for a course that has no
// chapters and no other students.
//
// Evidence is what the app judged: her own questions' verdicts (right 1, partly 0,5 or the grader's
// finer score, wrong 0; 'own-question', weight 0,8) and her typed card answers in the course's sets
// ('card-typed', 0,8), each halved every 60 days; a "Wist ik" or a review rating is self-report
// (0,2, a week's half-life, all together at most 0,25), as in Blok. Reading is no evidence.
//
// Coverage is honest as decision 046 is: her course is made of the material she brought (her PDFs'
// pages, her questions, her cards). The share of it she worked through (pages read, questions
// answered, cards answered or reviewed; each kind she has an equal part) says how far what her
// graded answers show may speak for the whole course. The rest stands at the cautious student prior
// as far as coverageWeight says it is unlike what she showed. Below half of it worked through, the
// expected grade is not a passing one (MIN_TESTED_SHARE), as for Blok's subjects.
import { EVIDENCE_WEIGHTS, clampScore, isGraded } from './evidence.ts';
import { MIN_GRADE, PASSING_GRADE } from './grade.ts';
import { estimateAbility, type Belief, type Observation, predictRight } from './rasch.ts';
import { GRADE_RANGE_Z, MIN_TESTED_SHARE, SELF_REPORT_CAP, STUDENT_PRIOR, coverageWeight, evidenceWeight, type EvidenceItem, type ExpectedGrade } from './standing.ts';

/**
 * The difficulty of an item of her own (logits): an average question. Nobody else answers her
 * questions or cards, so no difficulty is learnt (her own answers would teach it against herself).
 */
export const OWN_ITEM_DIFFICULTY = 0;

/** What her course holds and how much of it she worked through. */
export interface CourseMaterial {
  /** her questions in the course, and those whose latest answer (since written or changed) the app graded */
  questions: number;
  questionsAnswered: number;
  /** the cards in the course's sets, and those she answered or reviewed at least once */
  cards: number;
  cardsWorked: number;
  /** the pages of her PDFs in the course, and those she read (decision 039's addendum) */
  pages: number;
  pagesRead: number;
}

export interface CourseStandingInput extends CourseMaterial {
  /** her latest answer per item: questions and cards, graded or self-report (difficulty is ignored: OWN_ITEM_DIFFICULTY) */
  evidence: readonly Omit<EvidenceItem, 'difficulty'>[];
}

export interface CourseStanding {
  /** 0..1: the expected share right on an exam of the course; null without a graded answer ("nog niet getoetst") */
  probability: number | null;
  /** the same, also without a graded answer (the prior and self-reports): never a passing share without one */
  estimate: number;
  /** the grade she can expect with its 80 % range; null without a graded answer */
  expectedGrade: ExpectedGrade | null;
  /** 0..1: the share of her material she worked through */
  coverage: number;
  gradedAnswers: number;
  /** her ability (logits) from her evidence */
  ability: Belief;
}

/** 0..1: the share of her material she worked through, each kind she has (pages, questions, cards) an equal part. */
export function courseCoverage(m: CourseMaterial): number {
  const parts: number[] = [];
  const share = (done: number, all: number) => Math.min(1, Math.max(0, done) / all);
  if (m.pages > 0) parts.push(share(m.pagesRead, m.pages));
  if (m.questions > 0) parts.push(share(m.questionsAnswered, m.questions));
  if (m.cards > 0) parts.push(share(m.cardsWorked, m.cards));
  return parts.length === 0 ? 0 : parts.reduce((a, b) => a + b, 0) / parts.length;
}

/** Her graded observations and her self-reports, the latter scaled to SELF_REPORT_CAP together (as ./standing.ts does per chapter). */
function observationsOf(evidence: CourseStandingInput['evidence']): { observations: Observation[]; graded: number } {
  const graded: Observation[] = [];
  const self: Observation[] = [];
  for (const e of evidence) {
    if (EVIDENCE_WEIGHTS[e.source] === undefined) continue;
    const o = { score: clampScore(e.score), weight: evidenceWeight(e.source, e.ageDays), difficulty: OWN_ITEM_DIFFICULTY };
    (isGraded(e.source) ? graded : self).push(o);
  }
  const selfWeight = self.reduce((n, o) => n + o.weight, 0);
  if (selfWeight > SELF_REPORT_CAP) for (const o of self) o.weight *= SELF_REPORT_CAP / selfWeight;
  return { observations: [...graded, ...self], graded: graded.length };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The probability of a right answer on an average item of hers and its slope in her ability. */
function onItem(ability: Belief): { p: number; slope: number } {
  const p = predictRight(ability, OWN_ITEM_DIFFICULTY);
  return { p, slope: (p * (1 - p)) / Math.sqrt(1 + (Math.PI * ability.variance) / 8) };
}

/**
 * Where she stands in a course of her own. Her ability is estimated from her evidence (Rasch on the
 * cautious student prior, each answer weighted by source and age). The material she worked through
 * (coverage s) is as her answers show; the rest is like it with probability c = coverageWeight(s),
 * else unstudied at the student prior alone, mixed in probability: the share right is
 * (s + (1 − s)c) × p(shown) + (1 − s)(1 − c) × p(prior). Its range is the mixture's spread. Without
 * a graded answer there is no figure; below half of her material worked through, no passing grade.
 */
export function courseStanding(input: CourseStandingInput, studentPrior: Belief = STUDENT_PRIOR): CourseStanding {
  const { observations, graded } = observationsOf(input.evidence);
  const coverage = courseCoverage(input);
  const shown = estimateAbility(studentPrior, observations);
  const onShown = onItem(shown);
  const onPrior = onItem(studentPrior);
  const like = coverage + (1 - coverage) * coverageWeight(coverage);
  const unlike = 1 - like;
  let share = like * onShown.p + unlike * onPrior.p;
  const variance = like * onShown.slope ** 2 * shown.variance + unlike * onPrior.slope ** 2 * studentPrior.variance + like * unlike * (onShown.p - onPrior.p) ** 2;
  const sd = Math.sqrt(variance);
  const failing = round1(PASSING_GRADE - 0.1);
  const held = graded === 0 || coverage < MIN_TESTED_SHARE ? failing : 10;
  const clampGrade = (g: number) => Math.min(10, Math.max(MIN_GRADE, g));
  const grade = Math.min(held, round1(clampGrade(10 * share)));
  const expectedGrade: ExpectedGrade = {
    grade,
    low: Math.min(grade, round1(clampGrade(10 * (share - GRADE_RANGE_Z * sd)))),
    high: Math.min(graded === 0 ? failing : 10, Math.max(grade, round1(clampGrade(10 * (share + GRADE_RANGE_Z * sd))))),
  };
  // the expected share right says no more than the grade it stands for
  share = Math.min(share, held / 10);
  return {
    probability: graded > 0 ? share : null,
    estimate: share,
    expectedGrade: graded > 0 ? expectedGrade : null,
    coverage,
    gradedAnswers: graded,
    ability: shown,
  };
}
