import { z } from 'zod/mini';
import { MAX_QUOTE_LENGTH } from '@blok/domain/anchoring';

// Her highlights and notes in the reader (issue 28, decision 025). A note is a highlight with text.

/** Content ids (summaries, chapters) are slugs from the content files. */
const ContentId = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** Annotation ids are UUIDs made by the app that creates one, so a queued edit can name it offline. */
export const AnnotationIdSchema = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'ongeldige id'));

/** The highlight colours; each keeps the text on it at AA contrast. */
export const ANNOTATION_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
export const AnnotationColorSchema = z.enum(ANNOTATION_COLORS);
export type AnnotationColor = z.infer<typeof AnnotationColorSchema>;

/** The longest note. */
export const MAX_NOTE_LENGTH = 2000;
/** Characters of context kept on either side of the quote (ANCHOR_CONTEXT_LENGTH, with room). */
const MAX_CONTEXT_LENGTH = 64;
/** Most highlights and notes one student keeps in one summary. */
export const MAX_ANNOTATIONS_PER_SUMMARY = 1000;

const NoteSchema = z.nullable(z.string().check(z.trim(), z.maxLength(MAX_NOTE_LENGTH, `Een notitie is hoogstens ${MAX_NOTE_LENGTH} tekens.`)));

/** W3C Web Annotation style: TextQuoteSelector (exact, prefix, suffix) and TextPositionSelector. */
export const AnnotationAnchorSchema = z.object({
  quote: z.object({
    exact: z.string().check(z.minLength(1), z.maxLength(MAX_QUOTE_LENGTH), z.refine((s) => s.trim().length > 0, 'Selecteer eerst tekst.')),
    prefix: z.string().check(z.maxLength(MAX_CONTEXT_LENGTH)),
    suffix: z.string().check(z.maxLength(MAX_CONTEXT_LENGTH)),
  }),
  position: z
    .object({ start: z.int().check(z.nonnegative()), end: z.int().check(z.nonnegative()) })
    .check(z.refine((p) => p.end > p.start, { message: 'Het einde ligt na het begin.', path: ['end'] })),
});
export type AnnotationAnchor = z.infer<typeof AnnotationAnchorSchema>;

export const SummaryAnnotationsParamsSchema = z.object({ id: ContentId });
export const AnnotationParamsSchema = z.object({ id: AnnotationIdSchema });

/** POST summaries/{id}/annotations: a highlight (note null) or a note, in a chapter she may read. */
export const CreateAnnotationBodySchema = z.object({
  id: AnnotationIdSchema,
  chapterId: ContentId,
  color: AnnotationColorSchema,
  note: z._default(NoteSchema, null),
  anchor: AnnotationAnchorSchema,
});
export type CreateAnnotationBody = z.input<typeof CreateAnnotationBodySchema>;

/** PATCH annotations/{id}: another colour, or the note written, changed or removed (null). */
export const UpdateAnnotationBodySchema = z
  .object({ color: z.optional(AnnotationColorSchema), note: z.optional(NoteSchema) })
  .check(z.refine((b) => b.color !== undefined || b.note !== undefined, 'Geef een kleur of een notitie.'));
export type UpdateAnnotationBody = z.infer<typeof UpdateAnnotationBodySchema>;

/** One highlight or note as stored. */
export const AnnotationSchema = z.object({
  id: z.string(),
  summaryId: z.string(),
  chapterId: z.string(),
  color: AnnotationColorSchema,
  note: z.nullable(z.string()),
  anchor: AnnotationAnchorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Annotation = z.infer<typeof AnnotationSchema>;

/**
 * A highlight or note in the list of a summary ('Mijn markeringen'), placed in the chapter as it
 * is now: `found` null when its text is no longer there ('niet meer gevonden'), or when the chapter
 * is locked for her (Premium ended) or gone.
 */
export const ListedAnnotationSchema = z.extend(AnnotationSchema, {
  chapterTitleText: z.nullable(z.string()),
  chapterNumber: z.nullable(z.int()),
  found: z.nullable(z.object({ start: z.int(), end: z.int(), moved: z.boolean() })),
});
export type ListedAnnotation = z.infer<typeof ListedAnnotationSchema>;

/** GET summaries/{id}/annotations: hers, in reading order (chapter, then place). */
export const SummaryAnnotationsSchema = z.object({
  summaryId: z.string(),
  annotations: z.array(ListedAnnotationSchema),
});
export type SummaryAnnotations = z.infer<typeof SummaryAnnotationsSchema>;

// ---------------------------------------------------------------- her PDFs (issue 41)

/** Course and file ids are UUIDs (as in ./courses.ts). */
const UuidSchema = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'ongeldige id'));

/** Most highlights and notes one student keeps in one PDF. */
export const MAX_ANNOTATIONS_PER_FILE = 1000;

/**
 * Where a highlight lies in her PDF: the page (from 1), and the quote with its context and where it
 * was in the text of that page's text layer (pdf.js's text items in order, as the viewer lays them
 * out). The quote is the text between start and end, so its length is theirs.
 */
export const PdfAnnotationAnchorSchema = z
  .extend(AnnotationAnchorSchema, { page: z.int().check(z.positive('Een pagina begint bij 1.')) })
  .check(
    z.refine((a) => a.position.end - a.position.start === a.quote.exact.length, {
      message: 'Het citaat is zo lang als de plek waar het staat.',
      path: ['position'],
    }),
  );
export type PdfAnnotationAnchor = z.infer<typeof PdfAnnotationAnchorSchema>;

export const CourseAnnotationsParamsSchema = z.object({ id: UuidSchema });
export const CourseFileAnnotationsParamsSchema = z.object({ id: UuidSchema, fileId: UuidSchema });

/** POST courses/{id}/files/{fileId}/annotations: a highlight (note null) or a note on a page of her PDF. */
export const CreatePdfAnnotationBodySchema = z.object({
  id: AnnotationIdSchema,
  color: AnnotationColorSchema,
  note: z._default(NoteSchema, null),
  anchor: PdfAnnotationAnchorSchema,
});
export type CreatePdfAnnotationBody = z.input<typeof CreatePdfAnnotationBodySchema>;

/** One highlight or note in her PDF as stored. PATCH and DELETE pdf-annotations/{id} change it. */
export const PdfAnnotationSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  fileId: z.string(),
  color: AnnotationColorSchema,
  note: z.nullable(z.string()),
  anchor: PdfAnnotationAnchorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PdfAnnotation = z.infer<typeof PdfAnnotationSchema>;

/** In 'Mijn markeringen' of a course: with the name of its file. */
export const ListedPdfAnnotationSchema = z.extend(PdfAnnotationSchema, { fileName: z.string() });
export type ListedPdfAnnotation = z.infer<typeof ListedPdfAnnotationSchema>;

/** GET courses/{id}/annotations: hers in a course, by file (newest first, as the course lists them), page and place. */
export const CourseAnnotationsSchema = z.object({
  courseId: z.string(),
  annotations: z.array(ListedPdfAnnotationSchema),
});
export type CourseAnnotations = z.infer<typeof CourseAnnotationsSchema>;
