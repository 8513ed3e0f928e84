import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, DEFAULT_PROFILE_PICTURE_URL, ProfileSchema } from '@blok/contract';
import { toBool } from '@blok/db';
import { AppError } from '../../errors.ts';

/** GET and DELETE /api/user/profile. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/profile',
    { schema: { tags: ['user'], summary: 'The signed-in user', security: [{ bearer: [] }], response: { 200: ProfileSchema, 401: ApiErrorSchema } } },
    async (req) => {
      const user = await app.services.accounts.findUserById(req.auth!.userId);
      if (!user) throw new AppError('invalid_token', 'Dit account bestaat niet meer.');
      return {
        id: user.id,
        email: user.email,
        accountUrl: '/profile',
        firstName: user.first_name,
        middleName: user.middle_name,
        lastName: user.last_name,
        roleId: user.role_id,
        profilePictureUrl: user.profile_picture_url || DEFAULT_PROFILE_PICTURE_URL,
        hasSubscription: toBool(user.has_subscription),
        subscriptionUrl: '/shop',
        createdAt: user.created_at,
        university: user.university,
        study: user.study,
        year: user.year,
      };
    },
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
      await app.services.accounts.deleteUser(req.auth!.userId);
      return reply.status(204).send(null);
    },
  );
};

export default userRoutes;
