import { CourseFileReadingSchema } from '@blok/contract/courses';
import { sendThroughOutbox } from '../../../lib/offline/outbox.ts';

/**
 * POST courses/{id}/files/{fileId}/read: pages of her PDF she read (issue 41), sent by the viewer in
 * batches. Through the outbox like a chapter's reading progress (decision 013): offline the batch
 * waits there with its Idempotency-Key and resolves 'queued'; a page reported twice stays read once.
 */
export const markPagesRead = (courseId: string, fileId: string, pages: number[]) =>
  sendThroughOutbox(
    {
      kind: 'progress',
      method: 'POST',
      path: `courses/${encodeURIComponent(courseId)}/files/${encodeURIComponent(fileId)}/read`,
      body: { pages },
    },
    CourseFileReadingSchema,
  );
