import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, ProgressParamsSchema, ProgressQuerySchema, ProgressSchema } from '@blok/contract';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;

/** The progress page of a subject (Voortgang, issue 27): her own figures only, signed in. */
const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const progress = app.services.progress;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/subjects/:subjectId/progress',
    {
      schema: {
        tags: ['progress'],
        summary: 'Her grade per chapter over time, days and minutes studied, and cards due for the next two weeks',
        security: [{ bearer: [] }],
        params: ProgressParamsSchema,
        querystring: ProgressQuerySchema,
        response: { 200: ProgressSchema, ...errors },
      },
    },
    async (req) => progress.progress(req.auth!.userId, req.params.subjectId, req.query.timeZone),
  );
};

export default progressRoutes;
