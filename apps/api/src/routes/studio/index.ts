import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  AssignmentBodySchema,
  AuditListSchema,
  AuditQuerySchema,
  CheckDraftBodySchema,
  PreviewBodySchema,
  PreviewSchema,
  SaveDraftBodySchema,
  SendBackBodySchema,
  SetRoleBodySchema,
  StudentPreviewBodySchema,
  StudentPreviewSchema,
  StudioCalibrationSchema,
  StudioCheckSchema,
  StudioDraftSchema,
  StudioItemAnalysisSchema,
  StudioImageSchema,
  STUDIO_IMAGE_MAX_BYTES,
  STUDIO_IMAGE_TYPES,
  StudioMemberListSchema,
  StudioMemberSchema,
  StudioMeSchema,
  StudioReleaseListSchema,
  StudioReleaseParamsSchema,
  StudioSubjectListSchema,
  StudioSubjectParamsSchema,
} from '@blok/contract';
import { AppError } from '../../errors.ts';
import { imageTooLarge } from '../../studio/image.ts';
import { UploadedFile } from '../../uploads/uploaded-file.ts';

const tags = ['studio'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema } as const;
/** A subject's document: its chapters' Markdown and its question lists. */
const DOCUMENT_LIMIT = 4 * 1024 * 1024;

/**
 * The author studio (issue 29, decision 026). Every route needs a signed-in user with a studio role;
 * the service checks it on every call and answers 404 to a student, and to an author asking for a
 * subject that is not hers.
 */
