import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, LoginBodySchema, RegisterBodySchema, TokenResponseSchema } from '@blok/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookies, serializeDeviceCookie } from '../../auth/device-cookies.ts';
import type { SignedIn } from '../../auth/service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

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
  /** The tokens as the answer; the device cookie (decision 017) for the browser's next logins. */
  const answer = (req: FastifyRequest, reply: FastifyReply, signedIn: SignedIn) => {
    if (signedIn.deviceCookie) reply.header('set-cookie', serializeDeviceCookie(signedIn.deviceCookie, req.protocol === 'https'));
    return signedIn.tokens;
  };

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (grant_type external_register) and sign in',
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
      config: { claimInTransaction: (req) => (req.body as { grant_type?: string } | undefined)?.grant_type === 'refresh_token' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a password, or exchange a refresh token (rotated on every use)',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: LoginBodySchema,
        response: { 200: TokenResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const b = req.body;
      if (b.grant_type === 'refresh_token') {
        return app.services.auth.refresh({ clientId: b.client_id, refreshToken: b.refresh_token, deviceId: b.device_id });
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
      schema: {
        tags: ['auth'],
        summary: 'Revoke the refresh token family of this sign-in',
        body: z.object({ refresh_token: z.string().min(1).max(512) }),
        response: { 204: z.null(), 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      await app.services.auth.logout(req.body.refresh_token);
      return reply.status(204).send(null);
    },
  );
};

export default authRoutes;
