import { z } from 'zod';

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
  roleId: z.number().int(),
  profilePictureUrl: z.string(),
  hasSubscription: z.boolean(),
  subscriptionUrl: z.string(),
  createdAt: z.string(),
  university: z.string(),
  study: z.string(),
  year: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;
