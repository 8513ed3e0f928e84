import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StudioDraftSchema, type StudioDocument } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';
import { draftQueryKey } from './get-draft.ts';

/** PUT studio/subjects/{id}/draft: saves the draft as written (problems and all). */
export const saveDraft = (document: StudioDocument) =>
  api.put(`studio/subjects/${encodeURIComponent(document.id)}/draft`, { document }, StudioDraftSchema, { skipErrorPopup: true });

export const useSaveDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDraft, onSuccess: (draft) => queryClient.setQueryData(draftQueryKey(draft.subjectId), draft) });
};
