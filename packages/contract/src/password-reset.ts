import { z } from 'zod/mini';
import { MAX_PASSWORD_INPUT_LENGTH } from './auth-constants.ts';

/** A reset link is valid this long, and only once. */
export const PASSWORD_RESET_TTL_SECONDS = 3600;

/** POST auth/forgot-password: always answers 202, whether or not the address has an account. */
export const ForgotPasswordBodySchema = z.object({ email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)) });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** POST auth/reset-password: the token from the link, the new password and its confirmation. */
export const ResetPasswordBodySchema = z.object({
  token: z.string().check(z.minLength(20), z.maxLength(128)),
  password: z.string().check(z.minLength(1), z.maxLength(MAX_PASSWORD_INPUT_LENGTH)),
  passwordConfirmation: z.string().check(z.maxLength(MAX_PASSWORD_INPUT_LENGTH)),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const ForgotPasswordResponseSchema = z.object({ sent: z.literal(true) });
