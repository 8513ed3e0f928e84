import { z } from 'zod';

import { MAX_PASSWORD_INPUT_LENGTH } from './auth-constants.ts';

export * from './auth-constants.ts';

const deviceId = z.string().trim().min(8).max(128).regex(/^[A-Za-z0-9._:-]+$/);

export const RegisterBodySchema = z.object({
  device_id: deviceId,
  grant_type: z.literal('external_register'),
  client_id: z.string(),
  email: z.string().trim().max(254),
  password: z.string().max(MAX_PASSWORD_INPUT_LENGTH),
  university: z.string().min(1).max(100),
  study: z.string().min(1).max(100),
  year: z.string().min(1).max(100),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

const passwordGrant = z.object({
  grant_type: z.enum(['password', 'external_password']),
  client_id: z.string(),
  client_secret: z.string().max(0).optional().default(''),
  device_id: deviceId,
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(MAX_PASSWORD_INPUT_LENGTH),
  persistent: z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]).optional(),
});

const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  client_id: z.string(),
  client_secret: z.string().max(0).optional().default(''),
  refresh_token: z.string().min(1).max(512),
  device_id: deviceId.optional(),
});

export const LoginBodySchema = z.discriminatedUnion('grant_type', [passwordGrant, refreshGrant]);
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** OAuth2 token response. */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  /** lifetime of the access token in seconds */
  expires_in: z.number().int().positive(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
