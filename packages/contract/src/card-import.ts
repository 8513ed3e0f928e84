import { z } from 'zod/mini';
import { OwnContentIdSchema, OwnSetDetailSchema } from './own-cards.ts';

/*
 * Importing cards into a new set of her own (issue 28): a text (one card per line) or an Anki
 * package is sent as the request body itself, twice: first for a preview (nothing stored), then,
 * after she confirms, for the import (all cards in one transaction). Between the two the server
 * keeps nothing: the same file with the same choices gives the same cards (decision 024).
 */

/** What the file is: a text (pasted, .txt, .csv, .tsv), an Anki package (.apkg) or collection (.colpkg). */
export const CARD_IMPORT_SOURCES = ['text', 'apkg', 'colpkg'] as const;
export const CARD_IMPORT_SEPARATORS = ['tab', 'comma', 'semicolon', 'custom'] as const;
/** Cards the preview shows as they will look. */
export const CARD_IMPORT_PREVIEW_CARDS = 10;
/** Most characters of a custom separator. */
export const CARD_IMPORT_CUSTOM_SEPARATOR_MAX = 5;

const FieldIndex = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(99));

/** One note type's choice: which field goes on the front and which on the back. */
export const CardImportMappingSchema = z.object({
  noteTypeId: z.string().check(z.regex(/^\d{1,20}$/)),
  front: FieldIndex,
  back: FieldIndex,
});

/** The query of both requests (the body is the file). */
export const CardImportQuerySchema = z.object({
  source: z.enum(CARD_IMPORT_SOURCES),
  /** absent: detected */
  separator: z.optional(z.enum(CARD_IMPORT_SEPARATORS)),
  customSeparator: z.optional(z.string().check(z.minLength(1), z.maxLength(CARD_IMPORT_CUSTOM_SEPARATOR_MAX))),
  /** absent: recognised */
  header: z.optional(z.enum(['yes', 'no'])),
  /** note types with more than two fields: `noteTypeId:front:back`, comma-separated */
  mapping: z.optional(z.string().check(z.maxLength(2000), z.regex(/^(\d{1,20}:\d{1,2}:\d{1,2})(,\d{1,20}:\d{1,2}:\d{1,2})*$/, 'ongeldige veldkeuze'))),
});
export type CardImportQuery = z.infer<typeof CardImportQuerySchema>;

/** The import's own query: the preview's, the set's name, and whether to leave out the cards with a problem. */
export const CardImportConfirmQuerySchema = z.extend(CardImportQuerySchema, {
  title: z.string().check(z.trim(), z.minLength(1, 'Geef de set een naam.'), z.maxLength(120, 'Een naam is hoogstens 120 tekens.')),
  /** 'yes': import the cards without a problem and leave the others out */
  skipProblems: z.optional(z.enum(['yes', 'no'])),
  /** the subject of her library the set goes into; absent: a personal set */
  subjectId: z.optional(OwnContentIdSchema),
  /** a chapter of that subject every card is linked to (counts in its readiness); needs subjectId */
  chapterId: z.optional(OwnContentIdSchema),
});
export type CardImportConfirmQuery = z.infer<typeof CardImportConfirmQuerySchema>;

export const CardImportProblemSchema = z.object({
  /** "regel 4", "notitie 12", a picture's name */
  where: z.string(),
  message: z.string(),
  /** true: that card is left out; false: imported, with this remark */
  skipped: z.boolean(),
});

export const CardImportPreviewCardSchema = z.object({
  source: z.string(),
  front: z.string(),
  back: z.string(),
  /** the sides as the set will show them (sanitized HTML) */
  frontHtml: z.string(),
  backHtml: z.string(),
  /** the picture's name in the package, or null */
  frontPicture: z.nullable(z.string()),
  backPicture: z.nullable(z.string()),
  tags: z.array(z.string()),
});

export const CardImportNoteTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['standard', 'cloze']),
  fields: z.array(z.string()),
  front: z.int(),
  back: z.int(),
  notes: z.int(),
});

/** POST /api/card-imports/preview */
export const CardImportPreviewSchema = z.object({
  source: z.enum(CARD_IMPORT_SOURCES),
  /** a name for the set: the deck's name, or empty */
  suggestedTitle: z.string(),
  separator: z.nullable(z.enum(CARD_IMPORT_SEPARATORS)),
  customSeparator: z.nullable(z.string()),
  header: z.boolean(),
  /** cards that will be imported */
  cardCount: z.int(),
  /** cards left out for a problem */
  skippedCount: z.int(),
  pictureCount: z.int(),
  /** the first CARD_IMPORT_PREVIEW_CARDS cards */
  cards: z.array(CardImportPreviewCardSchema),
  problems: z.array(CardImportProblemSchema),
  notices: z.array(z.string()),
  noteTypes: z.array(CardImportNoteTypeSchema),
});
export type CardImportPreview = z.infer<typeof CardImportPreviewSchema>;

/** POST /api/card-imports: the set made, with its cards as stored (like creating a set by hand). */
export const CardImportResultSchema = OwnSetDetailSchema;
export type CardImportResult = z.infer<typeof CardImportResultSchema>;

export const CARD_EXPORT_FORMATS = ['csv', 'apkg'] as const;
export const CardExportQuerySchema = z.object({ format: z.enum(CARD_EXPORT_FORMATS) });
