// What a graded answer is (issues 39 and 40): the one notion of evidence that readiness, the expected
// grade, the plan and item statistics read. Pure: the API records it, the web app may read it offline.
//
// A graded answer is an answer the app (not the student) judged: a practice question of any type
// (multiple choice, typed, numeric, ordering, matching, cloze), a mock exam answer, a typed or checked
// flashcard answer, and her answer to one of her own questions. A self-assessed open answer, a
// "Wist ik" on a card, reading a chapter and scrolling are not graded: they may count as weak evidence
// (self-report) or as a prerequisite of the plan (reading), never as knowledge.

/** Where a graded answer was given; the source sets how strong the evidence is (see EVIDENCE_WEIGHTS). */
export const EVIDENCE_SOURCES = ['practice', 'mock-exam', 'card-typed', 'own-question', 'self-report'] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];

/** The question types of practice, mock exams and her own questions (issue 40). */
export const QUESTION_TYPES = ['choice', 'open', 'typed', 'numeric', 'ordering', 'matching', 'cloze'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Question types whose answer the app judges itself: an answer to one is graded evidence. */
export const GRADED_TYPES: readonly QuestionType[] = ['choice', 'typed', 'numeric', 'ordering', 'matching', 'cloze'];

/** One graded answer: who answered which item of which chapter, how well, when, and where. */
export interface GradedAnswer {
  userId: string;
  subjectId: string;
  /** null: an item of the subject that belongs to no chapter */
  chapterId: string | null;
  /** the question, card or own question */
  itemId: string;
  source: EvidenceSource;
  /** 0..1: 1 right, 0 wrong, in between for a partly right answer (a multi-answer question, an ordering half right) */
  score: number;
  /** ISO-8601 time of the answer */
  at: string;
}

/**
 * How much one answer of a source counts against one practice answer. Answers under exam
 * conditions are strong evidence; a self-reported "Wist ik" is weak and decays unless a graded
 * answer confirms it (issue 39). Tuned by the calibration simulation, recorded in the decision.
 */
export const EVIDENCE_WEIGHTS: Record<EvidenceSource, number> = {
  practice: 1,
  'mock-exam': 1.5,
  'card-typed': 0.8,
  'own-question': 0.8,
  'self-report': 0.2,
};

/** Whether an answer of this source is graded (judged by the app), not self-reported. */
export function isGraded(source: EvidenceSource): boolean {
  return source !== 'self-report';
}

/** Clamps a score to 0..1 (a partly right answer in between). */
export function clampScore(score: number): number {
  return Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0;
}
