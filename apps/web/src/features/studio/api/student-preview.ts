import { StudentPreviewSchema, type StudioDocument } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

export type AudienceChoice = { university: string; study: string; year: string };

/** POST studio/subjects/{id}/student-preview: the document as a student of that university, study and year sees it; writes nothing. */
export const getStudentPreview = (document: StudioDocument, choice: AudienceChoice, signal?: AbortSignal) =>
  api.post(`studio/subjects/${encodeURIComponent(document.id)}/student-preview`, { document, ...choice }, StudentPreviewSchema, { signal, skipErrorPopup: true });
