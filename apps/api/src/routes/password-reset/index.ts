import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, ForgotPasswordBodySchema, ForgotPasswordResponseSchema, ResetPasswordBodySchema } from '@blok/contract';

const errors = { 400: ApiErrorSchema, 429: ApiErrorSchema } as const;

/** POST /api/auth/forgot-password and /api/auth/reset-password (issue 11; no sign-in needed). */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a single-use reset link (valid one hour); the same answer whether or not the address has an account',
        body: ForgotPasswordBodySchema,
        response: { 202: ForgotPasswordResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const origin = `${req.protocol}://${req.host}`;
      const result = await app.services.passwords.requestResetLink(req.body, { ip: req.clientKey }, origin);
      return reply.status(202).send(result);
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link; signs out every device',
        body: ResetPasswordBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await app.services.passwords.reset(req.body, { ip: req.clientKey });
      return reply.status(204).send(null);
    },
  );
};

export default passwordResetRoutes;
