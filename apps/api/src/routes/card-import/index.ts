import { createHash } from 'node:crypto';
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
import { ParseRunner, type ParseTicket, type RunnerOptions } from '../../card-import/runner.ts';
import { CardImportService, contentDisposition } from '../../card-import/service.ts';
import type { ImportLimits } from '../../card-import/types.ts';
import { renderOwnCardHtml } from '../../own-cards/service.ts';
import { UploadedFile } from '../../uploads/uploaded-file.ts';

const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema } as const;
const SetParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'ongeldige id') });

export interface CardImportRoutesOptions {
  /** CARD_IMPORT_* (env.ts) */
  limits: ImportLimits;
  /** CARD_IMPORT_* (env.ts): threads, queue, timeout */
  runner: RunnerOptions;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the card import's place in the parsing queue, taken before the body is read */
    importTicket?: ParseTicket;
  }
}

/**
 * Card import and export (issue 28, decision 024). The file is the request body itself (any
 * Content-Type: a pasted text is sent as text/plain, a package as application/octet-stream); the
 * request is authenticated before its body is read, which is refused past CARD_IMPORT_MAX_FILE_MB
 * (413) as it streams in, like the profile picture (issue 25).
 */
/**
 * Reads an upload into one buffer of its Content-Length (the size admitted, checked against the
 * limit before a byte is read), so it is never held twice (chunks, then their concatenation);
 * without a Content-Length, chunks up to the limit.
 */
function readUpload(payload: NodeJS.ReadableStream & { destroy?: () => void }, contentLength: string | undefined, max: number, maxMb: number): Promise<{ bytes: Buffer; sha256: string }> {
  const tooLarge = () => new AppError('file_too_large', `Dit bestand is groter dan ${maxMb} MB.`);
  const declared = Number(contentLength);
  const known = contentLength !== undefined && Number.isSafeInteger(declared) && declared >= 0;
  if (known && declared > max) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const out = known ? Buffer.allocUnsafe(declared) : null;
    const chunks: Buffer[] = [];
    // hashed as it arrives (the command's fingerprint): 25 MB hashed at once held the event loop
    const hash = createHash('sha256');
    let size = 0;
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      payload.destroy?.();
      reject(err);
    };
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > max || (out && size > out.length)) return fail(tooLarge());
      hash.update(chunk);
      if (out) chunk.copy(out, size - chunk.length);
      else chunks.push(chunk);
    });
    payload.on('end', () => {
      if (failed) return;
      if (size === 0) return fail(new AppError('import_empty', 'Dit bestand is leeg.'));
      resolve({ bytes: out ? out.subarray(0, size) : Buffer.concat(chunks, size), sha256: hash.digest('base64url') });
    });
    payload.on('error', (err: Error) => fail(err));
  });
}

/** Reads a request body to its end (at most `max` bytes), keeping none of it. */
function discard(payload: NodeJS.ReadableStream & { destroy?: () => void }, max: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    payload.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > max) {
        payload.destroy?.();
        resolve();
      }
    });
    payload.on('end', () => resolve());
    payload.on('error', () => resolve());
    payload.on('close', () => resolve());
  });
}

/** The buffers among these views that each fill their whole memory, once each: those can move to a thread instead of being copied. */
function wholeBuffers(views: Uint8Array[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const v of views) if (v.byteOffset === 0 && v.byteLength === v.buffer.byteLength && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
  return [...out];
}

const cardImportRoutes: FastifyPluginAsyncZod<CardImportRoutesOptions> = async (app, opts) => {
  // her sets are written and read by their owner, flashcards (decision 020), and look as it renders them
  const runner = new ParseRunner(opts.runner);
  app.addHook('onClose', async () => runner.close());
  const { work } = app.services;
  const service = new CardImportService(app.services.ownCards, {
    limits: opts.limits,
    maxSideChars: OWN_CARD_SIDE_MAX,
    render: renderOwnCardHtml,
    // an export's rendering and its .apkg on the work threads (issue 38), the pictures moved there, not copied
    renderMany: (markdowns, userId) => work.run('renderOwnCardSides', markdowns, { owner: userId }),
    writeApkg: (input, userId) => work.run('writeApkg', input, { owner: userId, transfer: wholeBuffers(input.media.map((m) => m.bytes)) }),
    runner,
  });
  const maxMb = Math.round(opts.limits.maxFileBytes / 1024 / 1024);

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.addHook('onRequest', app.authenticate);
    // Her place in the parsing queue before her upload is read (issue 38): one at a time per student,
    // and a full queue answers 429 without holding the body. The place is hers until the answer is
    // sent or the request ends.
    uploads.addHook('preParsing', async (req, reply, payload) => {
      const length = Number(req.headers['content-length']);
      const known = req.headers['content-length'] !== undefined && Number.isSafeInteger(length) && length >= 0;
      const source = (req.query as { source?: unknown }).source;
      let ticket: ParseTicket;
      try {
        ticket = runner.admit(req.auth!.userId, known ? Math.min(length, opts.limits.maxFileBytes) : opts.limits.maxFileBytes, known && source === 'text');
      } catch (err) {
        // read and drop the body before answering (nothing of it is kept): answered while still sending,
        // a client sees a broken connection instead of the 429
        if (!known || length <= opts.limits.maxFileBytes) await discard(payload, opts.limits.maxFileBytes);
        throw err;
      }
      req.importTicket = ticket;
      reply.raw.once('close', () => ticket.release());
      return payload;
    });
    uploads.addHook('onResponse', async (req) => req.importTicket?.release());
    uploads.addHook('onRequestAbort', async (req) => req.importTicket?.release());
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (req, payload, done) => {
      readUpload(payload, req.headers['content-length'], opts.limits.maxFileBytes, maxMb).then(
        ({ bytes, sha256 }) => done(null, new UploadedFile(bytes, String(req.headers['content-type'] ?? ''), sha256)),
        (err: Error) => done(err, undefined),
      );
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
      async (req) => service.preview(req.body as UploadedFile, req.query, req.importTicket!),
    );

    uploads.post(
      '/card-imports',
      {
        // her new set (no share link yet): no secret in the stored copy, and 1,000 cards are not encrypted inside the transaction
        config: { plainStoredResponse: true },
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
        const result = await service.import(req.auth!.userId, req.body as UploadedFile, req.query, req.importTicket!);
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
