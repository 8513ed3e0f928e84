/** Query keys of the mock exam feature, in one place so mutations can update and invalidate them. */
export const mockExamKeys = {
  all: ['mockexam'] as const,
  overview: (subjectId: string) => ['mockexam', 'overview', subjectId] as const,
  exam: (examId: string) => ['mockexam', 'exam', examId] as const,
};
