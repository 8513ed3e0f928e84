import { z } from 'zod/mini';

export const CourseInfoSchema = z.object({
  vaknaam: z.string(),
  percentage: z.int().check(z.minimum(0), z.maximum(100)),
  header_afbeelding: z.string(),
  titeltekst: z.string(),
  bodytekst: z.string(),
  /**
   * false when Blok has no subject for this study year yet: the texts then say so, and the web app
   * shows no share of fellow students (issue 13). Absent means available.
   */
  available: z.optional(z.boolean()),
});

export const CatalogueSchema = z.object({
  universities: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      shortName: z.string(),
      studies: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          years: z.array(z.object({ id: z.string(), name: z.string(), courseInfo: CourseInfoSchema })),
        }),
      ),
    }),
  ),
});
export type Catalogue = z.infer<typeof CatalogueSchema>;
export type CourseInfo = z.infer<typeof CourseInfoSchema>;

/*
 * The catalogue in the studio (issue 29, decision 031): admins add, rename and remove universities,
 * studies and year layers, edit a year's sample course, and say which subjects belong to a study
 * year. Every call is for admins only; anyone else gets 404.
 */

/** Image codes the web app has an illustration for (the sample course's header image). */
export const CATALOGUE_HEADER_IMAGES = ['boeken', 'collegezaal', 'laptop', 'bibliotheek', 'studeren', 'examen'] as const;

const CatalogueIdSchema = z.string().check(z.minLength(1), z.maxLength(80), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ongeldige id'));
const NameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(120));

/** A year's sample course as an admin writes it: the header image one the web app can draw. */
export const CourseInfoInputSchema = z.object({
  vaknaam: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
  percentage: z.int().check(z.minimum(0), z.maximum(100)),
  header_afbeelding: z.enum(CATALOGUE_HEADER_IMAGES),
  titeltekst: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  bodytekst: z.string().check(z.trim(), z.minLength(1), z.maxLength(1000)),
});
export type CourseInfoInput = z.infer<typeof CourseInfoInputSchema>;

export const AdminCatalogueYearSchema = z.object({
  id: z.string(),
  name: z.string(),
  courseInfo: CourseInfoSchema,
  /** the subjects of this study year (shared by every university with this study) */
  subjectIds: z.array(z.string()),
});
export const AdminCatalogueSchema = z.object({
  universities: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      shortName: z.string(),
      studies: z.array(z.object({ id: z.string(), name: z.string(), years: z.array(AdminCatalogueYearSchema) })),
    }),
  ),
  /** every subject of Blok, by title: what a year can hold */
  subjects: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type AdminCatalogue = z.infer<typeof AdminCatalogueSchema>;
export type AdminCatalogueYear = z.infer<typeof AdminCatalogueYearSchema>;

export const CatalogueUniversityParamsSchema = z.object({ universityId: CatalogueIdSchema });
export const CatalogueStudyParamsSchema = z.object({ universityId: CatalogueIdSchema, studyId: CatalogueIdSchema });
export const CatalogueYearParamsSchema = z.object({ universityId: CatalogueIdSchema, studyId: CatalogueIdSchema, yearId: CatalogueIdSchema });

export const NewUniversityBodySchema = z.object({ id: CatalogueIdSchema, name: NameSchema, shortName: NameSchema });
export const RenameUniversityBodySchema = z.object({ name: NameSchema, shortName: NameSchema });
export const NewStudyBodySchema = z.object({ id: CatalogueIdSchema, name: NameSchema });
export const RenameBodySchema = z.object({ name: NameSchema });
export const NewYearBodySchema = z.object({ id: CatalogueIdSchema, name: NameSchema, courseInfo: CourseInfoInputSchema });
export const CourseInfoBodySchema = z.object({ courseInfo: CourseInfoInputSchema });
export const YearSubjectsBodySchema = z.object({ subjectIds: z.array(z.string().check(z.minLength(1), z.maxLength(160))).check(z.maxLength(500)) });

export type NewUniversityBody = z.infer<typeof NewUniversityBodySchema>;
export type RenameUniversityBody = z.infer<typeof RenameUniversityBodySchema>;
export type NewStudyBody = z.infer<typeof NewStudyBodySchema>;
export type NewYearBody = z.infer<typeof NewYearBodySchema>;
