import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnnotationParamsSchema,
  AnnotationSchema,
  ApiErrorSchema,
  CourseAnnotationsParamsSchema,
  CourseAnnotationsSchema,
  CourseFileAnnotationsParamsSchema,
  CreateAnnotationBodySchema,
  CreatePdfAnnotationBodySchema,
  PdfAnnotationSchema,
  SummaryAnnotationsParamsSchema,
  SummaryAnnotationsSchema,
  UpdateAnnotationBodySchema,
} from '@blok/contract';

const tags = ['annotations'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;

/**
 * Her highlights and notes in the reader (issue 28, decision 025) and on the pages of her PDFs
 * (issue 41, decision 039's addendum). Every route needs a signed-in student; another student's
 * annotation, course or file answers 404.
 */
const annotationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const annotations = app.services.annotations;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/summaries/:id/annotations',
    {
      schema: {
        tags,
        summary: "'Mijn markeringen': her highlights and notes in a summary, each placed in its chapter as it is now (found null: no longer there)",
        security,
        params: SummaryAnnotationsParamsSchema,
        response: { 200: SummaryAnnotationsSchema, ...errors },
      },
    },
    async (req) => annotations.list(req.auth!.student, req.params.id),
  );

  app.post(
    '/summaries/:id/annotations',
    {
      // her own words and a quote of a chapter she may read: no secret in the stored copy
      config: { plainStoredResponse: true },
      schema: {
        tags,
        summary: 'Highlight a passage (note null) or write a note beside it; the id is made by the app',
        security,
        params: SummaryAnnotationsParamsSchema,
        body: CreateAnnotationBodySchema,
        response: { 201: AnnotationSchema, 403: ApiErrorSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await annotations.create(req.auth!.student, req.params.id, req.body)),
  );

  app.patch(
    '/annotations/:id',
    {
      config: { claimInTransaction: true, plainStoredResponse: true },
      schema: {
        tags,
        summary: 'Change the colour, or write, change or remove (null) the note',
        security,
        params: AnnotationParamsSchema,
        body: UpdateAnnotationBodySchema,
        response: { 200: AnnotationSchema, ...errors },
      },
    },
    async (req) => annotations.update(req.auth!.userId, req.params.id, req.body),
  );

  app.delete(
    '/annotations/:id',
    {
      config: { claimInTransaction: true, plainStoredResponse: true },
      schema: {
        tags,
        summary: 'Delete a highlight or note',
        security,
        params: AnnotationParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await annotations.remove(req.auth!.userId, req.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- her PDFs (issue 41)
  const pdf = app.services.pdfAnnotations;

  app.get(
    '/courses/:id/annotations',
    {
      schema: {
        tags,
        summary: "'Mijn markeringen' of a course of hers: her highlights and notes in its PDFs, by file, page and place",
        security,
        params: CourseAnnotationsParamsSchema,
        response: { 200: CourseAnnotationsSchema, ...errors },
      },
    },
    async (req) => pdf.list(req.auth!.userId, req.params.id),
  );

  app.post(
    '/courses/:id/files/:fileId/annotations',
    {
      config: { claimInTransaction: true, plainStoredResponse: true },
      schema: {
        tags,
        summary: "Highlight text on a page of her PDF (note null) or write a note beside it: anchored by page, quote and place in the page's text layer",
        security,
        params: CourseFileAnnotationsParamsSchema,
        body: CreatePdfAnnotationBodySchema,
        response: { 201: PdfAnnotationSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await pdf.create(req.auth!.userId, req.params.id, req.params.fileId, req.body)),
  );

  app.patch(
    '/pdf-annotations/:id',
    {
      config: { claimInTransaction: true, plainStoredResponse: true },
      schema: {
        tags,
        summary: 'Change the colour of a highlight in her PDF, or write, change or remove (null) its note',
        security,
        params: AnnotationParamsSchema,
        body: UpdateAnnotationBodySchema,
        response: { 200: PdfAnnotationSchema, ...errors },
      },
    },
    async (req) => pdf.update(req.auth!.userId, req.params.id, req.body),
  );

  app.delete(
    '/pdf-annotations/:id',
    {
      config: { claimInTransaction: true, plainStoredResponse: true },
      schema: {
        tags,
        summary: 'Delete a highlight or note in her PDF',
        security,
        params: AnnotationParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await pdf.remove(req.auth!.userId, req.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default annotationsRoutes;