const studioRoutes: FastifyPluginAsyncZod = async (app) => {
  const studio = app.services.studio;

  // A picture is the request body itself (Content-Type image/png, image/jpeg or image/webp), like the
  // profile picture: authenticated before the body is read, the body limited as it streams in. This
  // context is registered before the preHandler below, so it authenticates once.
  await app.register(async (context) => {
    const pictures = context.withTypeProvider<ZodTypeProvider>();
    pictures.addHook('onRequest', app.authenticate);
    pictures.removeAllContentTypeParsers();
    pictures.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: STUDIO_IMAGE_MAX_BYTES }, (req, body, done) => {
      done(null, new UploadedFile(body as Buffer, String(req.headers['content-type'] ?? '')));
    });
    pictures.setErrorHandler((err) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw imageTooLarge();
      throw err;
    });
    pictures.post(
      '/subjects/:subjectId/images',
      {
        schema: {
          tags,
          summary: "Upload a picture for the subject's chapters or questions (png, jpg or webp, at most 5 MB); stored as a content image in WebP",
          security,
          consumes: [...STUDIO_IMAGE_TYPES],
          params: StudioSubjectParamsSchema,
          body: z.custom<UploadedFile>((v) => v instanceof UploadedFile, { message: 'Kies een afbeelding in png, jpg of webp.' }),
          response: { 201: StudioImageSchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const file = req.body as UploadedFile;
        if (!(file instanceof UploadedFile)) throw new AppError('unsupported_file_type', 'Kies een afbeelding in png, jpg of webp.');
        return reply.status(201).send(await studio.uploadImage(req.auth!.userId, req.params.subjectId, { data: file.data, type: file.type }));
      },
    );
  });

  app.addHook('preHandler', app.authenticate);

  app.get('/me', { schema: { tags, summary: 'Her studio role and what she may do', security, response: { 200: StudioMeSchema, ...errors } } }, async (req) =>
    studio.me(req.auth!.userId),
  );

  app.get(
    '/subjects',
    {
      schema: {
        tags,
        summary: 'The subjects she may write (authors: hers; editors and admins: all), with draft status and release',
        security,
        response: { 200: StudioSubjectListSchema, ...errors },
      },
    },
    async (req) => studio.subjects(req.auth!.userId),
  );

  app.get(
    '/subjects/:subjectId/calibration',
    {
      schema: {
        tags,
        summary: "Editors and admins: the subject's expected grades against the mock exam grades students then got, and the Brier score per question",
        security,
        params: StudioSubjectParamsSchema,
        response: { 200: StudioCalibrationSchema, ...errors },
      },
    },
    async (req) => studio.calibration(req.auth!.userId, req.params.subjectId),
  );

  app.get(
    '/subjects/:subjectId/draft',
    {
      schema: {
        tags,
        summary: "The subject's draft (or what students see when there is none) with the importer's problems and warnings",
        security,
        params: StudioSubjectParamsSchema,
        response: { 200: StudioDraftSchema, ...errors },
      },
    },
    async (req) => studio.draft(req.auth!.userId, req.params.subjectId),
  );

  app.get(
    '/subjects/:subjectId/item-analysis',
    {
      schema: {
        tags,
        summary: 'Item analysis of the subject: per graded question from practice answers, share right, discrimination, picks per wrong answer and flags',
        security,
        params: StudioSubjectParamsSchema,
        response: { 200: StudioItemAnalysisSchema, ...errors },
      },
    },
    async (req) => studio.itemAnalysis(req.auth!.userId, req.params.subjectId),
  );

  app.put(
    '/subjects/:subjectId/draft',
    {
      bodyLimit: DOCUMENT_LIMIT,
      schema: {
        tags,
        summary: 'Save the draft (its status becomes draft)',
        security,
        params: StudioSubjectParamsSchema,
        body: SaveDraftBodySchema,
        response: { 200: StudioDraftSchema, ...errors },
      },
    },
    async (req) => studio.saveDraft(req.auth!.userId, req.params.subjectId, req.body.document),
  );

  app.post(
    '/subjects/:subjectId/check',
    {
      bodyLimit: DOCUMENT_LIMIT,
      schema: {
        tags,
        summary: "The importer's checks on a document as she types; changes nothing",
        security,
        params: StudioSubjectParamsSchema,
        body: CheckDraftBodySchema,
        response: { 200: StudioCheckSchema, ...errors },
      },
    },
    async (req) => studio.check(req.auth!.userId, req.params.subjectId, req.body.document),
  );

  app.post(
    '/preview',
    {
      bodyLimit: DOCUMENT_LIMIT,
      schema: { tags, summary: "A chapter's Markdown rendered by the reader's renderer", security, body: PreviewBodySchema, response: { 200: PreviewSchema, ...errors } },
    },
    async (req) => studio.preview(req.auth!.userId, req.body.subjectId, req.body.markdown),
  );

  app.post(
    '/subjects/:subjectId/student-preview',
    {
      bodyLimit: DOCUMENT_LIMIT,
      schema: {
        tags,
        summary: 'The document as a student of a university, study and year would see it (whether she finds it, and its parts rendered); writes nothing',
        security,
        params: StudioSubjectParamsSchema,
        body: StudentPreviewBodySchema,
        response: { 200: StudentPreviewSchema, ...errors },
      },
    },
    async (req) => studio.studentPreview(req.auth!.userId, req.params.subjectId, req.body.document, req.body),
  );

  app.post(
    '/subjects/:subjectId/submit',
    {
      schema: {
        tags,
        summary: 'Submit the draft for review (refused while the checks find problems)',
        security,
        params: StudioSubjectParamsSchema,
        response: { 200: StudioDraftSchema, ...errors },
      },
    },
    async (req) => studio.submit(req.auth!.userId, req.params.subjectId),
  );

  app.post(
    '/subjects/:subjectId/send-back',
    {
      schema: {
        tags,
        summary: 'Editors: send the draft in review back with a comment',
        security,
        params: StudioSubjectParamsSchema,
        body: SendBackBodySchema,
        response: { 200: StudioDraftSchema, ...errors },
      },
    },
    async (req) => studio.sendBack(req.auth!.userId, req.params.subjectId, req.body.comment),
  );

  app.post(
    '/subjects/:subjectId/publish',
    {
      schema: {
        tags,
        summary: 'Editors: approve the draft in review and publish it as the next release',
        security,
        params: StudioSubjectParamsSchema,
        response: { 200: StudioDraftSchema, ...errors },
      },
    },
    async (req) => studio.publish(req.auth!.userId, req.params.subjectId),
  );

  app.get(
    '/subjects/:subjectId/releases',
    {
      schema: {
        tags,
        summary: "The subject's releases, newest first, with their change lists",
        security,
        params: StudioSubjectParamsSchema,
        response: { 200: StudioReleaseListSchema, ...errors },
      },
    },
    async (req) => studio.releases(req.auth!.userId, req.params.subjectId),
  );

  app.post(
    '/subjects/:subjectId/releases/:number/roll-back',
    {
      schema: {
        tags,
        summary: 'Editors: publish an earlier release again as the next release',
        security,
        params: StudioReleaseParamsSchema,
        response: { 200: StudioDraftSchema, ...errors },
      },
    },
    async (req) => studio.rollBack(req.auth!.userId, req.params.subjectId, req.params.number),
  );

  app.get(
    '/members',
    { schema: { tags, summary: 'Admins: the accounts with a studio role and their subjects', security, response: { 200: StudioMemberListSchema, ...errors } } },
    async (req) => studio.members(req.auth!.userId),
  );

  app.put(
    '/roles',
    { schema: { tags, summary: 'Admins: give an account a role', security, body: SetRoleBodySchema, response: { 200: StudioMemberSchema, ...errors } } },
    async (req) => studio.setRole(req.auth!.userId, req.body.email, req.body.role),
  );

  app.put(
    '/assignments',
    {
      schema: {
        tags,
        summary: 'Admins: assign a subject to an author or editor, or take it away',
        security,
        body: AssignmentBodySchema,
        response: { 200: StudioMemberSchema, ...errors },
      },
    },
    async (req) => studio.assign(req.auth!.userId, req.body.email, req.body.subjectId, req.body.assigned),
  );

  app.get(
    '/audit',
    { schema: { tags, summary: 'Admins: the audit log, newest first', security, querystring: AuditQuerySchema, response: { 200: AuditListSchema, ...errors } } },
    async (req) => studio.auditLog(req.auth!.userId, req.query.subjectId),
  );
};

export default studioRoutes;
