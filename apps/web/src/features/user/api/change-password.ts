import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@blok/contract/user';
import { api } from '../../../lib/api-client.ts';

/** PUT user/password (204): other devices are signed out, this one stays. */
export const changePassword = (body: ChangePasswordBody) => api.put<void>('user/password', body, null, { skipErrorPopup: true });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
