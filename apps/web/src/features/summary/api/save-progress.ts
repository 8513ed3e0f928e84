import { SavedReadingProgressSchema, type SaveReadingProgressBody } from '@blok/contract/library';
import { api } from '../../../lib/api-client.ts';

/**
 * PUT summaries/{id}/progress: saves her place (chapter and position 0..1). Called in the
 * background by the reader (hooks/use-reading-position.ts), also while it unmounts, so it is a
 * plain function rather than a mutation hook.
 */
export const saveProgress = (summaryId: string, body: SaveReadingProgressBody) =>
  api.put(`summaries/${encodeURIComponent(summaryId)}/progress`, body, SavedReadingProgressSchema, { skipErrorPopup: true });
