import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  PROFILE_PICTURE_MAX_BYTES,
  ProfileSchema,
  PushPreferenceBodySchema,
  PushPreferenceSchema,
  PushSubscriptionBodySchema,
  PushSubscriptionParamsSchema,
  PushSubscriptionSchema,
  UpdateProfileBodySchema,
} from '@blok/contract';
import { AppError } from '../../errors.ts';
import { UploadedFile } from '../../uploads/uploaded-file.ts';

const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema } as const;

/**
 * The signed-in student's own things under /api/user: profile (spec section 3), picture, password,
 * push preferences and push subscriptions (spec section 7; issue 11).
 */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // (the picture upload authenticates earlier, before its body is read)
  app.addHook('preHandler', async (req, reply) => {
    if (!req.auth) await app.authenticate(req, reply);
  });
  const { user: profile, push } = app.services;

  app.get(
    '/profile',
    { schema: { tags: ['user'], summary: 'The signed-in user', security, response: { 200: ProfileSchema, 401: ApiErrorSchema } } },
    async (req) => profile.profile(req.auth!.userId),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the name and the study choice (university, study, year: catalogue ids)',
        security,
        body: UpdateProfileBodySchema,
        response: { 200: ProfileSchema, ...errors },
      },
    },
    async (req) => profile.update(req.auth!.userId, req.body),
  );

  app.delete(
    '/profile',
    {
      schema: {
        tags: ['user'],
        summary: 'Delete the account and everything personal (rows, pictures, mails, push subscriptions); her password confirms it',
        security,
        body: DeleteAccountBodySchema,
        response: { 204: z.null(), ...errors, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      await app.services.passwords.confirmPassword(req.auth!.userId, req.body.password);
      await profile.deleteAccount(req.auth!.userId);
      return reply.status(204).send(null);
    },
  );

  // The picture is sent as the request body itself (Content-Type image/jpeg, image/png or
  // image/webp): the only route that takes a file, so no multipart for everyone else.
  await app.register(async (pictures) => {
    // Authenticated before the body is read (issue 25, item 6): an anonymous upload is answered
    // 401 at once instead of first holding megabytes in memory.
    pictures.addHook('onRequest', app.authenticate);
    // Every content type reaches the handler as bytes; the picture check says what is wrong. The
    // body is read as it streams in, up to the limit: a larger Content-Length is refused (413)
    // before a byte is read, a larger stream as soon as it passes the limit.
    pictures.removeAllContentTypeParsers();
    pictures.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PROFILE_PICTURE_MAX_BYTES }, (req, body, done) => {
      done(null, new UploadedFile(body as Buffer, String(req.headers['content-type'] ?? '')));
    });
    // Fastify refuses bodies above the parser's limit before the handler: say it in Dutch.
    pictures.setErrorHandler((err) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError('file_too_large', 'Je foto is groter dan 5 MB. Kies een kleinere foto.');
      }
      throw err;
    });

    pictures.put(
      '/profile/picture',
      {
        schema: {
          tags: ['user'],
          summary: 'Upload a profile picture (jpg, png or webp, at most 5 MB); re-encoded as a 256 px WebP',
          security,
          consumes: ['image/jpeg', 'image/png', 'image/webp'],
          body: z.custom<UploadedFile>((v) => v instanceof UploadedFile, { message: 'Kies een foto in jpg, png of webp.' }),
          response: { 200: ProfileSchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
        },
      },
      async (req) => profile.replacePicture(req.auth!.userId, req.body as UploadedFile),
    );
  });

  app.delete(
    '/profile/picture',
    { schema: { tags: ['user'], summary: 'Remove the profile picture (the default shows again)', security, response: { 200: ProfileSchema, 401: ApiErrorSchema } } },
    async (req) => profile.removePicture(req.auth!.userId),
  );

  app.put(
    '/password',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the password (current, new with passwordSecurity, confirmation); signs other devices out',
        security,
        body: ChangePasswordBodySchema,
        response: { 204: z.null(), ...errors, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      await app.services.passwords.changePassword(req.auth!.userId, req.auth!.deviceRowId, req.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/push-preference',
    { schema: { tags: ['push'], summary: 'Push preferences (all off by default)', security, response: { 200: PushPreferenceSchema, 401: ApiErrorSchema } } },
    async (req) => push.getPreference(req.auth!.userId),
  );

  app.put(
    '/push-preference',
    {
      schema: {
        tags: ['push'],
        summary: 'Save push preferences; a daily reminder is scheduled at its local time in Europe/Amsterdam',
        security,
        body: PushPreferenceBodySchema,
        response: { 200: PushPreferenceSchema, ...errors },
      },
    },
    async (req) => push.updatePreference(req.auth!.userId, req.body),
  );

  app.post(
    '/push-subscriptions',
    {
      schema: {
        tags: ['push'],
        summary:
          "Register this browser's Web Push subscription (PushSubscription.toJSON()): https, a known push service, public addresses only (400 push_endpoint_refused); a device keeps its 2 newest, a student her 5 newest",
        security,
        body: PushSubscriptionBodySchema,
        response: { 201: PushSubscriptionSchema, ...errors },
      },
    },
    async (req, reply) => {
      const created = await push.subscribe(req.auth!.userId, req.auth!.deviceRowId, req.body, String(req.headers['user-agent'] ?? ''));
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/push-subscriptions/:id',
    {
      schema: {
        tags: ['push'],
        summary: 'Remove a push subscription of this student',
        security,
        params: PushSubscriptionParamsSchema,
        response: { 204: z.null(), 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      await push.unsubscribe(req.auth!.userId, req.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default userRoutes;
