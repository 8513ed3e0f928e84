import { z } from 'zod/mini';
import { MAX_PASSWORD_INPUT_LENGTH } from './auth-constants.ts';

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

/** Names may hold letters (any script), spaces, hyphens, apostrophes and dots ("J.", "d'Ancona"). */
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;
const name = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max), z.refine((v) => v === '' || NAME_PATTERN.test(v), { message: 'Gebruik alleen letters, spaties, streepjes en apostroffen.' }));

/** PUT user/profile: the name and the study choice (catalogue ids, like registration). */
export const UpdateProfileBodySchema = z.object({
  firstName: name(50).check(z.refine((v) => v.length > 0, { message: 'Je moet een naam invoeren' })),
  middleName: z._default(name(20), ''),
  lastName: z._default(name(80), ''),
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
