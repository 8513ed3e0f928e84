import { StudioImageSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

/** POST studio/subjects/{id}/images with the file itself as the body (png, jpg or webp, at most 5 MB). */
export const uploadImage = (subjectId: string, file: File) =>
  api.post(`studio/subjects/${encodeURIComponent(subjectId)}/images`, file, StudioImageSchema, { skipErrorPopup: true });
