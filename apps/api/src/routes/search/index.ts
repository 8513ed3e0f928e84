import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, SearchQuerySchema, SearchResultSchema } from '@blok/contract';

/**
 * GET /api/search?q= (issue 41, decision 040): one search over her PDFs' pages, her own cards and
 * Blok's summaries, best match first. Signed in; only her own texts and Blok's are found.
 */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['search'],
        summary: "Search her PDFs' pages, her own cards and Blok's summaries (accents and case folded)",
        security: [{ bearer: [] }],
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (req) => app.services.search.search(req.auth!.userId, req.query.q),
  );
};

export default searchRoutes;
