import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CatalogueSchema } from '@blok/contract';
import { CATALOGUE } from '@blok/content/catalogue';
import { withAvailability } from '../../library/catalogue-availability.ts';

/**
 * GET /api/catalogue: universities -> studies -> years -> sample course, for the Welcome step.
 * A year without any subject in Blok says so (courseInfo.available false, honest texts).
 */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = CatalogueSchema.parse({ universities: CATALOGUE });
  app.get('/', { schema: { tags: ['catalogue'], summary: 'Onboarding catalogue', response: { 200: CatalogueSchema } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return withAvailability(base, await app.services.library.layersWithContent());
  });
};

export default catalogueRoutes;
