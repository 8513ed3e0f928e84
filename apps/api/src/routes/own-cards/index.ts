import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CreateOwnSetBodySchema,
  FlashcardSessionSchema,
  OWN_CARD_PICTURE_MAX_BYTES,
  OwnCardBodySchema,
  OwnCardParamsSchema,
  OwnCardPictureParamsSchema,
  OwnCardSchema,
  OwnSetDetailQuerySchema,
  OwnSetDetailSchema,
  OwnSetListQuerySchema,
  OwnSetListSchema,
  OwnSetParamsSchema,
  OwnSetShareSchema,
  ReorderOwnCardsBodySchema,
  ReorderOwnSetsBodySchema,
  ShareParamsSchema,
  SharedSetPreviewSchema,
  StartOwnSessionBodySchema,
  UpdateOwnSetBodySchema,
} from '@blok/contract';
import { AppError, notFound } from '../../errors.ts';
import { UploadedFile } from '../../uploads/uploaded-file.ts';
import { pictureTooLarge } from '../../own-cards/picture.ts';

const tags = ['own-flashcards'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;
const limitErrors = { ...errors, 409: ApiErrorSchema } as const;
const empty = { 204: z.null(), ...errors } as const;

/**
 * Her own flashcards under /api (issue 28, decision 023), registered with the flashcards (off with
 * FLASHCARDS_ENABLED=false). Signed in; another student's set or card answers 404. Studying goes
 * through the flashcard sessions: POST /own-flashcard-sets/{id}/sessions starts one, the session
 * routes of ./index.ts answer, rate and move in it.
 */
const ownCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const own = app.services.ownCards;

  // A card's picture: no bearer token (an <img> cannot send one); the id is unguessable and new per upload.
  app.get(
    '/own-card-pictures/:id',
    {
      schema: {
        tags,
        summary: 'A picture of an own flashcard (WebP)',
        params: z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/) }),
        response: { 200: z.any(), 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const picture = await own.findPicture(req.params.id);
      if (!picture) throw notFound('Deze afbeelding bestaat niet.');
      return reply
        .header('content-type', picture.mime)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(picture.data_base64, 'base64'));
    },
  );

  await app.register(async (context) => {
    const signedIn = context.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('preHandler', async (req, reply) => {
      if (!req.auth) await app.authenticate(req, reply);
    });

    signedIn.get(
      '/own-flashcard-sets',
      {
        schema: {
          tags,
          summary: "Her own sets in her order, with counts; subjectId: only a subject's (its flashcards overview)",
          security,
          querystring: OwnSetListQuerySchema,
          response: { 200: OwnSetListSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
        },
      },
      async (req) => own.list(req.auth!.userId, req.query.subjectId, req.query.courseId),
    );

    signedIn.post(
      '/own-flashcard-sets',
      {
        schema: {
          tags,
          summary: 'Make a set: in a subject (subjectId) or personal (null); at most 200 sets',
          security,
          body: CreateOwnSetBodySchema,
          response: { 201: OwnSetDetailSchema, ...limitErrors },
        },
      },
      async (req, reply) => reply.status(201).send(await own.createSet(req.auth!.userId, req.body)),
    );

    signedIn.put(
      '/own-flashcard-sets/order',
      { schema: { tags, summary: 'Put her sets in this order (every set once)', security, body: ReorderOwnSetsBodySchema, response: { 200: OwnSetListSchema, ...errors } } },
      async (req) => own.reorderSets(req.auth!.userId, req.body.setIds),
    );

    signedIn.get(
      '/own-flashcard-sets/:id',
      {
        schema: {
          tags,
          summary: 'A set of hers with its cards, what she can study and its share link',
          security,
          params: OwnSetParamsSchema,
          querystring: OwnSetDetailQuerySchema,
          response: { 200: OwnSetDetailSchema, ...errors },
        },
      },
      async (req) => own.detail(req.auth!.userId, req.params.id, req.query.timeZone),
    );

    signedIn.put(
      '/own-flashcard-sets/:id',
      {
        schema: { tags, summary: 'Rename, describe or move a set', security, params: OwnSetParamsSchema, body: UpdateOwnSetBodySchema, response: { 200: OwnSetDetailSchema, ...errors } },
      },
      async (req) => own.updateSet(req.auth!.userId, req.params.id, req.body),
    );

    signedIn.delete(
      '/own-flashcard-sets/:id',
      { schema: { tags, summary: 'Delete a set with its cards, pictures, sessions and share link', security, params: OwnSetParamsSchema, response: empty } },
      async (req, reply) => {
        await own.deleteSet(req.auth!.userId, req.params.id);
        return reply.status(204).send(null);
      },
    );

    signedIn.post(
      '/own-flashcard-sets/:id/cards',
      {
        schema: {
          tags,
          summary: 'Add a card at the end of the set (Markdown sides; optionally linked to a chapter)',
          security,
          params: OwnSetParamsSchema,
          body: OwnCardBodySchema,
          response: { 201: OwnCardSchema, ...limitErrors },
        },
      },
      async (req, reply) => reply.status(201).send(await own.addCard(req.auth!.userId, req.params.id, req.body)),
    );

    signedIn.put(
      '/own-flashcard-sets/:id/card-order',
      {
        schema: { tags, summary: "Put the set's cards in this order (every card once)", security, params: OwnSetParamsSchema, body: ReorderOwnCardsBodySchema, response: { 200: OwnSetDetailSchema, ...errors } },
      },
      async (req) => own.reorderCards(req.auth!.userId, req.params.id, req.body.cardIds),
    );

    signedIn.post(
      '/own-flashcard-sets/:id/share',
      { schema: { tags, summary: 'The share link of the set (the active one, or a new one)', security, params: OwnSetParamsSchema, response: { 200: OwnSetShareSchema, ...errors } } },
      async (req) => own.share(req.auth!.userId, req.params.id),
    );

    signedIn.delete(
      '/own-flashcard-sets/:id/share',
      { schema: { tags, summary: 'Revoke the share link (copies made stay)', security, params: OwnSetParamsSchema, response: { 200: OwnSetDetailSchema, ...errors } } },
      async (req) => own.revokeShare(req.auth!.userId, req.params.id),
    );

    signedIn.post(
      '/own-flashcard-sets/:id/sessions',
      {
        schema: {
          tags,
          summary: "Study the set: the whole set, her favorites in it or (FSRS on) source 'review'; then the flashcard-sessions routes",
          security,
          params: OwnSetParamsSchema,
          body: StartOwnSessionBodySchema,
          response: { 201: FlashcardSessionSchema, ...limitErrors },
        },
      },
      async (req, reply) => reply.status(201).send(await app.services.flashcards.startOwn(req.auth!.userId, req.params.id, req.body)),
    );

    signedIn.put(
      '/own-flashcards/:id',
      { schema: { tags, summary: "Change a card's sides and chapter", security, params: OwnCardParamsSchema, body: OwnCardBodySchema, response: { 200: OwnCardSchema, ...errors } } },
      async (req) => own.updateCard(req.auth!.userId, req.params.id, req.body),
    );

    signedIn.delete(
      '/own-flashcards/:id',
      { schema: { tags, summary: 'Delete a card and its pictures', security, params: OwnCardParamsSchema, response: empty } },
      async (req, reply) => {
        await own.deleteCard(req.auth!.userId, req.params.id);
        return reply.status(204).send(null);
      },
    );

    signedIn.delete(
      '/own-flashcards/:id/pictures/:side',
      { schema: { tags, summary: 'Remove the picture of one side', security, params: OwnCardPictureParamsSchema, response: { 200: OwnCardSchema, ...errors } } },
      async (req) => own.removePicture(req.auth!.userId, req.params.id, req.params.side),
    );

    signedIn.get(
      '/shared-flashcard-sets/:token',
      {
        schema: {
          tags,
          summary: 'A shared set as a classmate sees it before copying (410 share_link_revoked once revoked)',
          security,
          params: ShareParamsSchema,
          response: { 200: SharedSetPreviewSchema, ...errors, 410: ApiErrorSchema },
        },
      },
      async (req) => own.sharedPreview(req.params.token),
    );

    signedIn.post(
      '/shared-flashcard-sets/:token/copy',
      {
        // her new set (no share link yet): no secret in the stored copy, and 1,000 cards are not encrypted inside the transaction
        config: { plainStoredResponse: true },
        schema: {
          tags,
          summary: 'Add a copy of a shared set to her own sets',
          security,
          params: ShareParamsSchema,
          response: { 201: OwnSetDetailSchema, ...limitErrors, 410: ApiErrorSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await own.copyShared(req.auth!.userId, req.params.token)),
    );
  });

  // A picture is the request body itself (Content-Type image/jpeg, image/png or image/webp), like the
  // profile picture: authenticated before the body is read, the body limited as it streams in.
  await app.register(async (context) => {
    const pictures = context.withTypeProvider<ZodTypeProvider>();
    pictures.addHook('onRequest', app.authenticate);
    pictures.removeAllContentTypeParsers();
    pictures.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: OWN_CARD_PICTURE_MAX_BYTES }, (req, body, done) => {
      done(null, new UploadedFile(body as Buffer, String(req.headers['content-type'] ?? '')));
    });
    pictures.setErrorHandler((err) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw pictureTooLarge();
      throw err;
    });
    pictures.put(
      '/own-flashcards/:id/pictures/:side',
      {
        schema: {
          tags,
          summary: 'Put a picture on one side (jpg, png or webp, at most 5 MB); re-encoded as WebP of at most 1200 px',
          security,
          consumes: ['image/jpeg', 'image/png', 'image/webp'],
          params: OwnCardPictureParamsSchema,
          body: z.custom<UploadedFile>((v) => v instanceof UploadedFile, { message: 'Kies een afbeelding in jpg, png of webp.' }),
          response: { 200: OwnCardSchema, ...limitErrors, 413: ApiErrorSchema, 415: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (req) => {
        const file = req.body as UploadedFile;
        if (!(file instanceof UploadedFile)) throw new AppError('unsupported_file_type', 'Kies een afbeelding in jpg, png of webp.');
        return own.replacePicture(req.auth!.userId, req.params.id, req.params.side, { data: file.data, type: file.type });
      },
    );
  });
};

export default ownCardsRoutes;
