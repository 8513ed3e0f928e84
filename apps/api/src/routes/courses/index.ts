import { Readable } from 'node:stream';
import { contentDisposition } from '../../uploads/content-disposition.ts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CourseDetailSchema,
  CourseFileParamsSchema,
  CourseFilePagesSchema,
  CourseFileQuerySchema,
  CourseFileReadingSchema,
  CourseFileSchema,
  CourseListSchema,
  CourseParamsSchema,
  CourseStandingSchema,
  CreateCourseBodySchema,
  MarkPagesReadBodySchema,
  UpdateCourseBodySchema,
  UploadCourseFileQuerySchema,
  formatRanges,
  PDF_LENGTH_HEADER,
  PDF_RANGES_HEADER,
  PDF_OPENING_FRESH_S,
} from '@blok/contract';
import { AppError } from '../../errors.ts';
import { looksLikePdf } from '../../courses/pdf-check.ts';
import type { PdfTicket } from '../../courses/pdf-checker.ts';
import { SpooledFile, spool } from '../../uploads/spooled-file.ts';

const tags = ['courses'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;
const empty = { 204: z.null(), ...errors } as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** her place to have a PDF checked, taken before its body is read */
    pdfTicket?: PdfTicket;
    /** the spooled upload, removed when the request ends */
    spooled?: SpooledFile;
  }
}


/**
 * One range of `size` bytes from a Range header (RFC 9110): `bytes=a-b`, `bytes=a-`, `bytes=-n`.
 * null: no (usable) Range header, the whole file is sent; 'unsatisfiable': past the end. Several
 * ranges are answered with the whole file, as the RFC allows (pdf.js asks one at a time).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, a, b] = match;
  if (a === '' && b === '') return null;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Her own courses under /api (issue 41, decision 039): courses, the PDFs in them and their pages.
 * Signed in; another student's course or file answers 404. A PDF is the request body itself
 * (application/pdf), admitted before it is read (course hers, size, storage, one at a time),
 * spooled to a private temporary file as it streams in, checked on a thread, then kept in chunks.
 */
