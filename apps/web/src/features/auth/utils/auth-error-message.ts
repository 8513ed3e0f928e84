import type { TFunction } from 'i18next';
import { MAX_PASSWORD_LENGTH } from '@blok/contract/auth-constants';
import { ApiError } from '../../../lib/api-error.ts';

/** Auth error codes with their own text in the spec's catalogue (section 8). */
export const AUTH_ERROR_CODES = ['invalid_credentials', 'email_already_exist', 'invalid_password_length', 'invalid_email', 'weak_password', 'password_too_long'] as const;
type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

const isAuthErrorCode = (code: string): code is AuthErrorCode => (AUTH_ERROR_CODES as readonly string[]).includes(code);

/**
 * The text shown under the password field for a failed login or registration: the catalogue
 * text for known codes, the server's own (Dutch) description for rate limiting, and the generic
 * server error for anything else.
 */
export function authErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  if (error instanceof ApiError) {
    if (error.code === 'password_too_long') return t('errors.password_too_long', { max: MAX_PASSWORD_LENGTH });
    if (isAuthErrorCode(error.code)) return t(`errors.${error.code}`);
    if (error.code === 'too_many_requests' && error.description) return error.description;
  }
  return t('errors.server');
}
