import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, HealthSchema } from '@blok/contract';
import { ping } from '@blok/db';

/** GET /api/health: 200 when the database answers. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: HealthSchema, 503: ApiErrorSchema } } }, async (req, reply) => {
    try {
      await ping(app.database.db);
    } catch (err) {
      req.log.error({ err }, 'database unreachable');
      return reply.status(503).send({ error: 'unknown', error_description: 'De database is niet bereikbaar.' });
    }
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, database: app.database.dialect };
  });
};

export default healthRoutes;
