import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, MyReportListSchema, MyReportSchema, NewReportBodySchema } from '@blok/contract';

const tags = ['studio'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema } as const;

/**
 * "Meld een fout" for students (decision 029), under /api/reports: she reports a mistake in a
 * question, a chapter or a flashcard and sees her own reports and whether they were handled. The studio's inbox
 * of a subject is in ./index.ts.
 */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const studio = app.services.studio;
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/',
    {
      // the report is the one unit of work: one commit with its idempotency key; it is her own text
      config: { claimInTransaction: true, plainStoredResponse: true },
      schema: {
        tags,
        summary: 'Report a mistake in a question, a chapter or a flashcard with a short text (409 limit_reached past the daily allowance)',
        security,
        body: NewReportBodySchema,
        response: { 201: MyReportSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await studio.report(req.auth!.userId, req.body)),
  );

  app.get(
    '/',
    { schema: { tags, summary: 'Her own reports, newest first, and whether they were handled', security, response: { 200: MyReportListSchema, ...errors } } },
    async (req) => studio.myReports(req.auth!.userId),
  );
};

export default reportRoutes;
