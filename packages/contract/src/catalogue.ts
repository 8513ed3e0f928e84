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
