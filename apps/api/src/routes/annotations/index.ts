import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnnotationParamsSchema,
  AnnotationSchema,
  ApiErrorSchema,
  CreateAnnotationBodySchema,
  SummaryAnnotationsParamsSchema,
  SummaryAnnotationsSchema,
  UpdateAnnotationBodySchema,
} from '@blok/contract';

const tags = ['annotations'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;

/**
 * Her highlights and notes in the reader (issue 28, decision 025). Every route needs a signed-in
 * student; another student's annotation answers 404.
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
};

export default annotationsRoutes;
