import type { SessionOverview, SessionQuestion } from '@blok/contract/questions';

/** Builders for component tests: a small session in the contract's shapes. */
export const SESSION_ID = '01900000-0000-7000-8000-000000000001';

export function makeQuestion(index: number, overrides: Partial<SessionQuestion> = {}): SessionQuestion {
  const questionId = `q${index + 1}`;
  return {
    id: `row-${index + 1}`,
    sessionId: SESSION_ID,
    questionIndex: index,
    questionId,
    questionListId: 'lijst-a',
    questionText: `Vraag nummer ${index + 1}?`,
    pictureUrl: null,
    type: 'SELECT',
    multipleAnswers: false,
    answers: ['Eerste', 'Tweede', 'Derde'].map((text, i) => ({
      id: `${questionId}-a${i + 1}`,
      questionId,
      sortIndex: i,
      answerText: `${text} antwoord`,
      isCorrect: null,
      isChecked: false,
      isAnswered: false,
    })),
    interaction: null,
    response: null,
    expected: null,
    userAnswerId: null,
    userAnswerIds: [],
    textAnswer: null,
    isCorrect: -1,
    revealed: false,
    correctAnswerIds: [],
    feedbackText: null,
    feedbackPictureUrl: null,
    modelAnswer: null,
    selfAssessmentModelAnswer: null,
    openQuestions: [],
    changedSinceAnswer: false,
    ...overrides,
  };
}

/** The question after an answer: locked, evaluated and (by default) revealed, first answer correct. */
export function answered(question: SessionQuestion, pickedIds: string[], status: number, revealed = true): SessionQuestion {
  const correct = [question.answers[0]!.id];
  return {
    ...question,
    isCorrect: status,
    revealed,
    userAnswerId: pickedIds[0] ?? null,
    userAnswerIds: pickedIds,
    correctAnswerIds: revealed ? correct : [],
    feedbackText: revealed ? 'Dit is de toelichting bij de vraag.' : null,
    answers: question.answers.map((a) => ({ ...a, isChecked: pickedIds.includes(a.id), isAnswered: true, isCorrect: revealed ? correct.includes(a.id) : null })),
  };
}

export function makeOverview(questions: SessionQuestion[], overrides: Partial<SessionOverview> = {}): SessionOverview {
  const count = (s: number) => questions.filter((q) => q.isCorrect === s).length;
  const currentIndex = overrides.currentIndex ?? 0;
  const finished = currentIndex >= questions.length;
  return {
    sessionId: SESSION_ID,
    currentIndex,
    questionsCount: questions.length,
    progress: finished ? 100 : Math.round((100 * (currentIndex + 1)) / questions.length),
    skippedMode: false,
    reviewIndex: null,
    finished,
    question: finished ? null : questions[currentIndex]!,
    title: 'Grondslagen',
    subjectId: 'vak',
    questionListId: 'lijst-a',
    questionListIds: ['lijst-a'],
    mode: 'recommended',
    showAnswers: true,
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    finishedAt: finished ? '2025-01-01T10:10:00.000Z' : null,
    questions,
    userAnswers: [],
    correctAnswers: count(1),
    partialAnswers: count(2),
    wrongAnswers: count(0),
    skippedAnswers: count(3),
    reviewAnswers: count(4),
    unansweredAnswers: count(-1),
    changedAnswers: 0,
    score: 0,
    grade: null,
    ...overrides,
  };
}
