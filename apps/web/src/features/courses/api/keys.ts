/** Query keys of her own courses, in one place so commands can update and invalidate them. */
export const courseKeys = {
  all: ['courses'] as const,
  list: () => ['courses', 'list'] as const,
  course: (id: string) => ['courses', 'course', id] as const,
  standing: (id: string) => ['courses', 'standing', id] as const,
  pages: (courseId: string, fileId: string) => ['courses', 'pages', courseId, fileId] as const,
  search: (query: string) => ['courses', 'search', query] as const,
};
