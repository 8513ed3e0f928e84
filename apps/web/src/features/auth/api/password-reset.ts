import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, ResetPasswordBody } from '@blok/contract/password-reset';
import { api } from '../../../lib/api-client.ts';

/** POST auth/forgot-password (202): the same answer whether or not the address has an account. */
export const requestResetLink = (body: ForgotPasswordBody) => api.post<unknown>('auth/forgot-password', body);

/** POST auth/reset-password (204): sets the new password with the link's token, once. */
export const resetPassword = (body: ResetPasswordBody) => api.post<void>('auth/reset-password', body);

export const useRequestResetLink = () => useMutation({ mutationFn: requestResetLink });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
