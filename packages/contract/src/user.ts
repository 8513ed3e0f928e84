import { z } from 'zod/mini';
import { MAX_PASSWORD_INPUT_LENGTH } from './auth-constants.ts';
import { findFailure } from './validation/engine.ts';

/** Picture shown when the user has none (served by the web app). */
export const DEFAULT_PROFILE_PICTURE_URL = '/images/default-profile.svg';

/** The user profile (spec section 3). */
export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  accountUrl: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  roleId: z.int(),
  profilePictureUrl: z.string(),
  hasSubscription: z.boolean(),
  subscriptionUrl: z.string(),
  createdAt: z.string(),
  university: z.string(),
  study: z.string(),
  year: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * The profile's name rules (spec section 5 rule strings, personName: letters, spaces, dots, hyphens
 * and apostrophes): the form checks them first, the API with the same engine and Dutch messages.
 */
export const PROFILE_NAME_RULES = {
  firstName: 'required|personName|maxLength:50',
  middleName: 'personName|maxLength:20',
  lastName: 'personName|maxLength:80',
} as const;

/** A string field checked by rule strings; a refusal carries the rule's Dutch message. */
const ruled = (fieldName: string, rules: string) =>
  z.string().check(
    z.trim(),
    z.superRefine((value, ctx) => {
      const failure = findFailure(value, rules, { fieldName, locale: 'nl' });
      if (failure) ctx.addIssue({ code: 'custom', message: failure.message, input: value });
    }),
  );

/** PUT user/profile: the name and the study choice (catalogue ids, like registration). */
export const UpdateProfileBodySchema = z.object({
  firstName: ruled('firstName', PROFILE_NAME_RULES.firstName),
  middleName: z._default(ruled('middleName', PROFILE_NAME_RULES.middleName), ''),
  lastName: z._default(ruled('lastName', PROFILE_NAME_RULES.lastName), ''),
  university: z.string().check(z.minLength(1), z.maxLength(100)),
  study: z.string().check(z.minLength(1), z.maxLength(100)),
  year: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/** DELETE user/profile: her password confirms that the account and all her data go (issue 26). */
export const DeleteAccountBodySchema = z.object({
  password: z.string().check(z.minLength(1), z.maxLength(MAX_PASSWORD_INPUT_LENGTH)),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/** Profile picture rules (spec section 5: ext and maxSize), the same in the form and on the server. */
export const PROFILE_PICTURE_RULES = 'required|ext:jpg,jpeg,png,webp|maxSize:5';
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Pictures are stored as a square of this many pixels. */
export const PROFILE_PICTURE_SIZE = 256;

/** PUT user/password: change the password while signed in; other devices are signed out. */
export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string().check(z.minLength(1), z.maxLength(MAX_PASSWORD_INPUT_LENGTH)),
  newPassword: z.string().check(z.minLength(1), z.maxLength(MAX_PASSWORD_INPUT_LENGTH)),
  newPasswordConfirmation: z.string().check(z.maxLength(MAX_PASSWORD_INPUT_LENGTH)),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
