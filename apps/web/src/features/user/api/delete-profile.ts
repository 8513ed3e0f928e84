import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE user/profile: deletes the account and everything personal (answers 204). */
export const deleteProfile = () => api.delete<void>('user/profile', null, { skipErrorPopup: true });

export const useDeleteProfile = (options: { onSuccess?: () => void } = {}) =>
  useMutation({ mutationFn: deleteProfile, onSuccess: options.onSuccess });
