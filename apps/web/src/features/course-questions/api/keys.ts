/** Query keys of her own questions, in one place so commands can update and invalidate them. */
export const courseQuestionKeys = {
  all: ['course-questions'] as const,
  list: (courseId: string) => ['course-questions', courseId] as const,
};
