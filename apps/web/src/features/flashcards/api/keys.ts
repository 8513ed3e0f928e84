/** Query keys of the flashcards feature, in one place so mutations can update and invalidate them. */
export const flashcardKeys = {
  all: ['flashcards'] as const,
  overview: (subjectId: string) => ['flashcards', 'overview', subjectId] as const,
  session: (sessionId: string) => ['flashcards', 'session', sessionId] as const,
};
