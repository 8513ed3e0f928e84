import { StudioCheckSchema, type StudioDocument } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

/** POST studio/subjects/{id}/check: the importer's checks on the document as she types; writes nothing. */
export const checkDraft = (document: StudioDocument, signal?: AbortSignal) =>
  api.post(`studio/subjects/${encodeURIComponent(document.id)}/check`, { document }, StudioCheckSchema, { signal, skipErrorPopup: true });
