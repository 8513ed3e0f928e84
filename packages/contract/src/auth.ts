import { z } from 'zod/mini';

import { MAX_PASSWORD_INPUT_LENGTH } from './auth-constants.ts';

export * from './auth-constants.ts';

const deviceId = z.string().check(z.trim(), z.minLength(8), z.maxLength(128), z.regex(/^[A-Za-z0-9._:-]+$/));
/**
 * Keep me logged in (`persistent`): with REFRESH_COOKIE_HEADER the refresh cookie then lives as long
 * as the refresh token (REFRESH_TOKEN_LIFETIME_SECONDS); left out or false, it is a session cookie
 * that ends with the browser (decision 034).
 */
const keepMeLoggedIn = z.optional(z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]));

export const RegisterBodySchema = z.object({
  device_id: deviceId,
  grant_type: z.literal('external_register'),
  client_id: z.string(),
  email: z.string().check(z.trim(), z.maxLength(254)),
  password: z.string().check(z.maxLength(MAX_PASSWORD_INPUT_LENGTH)),
  university: z.string().check(z.minLength(1), z.maxLength(100)),
  study: z.string().check(z.minLength(1), z.maxLength(100)),
  year: z.string().check(z.minLength(1), z.maxLength(100)),
  persistent: keepMeLoggedIn,
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

const passwordGrant = z.object({
  grant_type: z.enum(['password', 'external_password']),
  client_id: z.string(),
  client_secret: z._default(z.optional(z.string().check(z.maxLength(0))), ''),
  device_id: deviceId,
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(MAX_PASSWORD_INPUT_LENGTH)),
  persistent: keepMeLoggedIn,
});

const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  client_id: z.string(),
  client_secret: z._default(z.optional(z.string().check(z.maxLength(0))), ''),
  /** required, unless the request has REFRESH_COOKIE_HEADER: then, without one here, the cookie's token */
  refresh_token: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
  device_id: z.optional(deviceId),
  /** a body token with REFRESH_COOKIE_HEADER: whether its cookie outlives the browser (a cookie's token keeps its cookie's kind) */
  persistent: keepMeLoggedIn,
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

/**
 * The token response as a client with REFRESH_COOKIE_HEADER gets it (the web app, decision 034):
 * the refresh token went into an HttpOnly cookie, so the JSON has none.
 */
export const CookieTokenResponseSchema = z.object({
  access_token: z.string(),
  expires_in: z.int().check(z.positive()),
  refresh_token: z.optional(z.string()),
  token_type: z.literal('Bearer'),
});
export type CookieTokenResponse = z.infer<typeof CookieTokenResponseSchema>;
