import { useLibrary } from '../../../features/library/api/get-library.ts';
import type { SubjectOption } from '../../../features/own-cards/components/own-sets.tsx';

const NONE: readonly SubjectOption[] = [];

/** Her library's subjects, the places a set of her own can be in (the library feature's call). */
export function useSubjectOptions(): readonly SubjectOption[] {
  const library = useLibrary();
  return library.data?.subjects.map((s) => ({ id: s.id, title: s.title })) ?? NONE;
}
