import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CatalogueSchema } from '@blok/contract';
import { CATALOGUE } from '@blok/content/catalogue';

/** GET /api/catalogue: universities -> studies -> years -> sample course, for the Welcome step. */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = CatalogueSchema.parse({ universities: CATALOGUE });
  app.get('/', { schema: { tags: ['catalogue'], summary: 'Onboarding catalogue', response: { 200: CatalogueSchema } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return body;
  });
};

export default catalogueRoutes;
