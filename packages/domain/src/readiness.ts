// Readiness for an exam, per chapter and per subject (issue 27, decision 021). Pure: the API computes
// it from the per-chapter aggregates it keeps, the web app may recompute it offline, tests pin it.

/** Weights of the three parts of a chapter's readiness; a part the chapter does not have drops out. */
export const READINESS_WEIGHTS = { reading: 0.2, questions: 0.45, cards: 0.35 } as const;

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

/** What is known of one chapter: its content and her aggregates. */
export interface ChapterStanding {
  /** 1-based position of the chapter within the subject ("Hoofdstuk 3") */
  number: number;
  /** 1 high, 2 medium, 3 low priority for the exam */
  priority: number;
  /** she read the chapter (reading progress) */
  read: boolean;
  /** practice questions of the chapter (content) */
  questionCount: number;
  /** sum of questionValue over the questions she answered */
  questionPoints: number;
  /** questions whose latest answer was correct */
  questionsCorrect: number;
  /** flashcards of the chapter (content) */
  cardCount: number;
  /** cards whose latest verdict was 'Wist ik' */
  cardsKnown: number;
  /**
   * With spaced repetition on: the mean FSRS retrievability over the chapter's cards (a card never
   * reviewed counts 0) today and on the exam date (null without a date). Null with it off.
   */
  retention: { today: number; onExam: number | null } | null;
  /**
   * Her own flashcards linked to the chapter (issue 28): how many and how many she knows by her
   * latest verdict. They count in the cards part beside the chapter's cards, by their verdict also
   * with spaced repetition on. Absent: none.
   */
  ownCards?: { count: number; known: number };
}

export interface ChapterReadiness {
  /** 0..100 */
  readiness: number;
  parts: { reading: number; questions: number | null; cards: number | null };
  /** Dutch: why, e.g. "Hoofdstuk 3: 2 van de 5 vragen goed, 12 kaarten nog niet gekend" */
  reason: string;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

const ownOf = (c: ChapterStanding) => ({ count: Math.max(0, c.ownCards?.count ?? 0), known: Math.min(Math.max(0, c.ownCards?.count ?? 0), Math.max(0, c.ownCards?.known ?? 0)) });

/**
 * One chapter's readiness, 0..100: reading (read or not) 20 %, practice questions 45 % (the mean
 * question value over all its questions: unanswered ones count 0), flashcards 35 % (known / all; with
 * spaced repetition the mean retrievability on the exam date, or today without a date). Her own cards
 * linked to the chapter join the cards part: (value of the chapter's cards + her own cards known) /
 * (the chapter's cards + her own cards). A part the chapter has no content for drops out and the
 * others share its weight.
 */
export function chapterReadiness(c: ChapterStanding): ChapterReadiness {
  const reading = c.read ? 1 : 0;
  const questions = c.questionCount > 0 ? clamp01(c.questionPoints / c.questionCount) : null;
  const own = ownOf(c);
  let cards: number | null = null;
  if (c.cardCount + own.count > 0) {
    const content = c.cardCount === 0 ? 0 : c.retention ? clamp01(c.retention.onExam ?? c.retention.today) : clamp01(c.cardsKnown / c.cardCount);
    cards = clamp01((content * c.cardCount + own.known) / (c.cardCount + own.count));
  }
  let weight = READINESS_WEIGHTS.reading;
  let sum = READINESS_WEIGHTS.reading * reading;
  if (questions !== null) {
    weight += READINESS_WEIGHTS.questions;
    sum += READINESS_WEIGHTS.questions * questions;
  }
  if (cards !== null) {
    weight += READINESS_WEIGHTS.cards;
    sum += READINESS_WEIGHTS.cards * cards;
  }
  return { readiness: Math.round((100 * sum) / weight), parts: { reading, questions, cards }, reason: readinessReason(c) };
}

/** The Dutch sentence behind a chapter's figure. */
export function readinessReason(c: ChapterStanding): string {
  const parts: string[] = [c.read ? 'gelezen' : 'nog niet gelezen'];
  if (c.questionCount > 0) {
    parts.push(c.questionsCorrect >= c.questionCount ? `alle ${c.questionCount} vragen goed` : `${c.questionsCorrect} van de ${c.questionCount} vragen goed`);
  }
  const own = ownOf(c);
  if (c.cardCount + own.count > 0) {
    const unknown = Math.max(0, c.cardCount - c.cardsKnown) + Math.max(0, own.count - own.known);
    parts.push(unknown === 0 ? 'alle kaarten gekend' : `${unknown} ${unknown === 1 ? 'kaart' : 'kaarten'} nog niet gekend`);
  }
  return `Hoofdstuk ${c.number}: ${parts.join(', ')}`;
}

/** A chapter's weight in the subject's figure: high priority 3, medium 2, low 1. */
export const priorityWeight = (priority: number) => Math.max(1, 4 - priority);

/** The subject's readiness, 0..100: the chapters' figures weighted by their exam priority. */
export function subjectReadiness(chapters: ReadonlyArray<{ readiness: number; priority: number }>): number {
  let weight = 0;
  let sum = 0;
  for (const c of chapters) {
    const w = priorityWeight(c.priority);
    weight += w;
    sum += w * c.readiness;
  }
  return weight === 0 ? 0 : Math.round(sum / weight);
}
