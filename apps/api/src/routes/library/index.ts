import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ApiErrorSchema,
  ChapterContentSchema,
  ChapterParamsSchema,
  ContentImageParamsSchema,
  HomeBannerSchema,
  HomeContinueSchema,
  LibrarySchema,
  LibrarySuggestionsSchema,
  SaveReadingProgressBodySchema,
  SavedReadingProgressSchema,
  SubjectDetailSchema,
  SubjectIdParamsSchema,
  SubjectParamsSchema,
  SubjectSearchQuerySchema,
  SubjectSearchResultSchema,
  SummaryDetailSchema,
  SummaryParamsSchema,
} from '@blok/contract';
import { AppError } from '../../errors.ts';
import type { Reader } from '../../library/chapters.ts';

const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;

/** Content images may change on a re-import; the ETag makes revalidation cheap after a month. */
const IMAGE_CACHE_CONTROL = 'public, max-age=2592000, stale-while-revalidate=86400';

/**
 * Library, subjects, summaries, the reader and Home. Registered under /api; every route needs a
 * signed-in user except the content images (an <img> cannot send a bearer token).
 */
const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { library, reader: readerService, home } = app.services;
  // read by app.authenticate together with the device check (one query per request)
  const reader = async (req: FastifyRequest): Promise<Reader> => req.auth!.student;

  app.get(
    '/library',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['library'],
        summary: "The student's subjects: her study's and year's, plus added, minus removed; with progress",
        security,
        response: { 200: LibrarySchema, 401: ApiErrorSchema },
      },
    },
    async (req) => library.library(await reader(req)),
  );

  app.get(
    '/library/suggestions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['library'],
        summary: "'Populair bij jouw studie': subjects of her study's earlier years and of related studies, not in her library",
        security,
        response: { 200: LibrarySuggestionsSchema, 401: ApiErrorSchema },
      },
    },
    async (req) => library.suggestions(await reader(req)),
  );

  app.put(
    '/library/:subjectId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['library'],
        summary: 'Add a subject to the library (idempotent)',
        security,
        params: SubjectParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await library.add(await reader(req), req.params.subjectId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/library/:subjectId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['library'],
        summary: 'Remove a subject from the library (idempotent)',
        security,
        params: SubjectParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await library.remove(await reader(req), req.params.subjectId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/subjects',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['library'],
        summary: 'Search all subjects (case-insensitive on title and description; empty query lists all)',
        security,
        querystring: SubjectSearchQuerySchema,
        response: { 200: SubjectSearchResultSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (req) => library.search(await reader(req), req.query.query, req.query.limit),
  );

  app.get(
    '/subjects/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['library'],
        summary: 'A subject with its summaries and question lists',
        security,
        params: SubjectIdParamsSchema,
        response: { 200: SubjectDetailSchema, ...errors },
      },
    },
    async (req) => library.subject(await reader(req), req.params.id),
  );

  app.get(
    '/summaries/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary: 'A summary with its valid chapters and her reading progress',
        security,
        params: SummaryParamsSchema,
        response: { 200: SummaryDetailSchema, ...errors },
      },
    },
    async (req) => readerService.summary(await reader(req), req.params.id),
  );

  app.get(
    '/summaries/:id/chapters/:chapterId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary: "One chapter's sanitized HTML; premium chapters need a subscription (403 premium_required)",
        security,
        params: ChapterParamsSchema,
        response: { 200: ChapterContentSchema, 403: ApiErrorSchema, ...errors },
      },
    },
    async (req) => readerService.chapter(await reader(req), req.params.id, req.params.chapterId),
  );

  app.put(
    '/summaries/:id/progress',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['summaries'],
        summary: 'Save her place in a summary (chapter and position 0..1); position >= 0.9 marks the chapter read',
        security,
        params: SummaryParamsSchema,
        body: SaveReadingProgressBodySchema,
        response: { 200: SavedReadingProgressSchema, 403: ApiErrorSchema, ...errors },
      },
    },
    async (req) => readerService.saveProgress(await reader(req), req.params.id, req.body),
  );

  app.get(
    '/home-banner/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['home'],
        summary: 'Welcome banner (title, content, link; optional userMessage override)',
        security,
        response: { 200: HomeBannerSchema, 401: ApiErrorSchema },
      },
    },
    async (req) => home.homeBanner(await reader(req)),
  );

  app.get(
    '/home/continue',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['home'],
        summary: "Home's 'verder studeren' cards, newest first",
        security,
        response: { 200: HomeContinueSchema, 401: ApiErrorSchema },
      },
    },
    async (req) => home.continueCards(await reader(req)),
  );

  app.get(
    '/content/images/:subjectId/:name',
    {
      schema: {
        tags: ['content'],
        summary: 'A picture of the course content (public: <img> cannot send a token)',
        // No response schema: the body is the image's bytes (404 answers the usual error JSON).
        params: ContentImageParamsSchema,
      },
    },
    async (req, reply) => {
      const image = await readerService.image(req.params.subjectId, req.params.name);
      if (!image) throw new AppError('not_found', 'Deze afbeelding bestaat niet.');
      reply.header('cache-control', IMAGE_CACHE_CONTROL);
      reply.header('etag', image.etag);
      reply.header('x-content-type-options', 'nosniff');
      // An SVG opened on its own is a document: no scripts, no external loads.
      if (image.mime === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (req.headers['if-none-match'] === image.etag) return reply.status(304).send();
      return reply.type(image.mime).send(image.body);
    },
  );
};

export default libraryRoutes;
