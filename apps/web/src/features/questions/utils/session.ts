import type { SessionOverview, SessionQuestion, SessionStep } from '@blok/contract/questions';
import { QUESTION_STATUS } from '@blok/domain/status';

/** An open answer waiting for her own assessment. */
export const isInReview = (question: SessionQuestion): boolean => question.type === 'OPEN' && question.isCorrect === QUESTION_STATUS.review;

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
