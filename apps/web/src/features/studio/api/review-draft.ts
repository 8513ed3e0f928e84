import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StudioDraftSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';
import { draftQueryKey } from './get-draft.ts';
import { releasesQueryKey } from './get-releases.ts';

export type ReviewStep = { subjectId: string } & ({ step: 'submit' } | { step: 'send-back'; comment: string } | { step: 'publish' } | { step: 'roll-back'; release: number });

/**
 * POST studio/subjects/{id}/submit, /send-back, /publish or /releases/{n}/roll-back: one step of
 * the review; the answer is the draft as it then stands.
 */
export const reviewDraft = (input: ReviewStep) => {
  const base = `studio/subjects/${encodeURIComponent(input.subjectId)}`;
  if (input.step === 'send-back') return api.post(`${base}/send-back`, { comment: input.comment }, StudioDraftSchema, { skipErrorPopup: true });
  if (input.step === 'roll-back') return api.post(`${base}/releases/${input.release}/roll-back`, undefined, StudioDraftSchema, { skipErrorPopup: true });
  return api.post(`${base}/${input.step}`, undefined, StudioDraftSchema, { skipErrorPopup: true });
};

export const useReviewDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewDraft,
    onSuccess: async (draft) => {
      queryClient.setQueryData(draftQueryKey(draft.subjectId), draft);
      await queryClient.invalidateQueries({ queryKey: releasesQueryKey(draft.subjectId) });
    },
  });
};
