import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppConfigSchema, type AppConfig } from '@blok/contract';

/** GET /api/config: the feature flags of this deployment, read by the web app at start. Public. */
const configRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, opts) => {
  const config = AppConfigSchema.parse(opts.config);
  app.get(
    '/',
    {
      schema: {
        tags: ['config'],
        summary: 'Feature flags (flashcardsEnabled, leitnerEnabled), set by the environment',
        response: { 200: AppConfigSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return config;
    },
  );
};

export default configRoutes;
