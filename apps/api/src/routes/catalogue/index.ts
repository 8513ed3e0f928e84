import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CatalogueSchema } from '@blok/contract';
import { withAvailability } from '../../library/catalogue-availability.ts';

/**
 * GET /api/catalogue: universities -> studies -> years -> sample course, for the Welcome step.
 * The catalogue is the database's (decision 031), read through the catalogue service's short-lived copy.
 * A year without any subject in Blok says so (courseInfo.available false, honest texts).
 */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { tags: ['catalogue'], summary: 'Onboarding catalogue', response: { 200: CatalogueSchema } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    const [catalogue, layers] = await Promise.all([app.services.catalogue.catalogue(), app.services.library.layersWithContent()]);
    return withAvailability(catalogue, layers);
  });
};

export default catalogueRoutes;
