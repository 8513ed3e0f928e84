import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCatalogueSchema,
  ApiErrorSchema,
  CatalogueStudyParamsSchema,
  CatalogueUniversityParamsSchema,
  CatalogueYearParamsSchema,
  CourseInfoBodySchema,
  NewStudyBodySchema,
  NewUniversityBodySchema,
  NewYearBodySchema,
  RenameBodySchema,
  RenameUniversityBodySchema,
  YearSubjectsBodySchema,
} from '@blok/contract';

const tags = ['studio'];
const security = [{ bearer: [] }];
const response = { 200: AdminCatalogueSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema } as const;

/**
 * The catalogue in the studio (issue 29, decision 031), below /api/studio/catalogue: admins only (the
 * service answers 404 to anyone else). Every write is a command and answers the whole catalogue as
 * it is after the change.
 */
const studioCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.services.catalogue;
  app.addHook('preHandler', app.authenticate);
  const uid = (req: { auth?: { userId: string } | null }) => req.auth!.userId;

  app.get('/', { schema: { tags, summary: 'The catalogue with the subjects of each study year (admins)', security, response } }, async (req) => catalogue.adminView(uid(req)));

  app.post('/universities', { schema: { tags, summary: 'Add a university', security, body: NewUniversityBodySchema, response } }, async (req) =>
    catalogue.addUniversity(uid(req), req.body),
  );
  app.put('/universities/:universityId', { schema: { tags, summary: 'Rename a university', security, params: CatalogueUniversityParamsSchema, body: RenameUniversityBodySchema, response } }, async (req) =>
    catalogue.renameUniversity(uid(req), req.params.universityId, req.body),
  );
  app.delete('/universities/:universityId', { schema: { tags, summary: 'Remove a university no student chose (409 catalogue_in_use)', security, params: CatalogueUniversityParamsSchema, response } }, async (req) =>
    catalogue.removeUniversity(uid(req), req.params.universityId),
  );

  app.post('/universities/:universityId/studies', { schema: { tags, summary: 'Add a study to a university', security, params: CatalogueUniversityParamsSchema, body: NewStudyBodySchema, response } }, async (req) =>
    catalogue.addStudy(uid(req), req.params.universityId, req.body),
  );
  app.put('/universities/:universityId/studies/:studyId', { schema: { tags, summary: 'Rename a study', security, params: CatalogueStudyParamsSchema, body: RenameBodySchema, response } }, async (req) =>
    catalogue.renameStudy(uid(req), req.params.universityId, req.params.studyId, req.body.name),
  );
  app.delete('/universities/:universityId/studies/:studyId', { schema: { tags, summary: 'Remove a study no student chose (409 catalogue_in_use)', security, params: CatalogueStudyParamsSchema, response } }, async (req) =>
    catalogue.removeStudy(uid(req), req.params.universityId, req.params.studyId),
  );

  app.post('/universities/:universityId/studies/:studyId/years', { schema: { tags, summary: 'Add a year layer with its sample course', security, params: CatalogueStudyParamsSchema, body: NewYearBodySchema, response } }, async (req) =>
    catalogue.addYear(uid(req), req.params.universityId, req.params.studyId, req.body),
  );
  app.put('/universities/:universityId/studies/:studyId/years/:yearId', { schema: { tags, summary: 'Rename a year layer', security, params: CatalogueYearParamsSchema, body: RenameBodySchema, response } }, async (req) =>
    catalogue.renameYear(uid(req), req.params.universityId, req.params.studyId, req.params.yearId, req.body.name),
  );
  app.put('/universities/:universityId/studies/:studyId/years/:yearId/course', { schema: { tags, summary: "Edit a year layer's sample course", security, params: CatalogueYearParamsSchema, body: CourseInfoBodySchema, response } }, async (req) =>
    catalogue.setCourse(uid(req), req.params.universityId, req.params.studyId, req.params.yearId, req.body.courseInfo),
  );
  app.put(
    '/universities/:universityId/studies/:studyId/years/:yearId/subjects',
    { schema: { tags, summary: 'Set the subjects of the study year (for every university with this study)', security, params: CatalogueYearParamsSchema, body: YearSubjectsBodySchema, response } },
    async (req) => catalogue.setYearSubjects(uid(req), req.params.universityId, req.params.studyId, req.params.yearId, req.body.subjectIds),
  );
  app.delete('/universities/:universityId/studies/:studyId/years/:yearId', { schema: { tags, summary: 'Remove a year layer no student chose (409 catalogue_in_use)', security, params: CatalogueYearParamsSchema, response } }, async (req) =>
    catalogue.removeYear(uid(req), req.params.universityId, req.params.studyId, req.params.yearId),
  );
};

export default studioCatalogueRoutes;
