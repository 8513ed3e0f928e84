import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, LoginBodySchema, REFRESH_COOKIE_HEADER, RegisterBodySchema, TokenResponseSchema, type LoginBody, type RegisterBody } from '@blok/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookies, serializeDeviceCookie } from '../../auth/device-cookies.ts';
import {
  clearedRefreshCookie,
  isPersistent,
  newRefreshCookie,
  readRefreshCookie,
  serializeRefreshCookie,
  wantsRefreshCookie,
  type RefreshCookie,
} from '../../auth/refresh-cookie.ts';
import type { SignedIn } from '../../auth/service.ts';
import { AppError } from '../../errors.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

const COOKIE_MODE =
  `With the \`${REFRESH_COOKIE_HEADER}: 1\` header (the web app) the refresh token is answered in an HttpOnly cookie ` +
  '(Path=/api/auth, SameSite=Strict; Max-Age with persistent, else a session cookie) and left out of the JSON.';

/** Errors after which the refresh cookie's session is over: the cookie goes with the answer. */
const SESSION_OVER = new Set(['invalid_grant', 'device_revoked']);

const sessionOver = () => new AppError('invalid_grant', 'Je sessie is verlopen. Log opnieuw in.');

/**
 * The refresh token a refresh or a logout presents: the body's, or, with REFRESH_COOKIE_HEADER
 * (which a cross-site form cannot send), the refresh cookie's. Null when it has neither.
 */
function presentedToken(req: FastifyRequest, bodyToken: string | undefined): string | null {
  if (bodyToken) return bodyToken;
  if (!wantsRefreshCookie(req.headers)) return null;
  return readRefreshCookie(parseCookies(req.headers.cookie))?.token ?? null;
}

