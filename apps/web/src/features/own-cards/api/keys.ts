/** Query keys of her own cards, in one place so commands can update and invalidate them. */
export const ownCardKeys = {
  all: ['own-cards'] as const,
  sets: () => ['own-cards', 'sets'] as const,
  /** under sets(): invalidated with her list */
  subjectSets: (subjectId: string) => ['own-cards', 'sets', { subjectId }] as const,
  /** under sets(): her sets in one of her own courses (issue 41) */
  courseSets: (courseId: string) => ['own-cards', 'sets', { courseId }] as const,
  set: (setId: string) => ['own-cards', 'set', setId] as const,
  shared: (token: string) => ['own-cards', 'shared', token] as const,
};
