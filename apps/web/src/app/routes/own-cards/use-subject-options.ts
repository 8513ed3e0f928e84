import { useMemo } from 'react';
import { useLibrary } from '../../../features/library/api/get-library.ts';
import { useCourses } from '../../../features/courses/api/get-courses.ts';
import type { SubjectOption } from '../../../features/own-cards/components/own-sets.tsx';

/**
 * The places a set of her own can be in: her library's subjects (the library feature's call) and
 * her own courses (the courses feature's, issue 41).
 */
export function useSubjectOptions(): readonly SubjectOption[] {
  const library = useLibrary();
  const courses = useCourses();
  return useMemo(
    () => [
      ...(library.data?.subjects.map((s) => ({ id: s.id, title: s.title, kind: 'subject' as const })) ?? []),
      ...(courses.data?.courses.map((c) => ({ id: c.id, title: c.name, kind: 'course' as const })) ?? []),
    ],
    [library.data, courses.data],
  );
}
