import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  ExamPlanParamsSchema,
  ExamPlanSchema,
  PlanQuerySchema,
  SaveExamPlanBodySchema,
  SubjectReadinessSchema,
  TodayPlanSchema,
} from '@blok/contract';

const tags = ['plan'];
const security = [{ bearer: [] }];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema } as const;

/**
 * Exam-ready (issue 27): her exam plan per subject, readiness per chapter and today's plan. Every
 * route needs a signed-in student; a subject not in her library answers 404.
 */
const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const plan = app.services.plan;
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/subjects/:subjectId/exam-plan',
    {
      schema: {
        tags,
        summary: 'Her exam date, minutes per day and study days for a subject (isSet false: the defaults)',
        security,
        params: ExamPlanParamsSchema,
        querystring: PlanQuerySchema,
        response: { 200: ExamPlanSchema, ...errors },
      },
    },
    async (req) => plan.examPlan(req.auth!.student, req.params.subjectId, req.query.timeZone),
  );

  app.put(
    '/subjects/:subjectId/exam-plan',
    {
      schema: {
        tags,
        summary: 'Set or change her exam date (or none), minutes per day and study days in one step; today is planned again',
        security,
        params: ExamPlanParamsSchema,
        body: SaveExamPlanBodySchema,
        response: { 200: ExamPlanSchema, ...errors },
      },
    },
    async (req) => plan.saveExamPlan(req.auth!.student, req.params.subjectId, req.body),
  );

  app.delete(
    '/subjects/:subjectId/exam-plan',
    {
      schema: {
        tags,
        summary: 'Remove her exam plan of a subject; answers the defaults',
        security,
        params: ExamPlanParamsSchema,
        querystring: PlanQuerySchema,
        response: { 200: ExamPlanSchema, ...errors },
      },
    },
    async (req) => plan.removeExamPlan(req.auth!.student, req.params.subjectId, req.query.timeZone),
  );

  app.get(
    '/subjects/:subjectId/readiness',
    {
      schema: {
        tags,
        summary: 'Readiness per chapter (0-100, with a Dutch reason) and for the subject, from reading, practice questions and flashcards',
        security,
        params: ExamPlanParamsSchema,
        querystring: PlanQuerySchema,
        response: { 200: SubjectReadinessSchema, ...errors },
      },
    },
    async (req) => plan.readiness(req.auth!.student, req.params.subjectId, req.query.timeZone),
  );

  app.get(
    '/plan/today',
    {
      schema: {
        tags,
        summary: "Today's plan over her planned subjects: tasks that fit her minutes, ticked off from what she did today",
        security,
        querystring: PlanQuerySchema,
        response: { 200: TodayPlanSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (req) => plan.today(req.auth!.student, req.query.timeZone),
  );
};

export default planRoutes;
