import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@blok/contract/user';
import { api } from '../../../lib/api-client.ts';

/** DELETE user/profile with her password: deletes the account and everything personal (answers 204). */
export const deleteProfile = (body: DeleteAccountBody) => api.delete<void>('user/profile', null, { body, skipErrorPopup: true });

export const useDeleteProfile = (options: { onSuccess?: () => void } = {}) => useMutation({ mutationFn: deleteProfile, onSuccess: options.onSuccess });
