import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OWN_CARD_SIDE_MAX,
  ApiErrorSchema,
  CardExportQuerySchema,
  CardImportConfirmQuerySchema,
  CardImportPreviewSchema,
  CardImportQuerySchema,
  CardImportResultSchema,
} from '@blok/contract';
import { AppError } from '../../errors.ts';
import { CardImportService, contentDisposition } from '../../card-import/service.ts';
import type { ImportLimits } from '../../card-import/types.ts';
import { renderOwnCardHtml } from '../../own-cards/service.ts';
import { UploadedFile } from '../../uploads/uploaded-file.ts';

const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, 422: ApiErrorSchema } as const;
const SetParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'ongeldige id') });

export interface CardImportRoutesOptions {
  /** CARD_IMPORT_* (env.ts) */
  limits: ImportLimits;
}

/**
 * Card import and export (issue 28, decision 024). The file is the request body itself (any
 * Content-Type: a pasted text is sent as text/plain, a package as application/octet-stream); the
 * request is authenticated before its body is read, which is refused past CARD_IMPORT_MAX_FILE_MB
 * (413) as it streams in, like the profile picture (issue 25).
 */
const cardImportRoutes: FastifyPluginAsyncZod<CardImportRoutesOptions> = async (app, opts) => {
  // her sets are written and read by their owner, flashcards (decision 020), and look as it renders them
  const service = new CardImportService(app.services.ownCards, { limits: opts.limits, maxSideChars: OWN_CARD_SIDE_MAX, render: renderOwnCardHtml });
  const maxMb = Math.round(opts.limits.maxFileBytes / 1024 / 1024);

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.addHook('onRequest', app.authenticate);
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: opts.limits.maxFileBytes }, (req, body, done) => {
      done(null, new UploadedFile(body as Buffer, String(req.headers['content-type'] ?? '')));
    });
    uploads.setErrorHandler((err) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('file_too_large', `Dit bestand is groter dan ${maxMb} MB.`);
      if ((err as { code?: string }).code === 'FST_ERR_CTP_EMPTY_BODY') throw new AppError('import_empty', 'Dit bestand is leeg.');
      throw err;
    });
    const body = z.custom<UploadedFile>((v) => v instanceof UploadedFile, { message: 'Stuur het bestand als de inhoud van het verzoek.' });

    uploads.post(
      '/card-imports/preview',
      {
        // no side effect: nothing to replay, nothing stored with an Idempotency-Key
        config: { replayable: false },
        schema: {
          tags: ['card-import'],
          summary: 'Preview an import: the file (text or Anki package) as the body; how many cards, the first ones, every problem. Stores nothing.',
          security,
          querystring: CardImportQuerySchema,
          body,
          response: { 200: CardImportPreviewSchema, ...errors },
        },
      },
      async (req) => service.preview(req.body as UploadedFile, req.query),
    );

    uploads.post(
      '/card-imports',
      {
        schema: {
          tags: ['card-import'],
          summary: 'Import a file into a new set of hers: all cards in one transaction, or none (skipProblems=yes leaves out the cards with a problem)',
          security,
          querystring: CardImportConfirmQuerySchema,
          body,
          response: { 201: CardImportResultSchema, ...errors, 404: ApiErrorSchema, 409: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const result = await service.import(req.auth!.userId, req.body as UploadedFile, req.query);
        return reply.status(201).send(result);
      },
    );
  });

  app.get(
    '/card-exports/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['card-import'],
        summary: 'One of her sets as a file: CSV (voorkant, achterkant) or an Anki package (.apkg)',
        security,
        params: SetParamsSchema,
        querystring: CardExportQuerySchema,
        response: { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const file = await service.export(req.auth!.userId, req.params.id, req.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        // bytes are sent as they are (Fastify serializes objects only)
        .send(file.body as never);
    },
  );
};

export default cardImportRoutes;
