import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CourseParamsSchema,
  CourseQuestionAnswerBodySchema,
  CourseQuestionBatchBodySchema,
  CourseQuestionBodySchema,
  CourseQuestionListSchema,
  CourseQuestionParamsSchema,
  CourseQuestionSchema,
  CourseQuestionVerdictSchema,
} from '@blok/contract';

const tags = ['course-questions'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;

/**
 * Her own practice questions in a course of her own under /api (issue 41): list, write, change,
 * delete and answer. Signed in; every write a command (Idempotency-Key, one transaction); another
 * student's course or question answers 404; a key the domain refuses 400 question_key_invalid.
 */
const courseQuestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const questions = app.services.courseQuestions;

  await app.register(async (context) => {
    const signedIn = context.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', app.authenticate);

    signedIn.get(
      '/courses/:id/questions',
      { schema: { tags, summary: 'Her own questions of a course, oldest first, with her latest verdicts', security, params: CourseParamsSchema, response: { 200: CourseQuestionListSchema, ...errors } } },
      async (req) => questions.list(req.auth!.userId, req.params.id),
    );

    signedIn.post(
      '/courses/:id/questions',
      {
        config: { claimInTransaction: true, plainStoredResponse: true },
        schema: { tags, summary: 'Write a question of her own in a course (its key checked by the domain)', security, params: CourseParamsSchema, body: CourseQuestionBodySchema, response: { 201: CourseQuestionSchema, ...errors, 409: ApiErrorSchema } },
      },
      async (req, reply) => reply.status(201).send(await questions.create(req.auth!.userId, req.params.id, req.body)),
    );

    signedIn.post(
      '/courses/:id/questions/batch',
      {
        config: { claimInTransaction: true, plainStoredResponse: true },
        schema: {
          tags,
          summary: 'Add the questions she pasted as text, all or none (each key checked by the domain, at questions.<n>.key.<field>)',
          security,
          params: CourseParamsSchema,
          body: CourseQuestionBatchBodySchema,
          response: { 201: CourseQuestionListSchema, ...errors, 409: ApiErrorSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await questions.createMany(req.auth!.userId, req.params.id, req.body)),
    );

    signedIn.put(
      '/courses/:id/questions/:questionId',
      {
        config: { claimInTransaction: true, plainStoredResponse: true },
        schema: { tags, summary: 'Change a question of hers (her latest answer to it no longer counts)', security, params: CourseQuestionParamsSchema, body: CourseQuestionBodySchema, response: { 200: CourseQuestionSchema, ...errors } },
      },
      async (req) => questions.update(req.auth!.userId, req.params.id, req.params.questionId, req.body),
    );

    signedIn.delete(
      '/courses/:id/questions/:questionId',
      { config: { claimInTransaction: true }, schema: { tags, summary: 'Delete a question of hers', security, params: CourseQuestionParamsSchema, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        await questions.delete(req.auth!.userId, req.params.id, req.params.questionId);
        return reply.status(204).send(null);
      },
    );

    signedIn.post(
      '/courses/:id/questions/:questionId/answer',
      {
        config: { claimInTransaction: true, plainStoredResponse: true },
        schema: {
          tags,
          summary: 'Answer a question of hers (SELECT: choice; TYPED, NUMERIC: textAnswer; ORDERING: order; MATCHING: pairs): graded by the domain, kept as her latest',
          security,
          params: CourseQuestionParamsSchema,
          body: CourseQuestionAnswerBodySchema,
          response: { 200: CourseQuestionVerdictSchema, ...errors },
        },
      },
      async (req) => questions.answer(req.auth!.userId, req.params.id, req.params.questionId, req.body),
    );
  });
};

export default courseQuestionsRoutes;
