// The counts behind the plan's per-chapter aggregates (issue 27, decision 021) and FSRS retention.
// Readiness itself, the probability of a right exam answer from graded answers only, is
// @blok/domain/standing (decision 035, which replaces 021's weighted formula of reading 20 %,
// questions 45 % and cards 35 %).

/** A question's value counts its latest answer for this much and the answer of the session before for the rest. */
export const LATEST_ANSWER_WEIGHT = 0.7;

/** What one answer to a practice question is worth (statuses of @blok/domain/status). */
export function answerValue(status: number): number {
  if (status === 1) return 1; // correct
  if (status === 2) return 0.5; // partially correct
  return 0; // wrong, skipped, open for review, not answered: not yet known
}

/**
 * The value of one question from her latest answer and, when she answered it in an earlier session
 * too, the one before: recent sessions weigh more (0.7 / 0.3), a single answer counts fully.
 */
export function questionValue(latestStatus: number, previousStatus: number | null): number {
  const latest = answerValue(latestStatus);
  if (previousStatus === null) return latest;
  return LATEST_ANSWER_WEIGHT * latest + (1 - LATEST_ANSWER_WEIGHT) * answerValue(previousStatus);
}

/** FSRS-6's default decay (ts-fsrs `FSRS6_DEFAULT_DECAY`, parameter w20). */
export const FSRS_DEFAULT_DECAY = 0.1542;

/**
 * FSRS-6 retrievability: the probability she recalls a card `elapsedDays` after its last review with
 * stability `stability` (days), R = (1 + factor * t / S) ^ -decay with R(S) = 0.9.
 */
export function retrievability(elapsedDays: number, stability: number, decay = FSRS_DEFAULT_DECAY): number {
  if (!(stability > 0)) return 0;
  const factor = Math.pow(0.9, -1 / decay) - 1;
  return Math.pow(1 + (factor * Math.max(0, elapsedDays)) / stability, -decay);
}
