import { describe, expect, it } from 'vitest';
import { answered, makeOverview, makeQuestion } from '../test-data.ts';
import { assessedOffline, nextStepOffline, openAnswerForReviewOffline, skipStepOffline, withPendingAnswer } from './offline-session.ts';

describe('the practice session offline', () => {
  const questions = [0, 1, 2, 3].map((i) => makeQuestion(i));

  it('moves to the next question not answered with a higher index, passing answered ones', () => {
    const overview = makeOverview([questions[0]!, answered(questions[1]!, [questions[1]!.answers[0]!.id], 1), questions[2]!, questions[3]!], { currentIndex: 0 });
    const step = nextStepOffline(overview);
    expect(step.currentIndex).toBe(2);
    expect(step.question?.questionIndex).toBe(2);
    expect(step.finished).toBe(false);
    expect(step.progress).toBe(75);
  });

  it('reaches the end (progress 100, results) after the last question', () => {
    const step = nextStepOffline(makeOverview(questions, { currentIndex: 3 }));
    expect(step).toMatchObject({ currentIndex: 4, finished: true, progress: 100, question: null, skippedMode: false });
  });

  it('skips the current question as the server would and moves on', () => {
    const step = skipStepOffline(makeOverview(questions, { currentIndex: 1 }));
    expect(step.currentIndex).toBe(2);
  });

  it('shows a queued answer as picked without a verdict', () => {
    const q = questions[0]!;
    const pending = withPendingAnswer(q, [q.answers[1]!.id], undefined);
    expect(pending.answers.map((a) => a.isChecked)).toEqual([false, true, false]);
    expect(pending.userAnswerId).toBe(q.answers[1]!.id);
    expect(pending.isCorrect).toBe(q.isCorrect);
    expect(pending.revealed).toBe(false);
  });

  it('puts an open answer into review with the model answer sent ahead when the server would reveal it now', () => {
    const open = makeQuestion(0, { type: 'OPEN', answers: [], selfAssessmentModelAnswer: 'Model' });
    const review = openAnswerForReviewOffline(makeOverview([open]), open, 'Mijn uitleg');
    expect(review).toMatchObject({ isCorrect: 4, revealed: true, modelAnswer: 'Model', textAnswer: 'Mijn uitleg' });
    expect(assessedOffline(review!, 'goed').isCorrect).toBe(1);
    expect(assessedOffline(review!, 'deels goed').isCorrect).toBe(2);
    expect(assessedOffline(review!, 'fout').isCorrect).toBe(0);
  });

  it('leaves the answer waiting without a model answer when answers are not shown in between, and never for a SELECT question', () => {
    const open = makeQuestion(0, { type: 'OPEN', answers: [], selfAssessmentModelAnswer: 'Model' });
    expect(openAnswerForReviewOffline(makeOverview([open], { showAnswers: false }), open, 'x')).toBeNull();
    const select = makeQuestion(1);
    expect(openAnswerForReviewOffline(makeOverview([select]), select, 'x')).toBeNull();
    const notSent = { ...open, selfAssessmentModelAnswer: null };
    expect(openAnswerForReviewOffline(makeOverview([notSent]), notSent, 'x')).toBeNull();
  });
});
