import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  MockExamAnswerBodySchema,
  MockExamAssessBodySchema,
  MockExamOverviewSchema,
  MockExamParamsSchema,
  MockExamQuestionSchema,
  MockExamSchema,
  MockExamsQuerySchema,
  StartMockExamBodySchema,
} from '@blok/contract';

const tags = ['mock exams'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;
const conflictErrors = { ...errors, 409: ApiErrorSchema } as const;

/**
 * Mock exams (proeftentamen, issue 27; decision 022), under /api. Every route needs a signed-in
 * student; an exam belongs to its student: another student's exam answers 404.
 */
const mockExamRoutes: FastifyPluginAsyncZod = async (app) => {
  const mockExams = app.services.mockExams;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/mock-exams',
    {
      schema: {
        tags,
        summary: 'What a new mock exam of the subject can hold, and her exams of it (newest first)',
        security,
        querystring: MockExamsQuerySchema,
        response: { 200: MockExamOverviewSchema, ...errors },
      },
    },
    async (req) => mockExams.overview(req.auth!.userId, req.query.subjectId),
  );

  app.post(
    '/mock-exams',
    {
      schema: {
        tags,
        summary:
          'Start a timed mock exam over every chapter of the subject (questions drawn per chapter by weight). While one of the subject runs, answers that one instead of a new one (one open exam per subject); past the daily limit per subject 409 mock_exam_limit.',
        security,
        body: StartMockExamBodySchema,
        response: { 201: MockExamSchema, ...conflictErrors },
      },
    },
    async (req, reply) => {
      reply.status(201);
      return mockExams.start(req.auth!.userId, req.body);
    },
  );

  app.get(
    '/mock-exams/:id',
    {
      schema: {
        tags,
        summary: 'The exam: questions and her picks; once closed also the correct answers, the grade and the grade per chapter',
        security,
        params: MockExamParamsSchema,
        response: { 200: MockExamSchema, ...errors },
      },
    },
    async (req) => mockExams.exam(req.auth!.userId, req.params.id),
  );

  app.post(
    '/mock-exams/:id/answer',
    {
      // her own picks, not evaluated while open: nothing secret in the stored copy
      config: { plainStoredResponse: true },
      schema: {
        tags,
        summary:
          'Her answer to the question at a position (answerIds, textAnswer, order, pairs or gaps by its type; changeable while open). After the deadline: 409 mock_exam_closed, and the exam closes.',
        security,
        params: MockExamParamsSchema,
        body: MockExamAnswerBodySchema,
        response: { 200: MockExamQuestionSchema, ...conflictErrors },
      },
    },
    async (req) => mockExams.answer(req.auth!.userId, req.params.id, req.body),
  );

  app.post(
    '/mock-exams/:id/assess',
    {
      schema: {
        tags,
        summary:
          'Once the exam is closed: her own verdict (goed or fout) on her open answer at a position, after comparing it with the model answer. Answers the exam with its new grade.',
        security,
        params: MockExamParamsSchema,
        body: MockExamAssessBodySchema,
        response: { 200: MockExamSchema, ...conflictErrors },
      },
    },
    async (req) => mockExams.assess(req.auth!.userId, req.params.id, req.body),
  );

  app.post(
    '/mock-exams/:id/finish',
    {
      schema: {
        tags,
        summary: 'Hand the exam in: it closes and is graded (an exam already closed answers as it is)',
        security,
        params: MockExamParamsSchema,
        response: { 200: MockExamSchema, ...errors },
      },
    },
    async (req) => mockExams.finish(req.auth!.userId, req.params.id),
  );
};

export default mockExamRoutes;
