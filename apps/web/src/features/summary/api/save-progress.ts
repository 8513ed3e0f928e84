import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SavedReadingProgressSchema, type ChapterContent, type SaveReadingProgressBody } from '@blok/contract/library';
import { api } from '../../../lib/api-client.ts';
import { chapterQueryKey } from './get-chapter.ts';

/** PUT summaries/{id}/progress: saves her place (chapter and position 0..1). */
export const saveProgress = (summaryId: string, body: SaveReadingProgressBody) =>
  api.put(`summaries/${encodeURIComponent(summaryId)}/progress`, body, SavedReadingProgressSchema, { skipErrorPopup: true });

/** Saves in the background; keeps the cached chapter's position current for the next visit. */
export const useSaveProgress = (summaryId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveReadingProgressBody) => saveProgress(summaryId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData<ChapterContent>(chapterQueryKey(summaryId, saved.chapterId), (old) =>
        old ? { ...old, position: saved.position, isRead: saved.isRead } : old,
      );
    },
  });
};
