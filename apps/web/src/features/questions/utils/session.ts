import { LOCKED_STATUSES, type SessionOverview, type SessionQuestion, type SessionStep } from '@blok/contract/questions';

/** How a question ended, for icons, colours and texts. */
export type StatusKind = 'correct' | 'partial' | 'wrong' | 'open';

/** 1 correct, 2 partially correct, 0 wrong; -1, 3 and 4 are still open (not answered, skipped, review). */
export function statusKind(status: number): StatusKind {
  if (status === 1) return 'correct';
  if (status === 2) return 'partial';
  if (status === 0) return 'wrong';
  return 'open';
}

/** Answered and locked (0, 1, 2, or an open answer in review). */
export const isLocked = (status: number): boolean => LOCKED_STATUSES.includes(status);

/** An open answer waiting for her own assessment. */
export const isInReview = (question: SessionQuestion): boolean => question.type === 'OPEN' && question.isCorrect === 4;

/** Puts an evaluated question into the cached overview (the server's refetch follows). */
export function mergeQuestion(overview: SessionOverview, question: SessionQuestion): SessionOverview {
  const questions = overview.questions.map((q) => (q.questionIndex === question.questionIndex ? question : q));
  const current = overview.question?.questionIndex === question.questionIndex ? question : overview.question;
  return { ...overview, questions, question: current };
}

/** Puts a navigation step into the cached overview (the server's refetch follows). */
export function mergeStep(overview: SessionOverview, step: SessionStep): SessionOverview {
  const merged: SessionOverview = {
    ...overview,
    currentIndex: step.currentIndex,
    questionsCount: step.questionsCount,
    progress: step.progress,
    skippedMode: step.skippedMode,
    reviewIndex: step.reviewIndex,
    finished: step.finished,
    question: step.question,
  };
  return step.question ? mergeQuestion(merged, step.question) : merged;
}

/** Questions still to answer: not answered, skipped or awaiting review. */
export const openQuestionCount = (overview: Pick<SessionOverview, 'skippedAnswers' | 'reviewAnswers' | 'unansweredAnswers'>): number =>
  overview.skippedAnswers + overview.reviewAnswers + overview.unansweredAnswers;
