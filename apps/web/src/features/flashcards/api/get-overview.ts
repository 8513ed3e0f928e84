import { queryOptions, useQuery } from '@tanstack/react-query';
import { FlashcardOverviewSchema } from '@blok/contract/flashcards';
import { api } from '../../../lib/api-client.ts';
import { flashcardKeys } from './keys.ts';
import { timeZone } from '../utils/time-zone.ts';

/** GET flashcard-sets?subjectId=: the sets with counts and her progress, favorites and (FSRS) what is due. */
export const getOverview = (subjectId: string, signal?: AbortSignal) =>
  api.get(`flashcard-sets?subjectId=${encodeURIComponent(subjectId)}&timeZone=${encodeURIComponent(timeZone())}`, FlashcardOverviewSchema, {
    signal,
    skipErrorPopup: true,
  });

export const overviewQueryOptions = (subjectId: string) =>
  queryOptions({
    queryKey: flashcardKeys.overview(subjectId),
    queryFn: ({ signal }) => getOverview(subjectId, signal),
    staleTime: 0,
  });

export const useFlashcardOverview = (subjectId: string) => useQuery(overviewQueryOptions(subjectId));
