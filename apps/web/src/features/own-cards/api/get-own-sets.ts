import { queryOptions, useQuery } from '@tanstack/react-query';
import { OwnSetListSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { ownCardKeys } from './keys.ts';

/** GET own-flashcard-sets: her sets in her order with their counts, and her limits. */
export const getOwnSets = (signal?: AbortSignal) => api.get('own-flashcard-sets', OwnSetListSchema, { signal, skipErrorPopup: true });

export const ownSetsQueryOptions = () => queryOptions({ queryKey: ownCardKeys.sets(), queryFn: ({ signal }) => getOwnSets(signal), staleTime: 0 });

export const useOwnSets = () => useQuery(ownSetsQueryOptions());

/** GET own-flashcard-sets?subjectId=: her sets in one subject (that subject's flashcards overview). */
export const getOwnSubjectSets = (subjectId: string, signal?: AbortSignal) =>
  api.get(`own-flashcard-sets?subjectId=${encodeURIComponent(subjectId)}`, OwnSetListSchema, { signal, skipErrorPopup: true });

export const ownSubjectSetsQueryOptions = (subjectId: string) =>
  queryOptions({ queryKey: ownCardKeys.subjectSets(subjectId), queryFn: ({ signal }) => getOwnSubjectSets(subjectId, signal), staleTime: 0 });

export const useOwnSubjectSets = (subjectId: string) => useQuery(ownSubjectSetsQueryOptions(subjectId));

/** GET own-flashcard-sets?courseId=: her sets in one of her own courses (issue 41). */
export const getOwnCourseSets = (courseId: string, signal?: AbortSignal) =>
  api.get(`own-flashcard-sets?courseId=${encodeURIComponent(courseId)}`, OwnSetListSchema, { signal, skipErrorPopup: true });

export const useOwnCourseSets = (courseId: string) =>
  useQuery(queryOptions({ queryKey: ownCardKeys.courseSets(courseId), queryFn: ({ signal }) => getOwnCourseSets(courseId, signal), staleTime: 0 }));
