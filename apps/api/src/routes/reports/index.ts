import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  MyReportListSchema,
  MyReportSchema,
  NewReportBodySchema,
  StudioReportListSchema,
  StudioReportParamsSchema,
  StudioReportSchema,
  StudioSubjectParamsSchema,
} from '@blok/contract';

const tags = ['reports'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema } as const;

/**
 * "Meld een fout" for students (decision 029), under /api/reports: she reports a mistake in a
 * question, a chapter or a flashcard and sees her own reports and whether they were handled. The
 * studio's inbox of a subject is `reportInboxRoutes` below, under /api/studio.
 */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = app.services.reports;
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
    async (req, reply) => reply.code(201).send(await reports.report(req.auth!.userId, req.body)),
  );

  app.get(
    '/',
    { schema: { tags, summary: 'Her own reports, newest first, and whether they were handled', security, response: { 200: MyReportListSchema, ...errors } } },
    async (req) => reports.myReports(req.auth!.userId),
  );
};

export default reportRoutes;

/** The studio's inbox of a subject's reports, under /api/studio: its authors, editors and admins (404 for anyone else). */
export const reportInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = app.services.reports;
  app.addHook('preHandler', app.authenticate);
  const tags = ['studio'];

  app.get(
    '/subjects/:subjectId/reports',
    {
      schema: {
        tags,
        summary: "The subject's reports of mistakes, open ones first, with what they refer to",
        security,
        params: StudioSubjectParamsSchema,
        response: { 200: StudioReportListSchema, ...errors },
      },
    },
    async (req) => reports.inbox(req.auth!.userId, req.params.subjectId),
  );

  app.post(
    '/reports/:reportId/handle',
    {
      config: { claimInTransaction: true },
      schema: {
        tags,
        summary: 'Mark a report handled: its reporter sees it was fixed',
        security,
        params: StudioReportParamsSchema,
        response: { 200: StudioReportSchema, ...errors },
      },
    },
    async (req) => reports.handle(req.auth!.userId, req.params.reportId),
  );
};
