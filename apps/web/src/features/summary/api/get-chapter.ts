import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChapterContentSchema } from '@blok/contract/library';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/**
 * GET summaries/{id}/chapters/{chapterId}: one chapter's sanitized HTML. A premium chapter
 * without a subscription answers 403 premium_required, which the reader shows as a paywall
 * (so no global error popup).
 */
export const getChapter = (summaryId: string, chapterId: string, signal?: AbortSignal) =>
  api.get(`summaries/${encodeURIComponent(summaryId)}/chapters/${encodeURIComponent(chapterId)}`, ChapterContentSchema, {
    signal,
    skipErrorPopup: true,
  });

export const chapterQueryKey = (summaryId: string, chapterId: string) => ['summaries', summaryId, 'chapters', chapterId] as const;

export const chapterQueryOptions = (summaryId: string, chapterId: string) =>
  queryOptions({
    queryKey: chapterQueryKey(summaryId, chapterId),
    queryFn: ({ signal }) => getChapter(summaryId, chapterId, signal),
  });

export const useChapter = (summaryId: string, chapterId: string | undefined) =>
  useQuery({ ...chapterQueryOptions(summaryId, chapterId ?? ''), enabled: Boolean(chapterId) });

export const isPremiumRequired = (error: unknown): boolean => error instanceof ApiError && error.code === 'premium_required';
