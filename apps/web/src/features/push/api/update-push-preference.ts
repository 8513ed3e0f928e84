import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PushPreferenceSchema, type PushPreference } from '@blok/contract/push';
import { api } from '../../../lib/api-client.ts';
import { pushPreferenceQueryOptions } from './get-push-preference.ts';

/** PUT user/push-preference: answers the saved preferences. */
export const updatePushPreference = (body: PushPreference) =>
  api.put<PushPreference>('user/push-preference', body, PushPreferenceSchema, { skipErrorPopup: true });

export const useUpdatePushPreference = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePushPreference,
    onSuccess: (saved) => queryClient.setQueryData(pushPreferenceQueryOptions().queryKey, saved),
  });
};
