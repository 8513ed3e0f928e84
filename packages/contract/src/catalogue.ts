import { z } from 'zod';

export const CourseInfoSchema = z.object({
  vaknaam: z.string(),
  percentage: z.number().int().min(0).max(100),
  header_afbeelding: z.string(),
  titeltekst: z.string(),
  bodytekst: z.string(),
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
