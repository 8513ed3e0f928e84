import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnswerFlashcardBodySchema,
  ApiErrorSchema,
  FlashcardFavoriteSchema,
  FlashcardOverviewSchema,
  FlashcardParamsSchema,
  FlashcardPositionBodySchema,
  FlashcardSessionParamsSchema,
  FlashcardSessionSchema,
  FlashcardSetsQuerySchema,
  RateFlashcardBodySchema,
  StartFlashcardSessionBodySchema,
} from '@blok/contract';

const tags = ['flashcards'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;
const conflictErrors = { ...errors, 409: ApiErrorSchema } as const;

/**
 * Flashcards, registered under /api only when FLASHCARDS_ENABLED (off: every route answers 404).
 * Every route needs a signed-in user; another user's session answers 404. The FSRS rating route
 * exists only with LEITNER_ENABLED.
 */
const flashcardsRoutes: FastifyPluginAsyncZod<{ leitnerEnabled: boolean }> = async (app, opts) => {
  const flashcards = app.services.flashcards;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/flashcard-sets',
    {
      schema: {
        tags,
        summary: "A subject's flashcard sets with card counts and her progress, her favorites and (FSRS on) what is due today",
        security,
        querystring: FlashcardSetsQuerySchema,
        response: { 200: FlashcardOverviewSchema, ...errors },
      },
    },
    async (req) => flashcards.overview(req.auth!.userId, req.query.subjectId, req.query.timeZone),
  );

  app.post(
    '/flashcard-sessions',
    {
      schema: {
        tags,
        summary: "Start a session: a set, her favorites or (FSRS on) source 'review'; order, first side, only unknown cards",
        security,
        body: StartFlashcardSessionBodySchema,
        response: { 201: FlashcardSessionSchema, ...conflictErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await flashcards.start(req.auth!.userId, req.body)),
  );

  app.get(
    '/flashcard-sessions/:id',
    {
      schema: {
        tags,
        summary: 'A session with its cards, her verdicts and the current position (resume on any device)',
        security,
        params: FlashcardSessionParamsSchema,
        response: { 200: FlashcardSessionSchema, ...errors },
      },
    },
    async (req) => flashcards.session(req.auth!.userId, req.params.id),
  );

  app.post(
    '/flashcard-sessions/:id/answer',
    {
      // the service's one unit of work is all the handler does: one commit with its idempotency key;
      // the answer holds no secret (her own session), so its stored copy is not encrypted
      config: { claimInTransaction: true, plainStoredResponse: true },
      schema: {
        tags,
        summary: "'Wist ik' (known: true) or 'Wist ik niet' for the card at position; moves to the next card",
        security,
        params: FlashcardSessionParamsSchema,
        body: AnswerFlashcardBodySchema,
        response: { 200: FlashcardSessionSchema, ...conflictErrors },
      },
    },
    async (req) => flashcards.answer(req.auth!.userId, req.params.id, req.body),
  );

  app.put(
    '/flashcard-sessions/:id/position',
    {
      schema: {
        tags,
        summary: 'Go to the card at position (back to an earlier card); cardCount shows the end',
        security,
        params: FlashcardSessionParamsSchema,
        body: FlashcardPositionBodySchema,
        response: { 200: FlashcardSessionSchema, ...errors },
      },
    },
    async (req) => flashcards.goTo(req.auth!.userId, req.params.id, req.body),
  );

  app.post(
    '/flashcard-sessions/:id/repeat',
    {
      schema: {
        tags,
        summary: "'Herhaal de kaarten die je niet wist': a new session with the cards she did not know",
        security,
        params: FlashcardSessionParamsSchema,
        response: { 201: FlashcardSessionSchema, ...conflictErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await flashcards.repeatUnknown(req.auth!.userId, req.params.id)),
  );

  if (opts.leitnerEnabled) {
    app.post(
      '/flashcard-sessions/:id/rate',
      {
        schema: {
          tags,
          summary: 'FSRS: rate the card at position (1 Opnieuw, 2 Moeilijk, 3 Goed, 4 Makkelijk); reschedules it and logs the review',
          security,
          params: FlashcardSessionParamsSchema,
          body: RateFlashcardBodySchema,
          response: { 200: FlashcardSessionSchema, ...conflictErrors },
        },
      },
      async (req) => flashcards.rate(req.auth!.userId, req.params.id, req.body),
    );
  }

  app.put(
    '/flashcards/:id/favorite',
    {
      schema: {
        tags,
        summary: 'Star a card (idempotent)',
        security,
        params: FlashcardParamsSchema,
        response: { 200: FlashcardFavoriteSchema, ...errors },
      },
    },
    async (req) => flashcards.setFavorite(req.auth!.userId, req.params.id, true),
  );

  app.delete(
    '/flashcards/:id/favorite',
    {
      schema: {
        tags,
        summary: 'Unstar a card (idempotent)',
        security,
        params: FlashcardParamsSchema,
        response: { 200: FlashcardFavoriteSchema, ...errors },
      },
    },
    async (req) => flashcards.setFavorite(req.auth!.userId, req.params.id, false),
  );
};

export default flashcardsRoutes;
