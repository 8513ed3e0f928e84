import { PreviewSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

/** POST studio/preview: the chapter's Markdown rendered by the reader's own renderer (the import's). */
export const previewChapter = (subjectId: string, markdown: string, signal?: AbortSignal) =>
  api.post('studio/preview', { subjectId, markdown }, PreviewSchema, { signal, skipErrorPopup: true });
