import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, PushPublicKeySchema } from '@blok/contract';
import { notFound } from '../../errors.ts';

/**
 * The user feature's routes without a bearer token, under /api: profile pictures (an <img> cannot
 * send one; the id is unguessable and changes with every upload) and the VAPID public key.
 */
const userPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile-pictures/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'A profile picture (WebP)',
        params: z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/) }),
        response: { 200: z.any(), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const picture = await app.services.user.findPicture(req.params.id);
      if (!picture) throw notFound('Deze foto bestaat niet.');
      return reply
        .header('content-type', picture.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(picture.data_base64, 'base64'));
    },
  );

  app.get(
    '/push/public-key',
    { schema: { tags: ['push'], summary: 'The VAPID public key browsers subscribe with', response: { 200: PushPublicKeySchema } } },
    async () => ({ publicKey: app.services.push.sender.publicKey }),
  );
};

export default userPublicRoutes;
