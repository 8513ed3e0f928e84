import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, ProfileSchema } from '@blok/contract';

/** GET and DELETE /api/user/profile. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/profile',
    { schema: { tags: ['user'], summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: ProfileSchema, 401: ApiErrorSchema } } },
    async (req) => app.services.user.profile(req.auth!.userId),
  );

  app.delete(
    '/profile',
    {
      schema: {
        tags: ['user'],
        summary: 'Delete the account and everything personal (devices, tokens, progress, answers)',
        security: [{ bearer: [] }],
        response: { 204: z.null(), 401: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      await app.services.user.deleteAccount(req.auth!.userId);
      return reply.status(204).send(null);
    },
  );
};

export default userRoutes;
