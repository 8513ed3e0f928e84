/** Query keys of the questions feature, in one place so mutations can update and invalidate them. */
export const questionKeys = {
  all: ['questions'] as const,
  lists: (subjectId: string) => ['questions', 'lists', subjectId] as const,
  list: (listId: string) => ['questions', 'list', listId] as const,
  session: (sessionId: string) => ['questions', 'session', sessionId] as const,
  summarySession: (listId: string) => ['questions', 'summary-session', listId] as const,
};