const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  const courses = app.services.courses;

  await app.register(async (context) => {
    const signedIn = context.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', app.authenticate);

    signedIn.get(
      '/courses',
      { schema: { tags, summary: 'Her own courses, oldest first, with her limits', security, response: { 200: CourseListSchema, 401: ApiErrorSchema } } },
      async (req) => courses.list(req.auth!.userId),
    );

    signedIn.post(
      '/courses',
      {
        config: { claimInTransaction: true, plainStoredResponse: true },
        schema: { tags, summary: 'Add a course of her own (name; optionally code, period, exam date)', security, body: CreateCourseBodySchema, response: { 201: CourseDetailSchema, ...errors, 409: ApiErrorSchema } },
      },
      async (req, reply) => reply.status(201).send(await courses.create(req.auth!.userId, req.body)),
    );

    signedIn.get(
      '/courses/:id',
      { schema: { tags, summary: 'A course of hers with its files', security, params: CourseParamsSchema, response: { 200: CourseDetailSchema, ...errors } } },
      async (req) => courses.detail(req.auth!.userId, req.params.id),
    );

    signedIn.get(
      '/courses/:id/standing',
      {
        schema: {
          tags,
          summary: 'Where she stands in a course of hers: readiness and expected grade from her graded answers, and Voortgang (pages, questions, cards)',
          security,
          params: CourseParamsSchema,
          response: { 200: CourseStandingSchema, ...errors },
        },
      },
      async (req) => app.services.courseStanding.standing(req.auth!.userId, req.params.id),
    );

    signedIn.put(
      '/courses/:id',
      {
        config: { claimInTransaction: true, plainStoredResponse: true },
        schema: { tags, summary: 'Rename a course, change its code, period, exam date, or its exam plan\'s minutes per day and study days', security, params: CourseParamsSchema, body: UpdateCourseBodySchema, response: { 200: CourseDetailSchema, ...errors } },
      },
      async (req) => courses.update(req.auth!.userId, req.params.id, req.body),
    );

    signedIn.delete(
      '/courses/:id',
      { config: { claimInTransaction: true }, schema: { tags, summary: 'Delete a course with its files', security, params: CourseParamsSchema, response: empty } },
      async (req, reply) => {
        await courses.delete(req.auth!.userId, req.params.id);
        return reply.status(204).send(null);
      },
    );

    signedIn.get(
      '/courses/:id/files/:fileId/pages',
      { schema: { tags, summary: "The text of each page of a file (as checked when it was kept)", security, params: CourseFileParamsSchema, response: { 200: CourseFilePagesSchema, ...errors } } },
      async (req) => courses.pages(req.auth!.userId, req.params.id, req.params.fileId),
    );

    signedIn.post(
      '/courses/:id/files/:fileId/read',
      {
        config: { claimInTransaction: true, plainStoredResponse: true },
        schema: {
          tags,
          summary: 'Pages of a file she read (the viewer reports them in batches; a page stays read once)',
          security,
          params: CourseFileParamsSchema,
          body: MarkPagesReadBodySchema,
          response: { 200: CourseFileReadingSchema, ...errors },
        },
      },
      async (req) => courses.markRead(req.auth!.userId, req.params.id, req.params.fileId, req.body),
    );

    signedIn.delete(
      '/courses/:id/files/:fileId',
      { config: { claimInTransaction: true }, schema: { tags, summary: 'Delete a file of a course', security, params: CourseFileParamsSchema, response: empty } },
      async (req, reply) => {
        await courses.deleteFile(req.auth!.userId, req.params.id, req.params.fileId);
        return reply.status(204).send(null);
      },
    );

    // The file itself: all of it or a range (pdf.js asks for the pages it shows). Nothing in it runs
    // here: a CSP that allows nothing and sandboxes, nosniff, and a download name.
    signedIn.get(
      '/courses/:id/files/:fileId/file',
      {
        schema: {
          tags,
          summary: 'The PDF (Range requests answer 206 with the asked bytes)',
          security,
          params: CourseFileParamsSchema,
          querystring: CourseFileQuerySchema,
          // the bytes themselves (application/pdf), whole or the asked range
          response: { 200: z.any(), 206: z.any(), 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 416: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const opened = await courses.openFile(req.auth!.userId, req.params.id, req.params.fileId);
        const { file } = opened;
        const etag = `"${file.sha256}"`;
        const ifRange = req.headers['if-range'];
        const range = ifRange !== undefined && ifRange !== etag ? null : parseRange(req.headers.range, file.bytes);
        if (range === 'unsatisfiable') {
          reply.header('content-range', `bytes */${file.bytes}`);
          throw new AppError('range_not_satisfiable', 'Dit deel van het bestand bestaat niet.');
        }
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(file.name, req.query.download === '1' ? 'attachment' : 'inline'))
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'same-origin')
          .header('cache-control', 'private, no-cache')
          .header('accept-ranges', 'bytes')
          .header('etag', etag);
        const { start, end } = range ?? { start: 0, end: file.bytes - 1 };
        reply.header('content-length', String(end - start + 1));
        if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${file.bytes}`);
        if (req.method === 'HEAD') return reply.send();
        return reply.send(Readable.from(opened.read(start, end)));
      },
    );
    // Her PDF's opening (decision 050): the bytes pdf.js reads to show its first pages, in one
    // response, so a phone's network costs one round trip where it cost a chain of them.
    signedIn.get(
      '/courses/:id/files/:fileId/opening',
      {
        schema: {
          tags,
          summary: `The byte ranges pdf.js reads for a PDF's first pages, one after another (their ranges in ${PDF_RANGES_HEADER}, the file's length in ${PDF_LENGTH_HEADER})`,
          security,
          params: CourseFileParamsSchema,
          response: { 200: z.any(), 304: z.any(), 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const opening = await courses.opening(req.auth!.userId, req.params.id, req.params.fileId);
        // a file's bytes never change under its id: her course page fetches the opening ahead of her
        // tap, which then takes it from her browser's cache; later she revalidates it (304)
        const etag = `"${opening.file.sha256}-opening"`;
        reply
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'same-origin')
          .header('cache-control', `private, max-age=${PDF_OPENING_FRESH_S}`)
          .header('etag', etag);
        if (req.headers['if-none-match'] === etag) return reply.status(304).send();
        reply
          .header('content-type', 'application/octet-stream')
          .header(PDF_LENGTH_HEADER, String(opening.file.bytes))
          .header(PDF_RANGES_HEADER, formatRanges(opening.ranges))
          .header('content-length', String(opening.ranges.reduce((n, r) => n + r.end - r.start + 1, 0)));
        return reply.send(Readable.from(opening.read()));
      },
    );
  });

  // Uploads: admitted before the body is read, spooled to disk as it arrives.
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.addHook('onRequest', app.authenticate);
    uploads.addHook('preParsing', async (req, reply, payload) => {
      const length = Number(req.headers['content-length']);
      const known = req.headers['content-length'] !== undefined && Number.isSafeInteger(length) && length >= 0;
      const { id } = req.params as { id?: string };
      try {
        // An id that is no course id is the schema's 400, as on every other course route (it never
        // reaches the command). Refusals of the admission below (404, 413, 429) come before the body
        // is read, so they are not stored under the Idempotency-Key: sending it again asks again.
        if (typeof id !== 'string' || !CourseParamsSchema.safeParse({ id }).success) throw new AppError('invalid_request', 'ongeldige id');
        req.pdfTicket = await courses.admitUpload(req.auth!.userId, id, known ? length : null);
      } catch (err) {
        // the body is read and dropped before answering (a client still sending sees the answer, not a broken connection)
        if (!known || length <= 64 * 1024 * 1024) await drain(payload);
        throw err;
      }
      reply.raw.once('close', () => req.pdfTicket?.release());
      return payload;
    });
    const done = async (req: { pdfTicket?: PdfTicket; spooled?: SpooledFile }) => {
      req.pdfTicket?.release();
      await req.spooled?.discard();
    };
    uploads.addHook('onResponse', done);
    uploads.addHook('onRequestAbort', done);
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (req, payload, finish) => {
      spool(payload, String(req.headers['content-type'] ?? ''), {
        maxBytes: courses.maxFileBytes,
        tooLarge: () => courses.tooLarge(),
        headBytes: 5,
        checkHead: (head) => (looksLikePdf(head) ? null : new AppError('pdf_not_a_pdf', 'Dit bestand is geen pdf.')),
        empty: () => new AppError('pdf_not_a_pdf', 'Dit bestand is leeg.'),
      }).then(
        (file) => {
          req.spooled = file;
          finish(null, file);
        },
        (err: Error) => finish(err, undefined),
      );
    });
    uploads.setErrorHandler((err) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_EMPTY_BODY') throw new AppError('pdf_not_a_pdf', 'Dit bestand is leeg.');
      throw err;
    });
    const body = z.custom<SpooledFile>((v) => v instanceof SpooledFile, { message: 'Stuur de pdf als de inhoud van het verzoek.' });

    uploads.post(
      '/courses/:id/files',
      {
        config: { plainStoredResponse: true },
        schema: {
          tags,
          summary: 'Upload a PDF to a course of hers (the body is the file; ?name= its name): checked, then kept',
          security,
          params: CourseParamsSchema,
          querystring: UploadCourseFileQuerySchema,
          body,
          response: { 201: CourseFileSchema, ...errors, 409: ApiErrorSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await courses.upload(req.auth!.userId, req.params.id, req.query.name, req.body as SpooledFile)),
    );
  });
};

/** Reads a request body to its end, keeping none of it (at most 64 MB, then the connection is cut). */
function drain(payload: NodeJS.ReadableStream & { destroy?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    payload.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > 64 * 1024 * 1024) {
        payload.destroy?.();
        resolve();
      }
    });
    payload.on('end', () => resolve());
    payload.on('error', () => resolve());
    payload.on('close', () => resolve());
  });
}

export default coursesRoutes;
