import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  AssessBodySchema,
  QuestionListParamsSchema,
  QuestionListSchema,
  QuestionListsQuerySchema,
  QuestionListsResponseSchema,
  ReviewBodySchema,
  SaveAnswerBodySchema,
  SessionIndexParamsSchema,
  SessionOverviewSchema,
  SessionParamsSchema,
  SessionQuestionParamsSchema,
  SessionQuestionSchema,
  SessionStepSchema,
  StartSessionBodySchema,
  StartSessionResponseSchema,
} from '@blok/contract';

const tags = ['questions'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;
const conflictErrors = { ...errors, 409: ApiErrorSchema } as const;

/**
 * Practice questions (spec section 7), registered under /api. Every route needs a signed-in user;
 * sessions belong to their user: another user's session answers 404.
 */
const questionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { questions, questionSessions } = app.services;
  app.addHook('preHandler', app.authenticate);

  // ---------------------------------------------------------------- question lists

  app.get(
    '/question-lists',
    {
      schema: {
        tags,
        summary: "A subject's question lists with the student's progress, score and open session (settings screen)",
        security,
        querystring: QuestionListsQuerySchema,
        response: { 200: QuestionListsResponseSchema, ...errors },
      },
    },
    async (req) => questions.questionListsOfSubject(req.auth!.userId, req.query.subjectId),
  );

  app.get(
    '/question-list/:id',
    {
      schema: {
        tags,
        summary: 'A question list with its questions and the state of her current (or latest) session',
        security,
        params: QuestionListParamsSchema,
        response: { 200: QuestionListSchema, ...errors },
      },
    },
    async (req) => questions.questionList(req.auth!.userId, req.params.id),
  );

  app.post(
    '/question-list/:id/save-answer',
    {
      // the service's one unit of work is all the handler does: one commit with its idempotency key;
      // the answer holds no secret (her own session), so its stored copy is not encrypted
      config: { claimInTransaction: true, plainStoredResponse: true },
      schema: {
        tags,
        summary:
          'Answer a question (SELECT: answerId or answerIds; OPEN, TYPED, NUMERIC: textAnswer; ORDERING: order; MATCHING: pairs; CLOZE: gaps). Answered questions are locked (409 answer_locked); a NUMERIC answer that is no number is 400 invalid_number.',
        security,
        params: QuestionListParamsSchema,
        body: SaveAnswerBodySchema,
        response: { 200: SessionQuestionSchema, ...conflictErrors },
      },
    },
    async (req) => questionSessions.saveAnswer(req.auth!.userId, req.params.id, req.body),
  );

  app.delete(
    '/question-list/:id/answers',
    {
      schema: {
        tags,
        summary: "Restart a list: deletes her sessions of this list and clears this list's answers in her sessions over several lists",
        security,
        params: QuestionListParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await questionSessions.restartList(req.auth!.userId, req.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- sessions

  for (const [suffix, mode] of [
    ['start', 'recommended'],
    ['start-all', 'all'],
  ] as const) {
    app.post(
      `/session/:id/${suffix}`,
      {
        schema: {
          tags,
          summary:
            mode === 'all'
              ? 'Start a session with all questions of question list {id} (and optional further lists of the subject)'
              : "Start a session with question list {id}'s recommended questions (and optional further lists of the subject)",
          security,
          params: QuestionListParamsSchema,
          body: z.nullish(StartSessionBodySchema),
          response: { 201: StartSessionResponseSchema, ...conflictErrors },
        },
      },
      async (req, reply) => {
        reply.status(201);
        return questionSessions.start(req.auth!.userId, req.params.id, mode, req.body ?? undefined);
      },
    );
  }

  app.get(
    '/session/:id',
    {
      schema: {
        tags,
        summary: 'The session overview: current question, every question with her answers, counts, score and grade (results screen)',
        security,
        params: SessionParamsSchema,
        response: { 200: SessionOverviewSchema, ...errors },
      },
    },
    async (req) => questions.overview(req.auth!.userId, req.params.id),
  );

  app.get(
    '/session/:id/next',
    {
      schema: {
        tags,
        summary: 'Move to the next question not answered with a higher index; at the end: finished, progress 100, skipped mode left',
        security,
        params: SessionParamsSchema,
        response: { 200: SessionStepSchema, ...errors },
      },
    },
    async (req) => questionSessions.next(req.auth!.userId, req.params.id),
  );

  app.get(
    '/session/:id/skip',
    {
      schema: {
        tags,
        summary: 'Skip the current question (status 3 when not answered) and move on; in skipped mode: the next skipped question',
        security,
        params: SessionParamsSchema,
        response: { 200: SessionStepSchema, ...errors },
      },
    },
    async (req) => questionSessions.skip(req.auth!.userId, req.params.id),
  );

  app.get(
    '/session/:id/previous/:index',
    {
      schema: {
        tags,
        summary: 'Go to the question at a 0-based index',
        security,
        params: SessionIndexParamsSchema,
        response: { 200: SessionStepSchema, ...errors },
      },
    },
    async (req) => questionSessions.previous(req.auth!.userId, req.params.id, req.params.index),
  );

  app.get(
    '/session/:id/question/:questionId',
    {
      schema: {
        tags,
        summary: 'One question of the session (does not move)',
        security,
        params: SessionQuestionParamsSchema,
        response: { 200: SessionQuestionSchema, ...errors },
      },
    },
    async (req) => questions.question(req.auth!.userId, req.params.id, req.params.questionId),
  );

  app.put(
    '/session/:id/reset',
    {
      schema: {
        tags,
        summary: 'Reset the session: clears all its answers and goes back to the first question',
        security,
        params: SessionParamsSchema,
        response: { 200: SessionStepSchema, ...errors },
      },
    },
    async (req) => questionSessions.reset(req.auth!.userId, req.params.id),
  );

  app.post(
    '/session/:id/assess',
    {
      schema: {
        tags,
        summary: "Her own assessment of an open answer in review (4): 'goed' 1, 'deels goed' 2, 'fout' 0",
        security,
        params: SessionParamsSchema,
        body: AssessBodySchema,
        response: { 200: SessionQuestionSchema, ...conflictErrors },
      },
    },
    async (req) => questionSessions.assess(req.auth!.userId, req.params.id, req.body),
  );

  app.post(
    '/session/:id/review',
    {
      schema: {
        tags,
        summary: "Answer the skipped and review questions: jump to the first one (or questionIndex) in skipped mode ('Beantwoord vragen')",
        security,
        params: SessionParamsSchema,
        body: z.nullish(ReviewBodySchema),
        response: { 200: SessionStepSchema, ...conflictErrors },
      },
    },
    async (req) => questionSessions.review(req.auth!.userId, req.params.id, req.body?.questionIndex),
  );
};

export default questionsRoutes;
