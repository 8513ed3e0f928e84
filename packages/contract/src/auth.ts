import { z } from 'zod/mini';

import { MAX_PASSWORD_INPUT_LENGTH } from './auth-constants.ts';

export * from './auth-constants.ts';

const deviceId = z.string().check(z.trim(), z.minLength(8), z.maxLength(128), z.regex(/^[A-Za-z0-9._:-]+$/));

export const RegisterBodySchema = z.object({
  device_id: deviceId,
  grant_type: z.literal('external_register'),
  client_id: z.string(),
  email: z.string().check(z.trim(), z.maxLength(254)),
  password: z.string().check(z.maxLength(MAX_PASSWORD_INPUT_LENGTH)),
  university: z.string().check(z.minLength(1), z.maxLength(100)),
  study: z.string().check(z.minLength(1), z.maxLength(100)),
  year: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

const passwordGrant = z.object({
  grant_type: z.enum(['password', 'external_password']),
  client_id: z.string(),
  client_secret: z._default(z.optional(z.string().check(z.maxLength(0))), ''),
  device_id: deviceId,
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(MAX_PASSWORD_INPUT_LENGTH)),
  persistent: z.optional(z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])),
});

const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  client_id: z.string(),
  client_secret: z._default(z.optional(z.string().check(z.maxLength(0))), ''),
  refresh_token: z.string().check(z.minLength(1), z.maxLength(512)),
  device_id: z.optional(deviceId),
});

export const LoginBodySchema = z.discriminatedUnion('grant_type', [passwordGrant, refreshGrant]);
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** OAuth2 token response. */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  /** lifetime of the access token in seconds */
  expires_in: z.int().check(z.positive()),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