/** The cookie for a refresh token this request is answered with (decision 034). */
function cookieFor(req: FastifyRequest, token: string): RefreshCookie {
  const body = (req.body ?? {}) as { grant_type?: string; refresh_token?: string; persistent?: (LoginBody | RegisterBody)['persistent'] };
  if (body.grant_type === 'refresh_token' && !body.refresh_token) {
    // a rotation of the cookie's token: the new one keeps its kind (kept logged in or not) and end
    const presented = readRefreshCookie(parseCookies(req.headers.cookie));
    return { token, endsAt: presented?.endsAt ?? null };
  }
  return newRefreshCookie(token, isPersistent(body.persistent));
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * With REFRESH_COOKIE_HEADER, a token answer's refresh token leaves the JSON for the HttpOnly cookie
 * (decision 034). Done as the answer is sent, so a repeat of an Idempotency-Key (its stored answer
 * holds the token, encrypted, decision 014) sets the cookie again too. A refresh whose session is
 * over, and every logout, clear the cookie.
 */
function moveRefreshTokenToCookie(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  const secure = req.protocol === 'https';
  if ((req.routeOptions.url ?? '').endsWith('/logout')) {
    reply.header('set-cookie', clearedRefreshCookie(secure));
    return payload;
  }
  if (typeof payload !== 'string') {
    // Token answers are short JSON text; anything else cannot be checked for the token: never sent.
    if (reply.statusCode < 300) throw new Error('token answer not sent as text: the refresh token could not be moved into its cookie');
    return payload;
  }
  const body = parseObject(payload);
  if (reply.statusCode >= 300) {
    const refresh = (req.body as { grant_type?: string } | undefined)?.grant_type === 'refresh_token';
    if (refresh && typeof body?.error === 'string' && SESSION_OVER.has(body.error)) reply.header('set-cookie', clearedRefreshCookie(secure));
    return payload;
  }
  if (body === null) throw new Error('token answer not JSON: the refresh token could not be moved into its cookie');
  const { refresh_token: token, ...rest } = body;
  if (typeof token !== 'string') return payload;
  reply.header('set-cookie', serializeRefreshCookie(cookieFor(req, token), secure));
  return JSON.stringify(rest);
}

/** POST /api/auth/register, /api/auth/login (password, external_password, refresh_token), /api/auth/logout. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart form data (the spec's "form data", as the web app sends login and registration) is
  // read here only: the plugin adds two async hooks to every request of the context it is in.
  // Elsewhere a multipart body is answered 415.
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 30, fieldSize: 8192 } });
  // the address as the counters count it: an IPv6 client by its network (plugins/client-key.ts)
  const client = (req: FastifyRequest) => ({
    ip: req.clientKey,
    userAgent: String(req.headers['user-agent'] ?? ''),
    cookies: parseCookies(req.headers.cookie),
  });
  // The refresh cookie (decision 034), set as every token answer is sent, first or repeated.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!wantsRefreshCookie(req.headers)) return done(null, payload);
    try {
      done(null, moveRefreshTokenToCookie(req, reply, payload));
    } catch (err) {
      done(err as Error);
    }
  });
  /** The command's answer depends on the header: a repeat of its key without it is another request. */
  const config = { identityHeaders: [REFRESH_COOKIE_HEADER] };
  /** The tokens as the answer; the device cookie (decision 017) for the browser's next logins. */
  const answer = (req: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) => {
    if (signedIn.deviceCookie) reply.header('set-cookie', serializeDeviceCookie(signedIn.deviceCookie, req.protocol === 'https'));
    return signedIn.tokens;
  };

  app.post(
    '/register',
    {
      config,
      schema: {
        tags: ['auth'],
        summary: 'Create an account (grant_type external_register) and sign in',
        description: COOKIE_MODE,
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: RegisterBodySchema,
        response: { 200: TokenResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const signedIn = await app.services.auth.register(
        { clientId: b.client_id, deviceId: b.device_id, email: b.email, password: b.password, university: b.university, study: b.study, year: b.year },
        client(req),
      );
      return answer(req, reply, signedIn);
    },
  );

  app.post(
    '/login',
    {
      // a refresh is one unit of work (one commit with its idempotency key); a password login
      // throttles and hashes before its transaction, so it claims its key first, as every command
      config: { ...config, claimInTransaction: (req) => (req.body as { grant_type?: string } | undefined)?.grant_type === 'refresh_token' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a password, or exchange a refresh token (rotated on every use)',
        description: `${COOKIE_MODE} A refresh_token grant with the header and no refresh_token in its body exchanges the cookie's token.`,
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: LoginBodySchema,
        response: { 200: TokenResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const b = req.body;
      if (b.grant_type === 'refresh_token') {
        const refreshToken = presentedToken(req, b.refresh_token);
        if (!refreshToken) {
          // no cookie: a session cookie the browser dropped, or a cookie cleared by a logout
          if (wantsRefreshCookie(req.headers)) throw sessionOver();
          throw new AppError('invalid_request', 'Het verversingstoken (refresh_token) ontbreekt.');
        }
        return app.services.auth.refresh({ clientId: b.client_id, refreshToken, deviceId: b.device_id });
      }
      const signedIn = await app.services.auth.loginWithPassword(
        { clientId: b.client_id, deviceId: b.device_id, username: b.username, password: b.password },
        client(req),
      );
      return answer(req, reply, signedIn);
    },
  );

  app.post(
    '/logout',
    {
      config,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the refresh token family of this sign-in',
        description: `The body's refresh_token, or with the \`${REFRESH_COOKIE_HEADER}: 1\` header the refresh cookie's (which the answer clears).`,
        body: z.object({ refresh_token: z.string().min(1).max(512).optional() }),
        response: { 204: z.null(), 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const refreshToken = presentedToken(req, req.body.refresh_token);
      if (refreshToken) await app.services.auth.logout(refreshToken);
      // Signed out already (no cookie left): nothing to revoke, and the answer clears the cookie.
      else if (!wantsRefreshCookie(req.headers)) throw new AppError('invalid_request', 'Het verversingstoken (refresh_token) ontbreekt.');
      return reply.status(204).send(null);
    },
  );
};

export default authRoutes;
