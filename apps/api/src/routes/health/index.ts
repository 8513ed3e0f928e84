import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, HealthSchema } from '@blok/contract';

/**
 * GET /api/health: 200 when the database answers; 503 database_unavailable (with Retry-After)
 * when it does not, answered by the error handler like every other call that needs the database.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: HealthSchema, 503: ApiErrorSchema } } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return app.services.health.check();
  });
};

export default healthRoutes;
