import { SavedReadingProgressSchema, type SaveReadingProgressBody } from '@blok/contract/library';
import { sendThroughOutbox } from '../../../lib/offline/outbox.ts';

/**
 * PUT summaries/{id}/progress: saves her place (chapter and position 0..1). Called in the
 * background by the reader (hooks/use-reading-position.ts), also while it unmounts, so it is a
 * plain function rather than a mutation hook. Through the outbox (decision 013): offline the
 * newest place per chapter waits there and resolves 'queued'.
 */
export const saveProgress = (summaryId: string, body: SaveReadingProgressBody) =>
  sendThroughOutbox(
    {
      kind: 'progress',
      method: 'PUT',
      path: `summaries/${encodeURIComponent(summaryId)}/progress`,
      body,
      coalesceKey: `progress:${summaryId}:${body.chapterId}`,
    },
    SavedReadingProgressSchema,
  );
