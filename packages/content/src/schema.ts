import { z } from 'zod';

/** A slug used as a stable id in content files: lowercase letters, digits and dashes. */
export const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'moet een slug zijn (kleine letters, cijfers en streepjes)');

/** Relative path inside a subject folder, never leaving it. */
export const RelativePathSchema = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'moet een relatief pad binnen de map zijn');

export const ImagePathSchema = RelativePathSchema.refine(
  (p) => /^images\/[a-z0-9-]+\.(svg|png|jpe?g|webp)$/.test(p),
  'moet naar images/<naam>.svg|png|jpg|webp wijzen',
);

export const AudienceSchema = z.object({
  /** study key from the onboarding catalogue, e.g. "psychologie" */
  study: SlugSchema,
  /** year key from the onboarding catalogue, e.g. "bachelor-1" */
  year: SlugSchema,
});

export const ChapterManifestSchema = z.object({
  id: SlugSchema,
  /** Markdown file with the chapter text, e.g. chapters/01-intro.md */
  file: RelativePathSchema.refine((p) => p.endsWith('.md'), 'moet een .md-bestand zijn'),
  /** May contain inline markup (<em>, <strong>); valid only if non-empty without markup. */
  title: z.string(),
  /** 1 = high (exam essential), 2 = medium, 3 = low */
  priority: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  startPage: z.number().int().positive(),
  endPage: z.number().int().positive(),
  access: z.enum(['free', 'premium']),
  /** id of a question list of this subject that practises this chapter */
  questionList: SlugSchema.optional(),
});

export const SummaryManifestSchema = z.object({
  id: SlugSchema,
  title: z.string().min(1),
  /** the source the summary covers, e.g. a textbook and edition */
  source: z.string().min(1),
  description: z.string().min(1),
  chapters: z.array(ChapterManifestSchema).min(1),
});

export const SubjectManifestSchema = z.object({
  id: SlugSchema,
  title: z.string().min(1),
  description: z.string().min(1),
  audiences: z.array(AudienceSchema).min(1),
  summaries: z.array(SummaryManifestSchema).min(1),
  /** question list files, e.g. questions/h1-basis.yaml */
  questionLists: z.array(RelativePathSchema.refine((p) => /\.ya?ml$/.test(p), 'moet een .yaml-bestand zijn')).default([]),
  /** flashcard set files, e.g. flashcards/h1-basis.yaml */
  flashcardSets: z.array(RelativePathSchema.refine((p) => /\.ya?ml$/.test(p), 'moet een .yaml-bestand zijn')).default([]),
});

export const AnswerManifestSchema = z
  .object({
    /**
     * The answer's key within its question (a1, a2, ...). Optional: by default the written position
     * (a1 for the first answer). A student's picked answers point at it, so an answer that moves
     * keeps its id, and an answer whose meaning changes gets a new one.
     */
    id: SlugSchema.optional(),
    text: z.string().trim().min(1, 'antwoordtekst ontbreekt'),
    correct: z.boolean().default(false),
    /**
     * Keeps the answer at the position where it is written in every session (issue 26): for answers
     * whose place matters, such as "Alle bovenstaande", "Geen van bovenstaande" or the steps of a
     * numeric scale. Every other answer is shown in an order of the session's own.
     */
    pinned: z.boolean().default(false),
  })
  // strict, so that a misspelt `pinned` is refused instead of silently shuffled
  .strict();

/**
 * An answer that speaks of the answers above or below it ("Alle bovenstaande", "geen van de
 * voorgaande", "beide bovengenoemde") only makes sense at its written place.
 */
export const REFERS_TO_OTHER_ANSWERS = /\b(boven|onder)staande\b|\bbovengenoemde\b|\bhierboven\b|\bhieronder\b|\bvoorgaande\b|\balle (andere )?antwoorden\b|\bgeen van de (andere )?antwoorden\b/i;

/** The explanation every question shows after it is answered: never empty. */
const FeedbackSchema = z.string({ error: 'toelichting (feedback) ontbreekt' }).trim().min(1, 'toelichting (feedback) ontbreekt');

export const QuestionManifestSchema = z.discriminatedUnion('type', [
  z.object({
    id: SlugSchema,
    type: z.literal('SELECT'),
    text: z.string().min(1),
    picture: ImagePathSchema.optional(),
    /**
     * false (default): exactly one answer is correct. true: a multiple-answer question (checkboxes),
     * at least two answers correct and at least one wrong. Checked in load.ts (answerProblems).
     */
    multiple: z.boolean().default(false),
    /** 2 to 20 answers (labels A to T); an answer that refers to the others must be pinned */
    answers: z
      .array(AnswerManifestSchema)
      .min(2, 'minstens twee antwoorden')
      .max(20, 'hoogstens twintig antwoorden (A tot en met T)')
      .superRefine((answers, ctx) => {
        for (const [i, a] of answers.entries()) {
          if (!a.pinned && REFERS_TO_OTHER_ANSWERS.test(a.text)) {
            ctx.addIssue({
              code: 'custom',
              path: [i, 'pinned'],
              message: 'dit antwoord verwijst naar de andere antwoorden; zet het op zijn plaats vast met pinned: true',
            });
          }
        }
      }),
    feedback: FeedbackSchema,
    feedbackPicture: ImagePathSchema.optional(),
    recommended: z.boolean().default(false),
  }),
  z.object({
    id: SlugSchema,
    type: z.literal('TYPED'),
    text: z.string().min(1),
    picture: ImagePathSchema.optional(),
    /** the answers that count, the first shown as the expected one; case, accents and outer punctuation are ignored */
    accepted: z.array(z.string().trim().min(1, 'leeg geaccepteerd antwoord')).min(1, 'minstens één geaccepteerd antwoord'),
    /** false: only an exact answer counts (no typo tolerance), e.g. for names that differ by one letter */
    typos: z.boolean().default(true),
    feedback: FeedbackSchema,
    feedbackPicture: ImagePathSchema.optional(),
    recommended: z.boolean().default(false),
  }).strict(),
  z.object({
    id: SlugSchema,
    type: z.literal('NUMERIC'),
    text: z.string().min(1),
    picture: ImagePathSchema.optional(),
    /** the right value (a YAML number: 0.25, -3, 1250) */
    value: z.number({ error: 'value moet een getal zijn' }).finite(),
    /** how far off an answer may be: an amount (0.01), or with relative: true a share of the value (0.01 = 1 %) */
    tolerance: z.number().nonnegative('tolerance is niet negatief').default(0),
    relative: z.boolean().default(false),
    /** the unit shown beside the field (€, kg, %); she may leave it out, another unit is wrong */
    unit: z.string().trim().min(1).max(12).optional(),
    /** other spellings of the unit ("euro" for €) */
    unitAliases: z.array(z.string().trim().min(1)).default([]),
    feedback: FeedbackSchema,
    feedbackPicture: ImagePathSchema.optional(),
    recommended: z.boolean().default(false),
  }).strict(),
  z.object({
    id: SlugSchema,
    type: z.literal('ORDERING'),
    text: z.string().min(1),
    picture: ImagePathSchema.optional(),
    /** 2 to 10 items, written in the RIGHT order (students get them shuffled); an item with an id keeps it when it moves */
    items: z
      .array(z.union([z.string().trim().min(1, 'leeg item'), z.object({ id: SlugSchema.optional(), text: z.string().trim().min(1, 'leeg item') }).strict()]))
      .min(2, 'minstens twee items')
      .max(10, 'hoogstens tien items'),
    feedback: FeedbackSchema,
    feedbackPicture: ImagePathSchema.optional(),
    recommended: z.boolean().default(false),
  }).strict(),
  z.object({
    id: SlugSchema,
    type: z.literal('MATCHING'),
    text: z.string().min(1),
    picture: ImagePathSchema.optional(),
    /** 2 to 8 pairs: each left item and the right item it belongs with */
    pairs: z.array(z.object({ left: z.string().trim().min(1, 'lege linkerkant'), right: z.string().trim().min(1, 'lege rechterkant') }).strict()).min(2, 'minstens twee paren').max(8, 'hoogstens acht paren'),
    /** right items that belong with no left one (they make the last pair not a given) */
    decoys: z.array(z.string().trim().min(1)).max(4, 'hoogstens vier afleiders').default([]),
    feedback: FeedbackSchema,
    feedbackPicture: ImagePathSchema.optional(),
    recommended: z.boolean().default(false),
  }).strict(),
  z.object({
    id: SlugSchema,
    type: z.literal('CLOZE'),
    /** the sentence with its gaps: {{answer}} or {{answer|variant}}; an instruction may come before it in `instruction` */
    text: z.string().min(1),
    /** shown above the sentence; default "Vul de open plekken in." */
    instruction: z.string().trim().min(1).optional(),
    picture: ImagePathSchema.optional(),
    typos: z.boolean().default(true),
    feedback: FeedbackSchema,
    feedbackPicture: ImagePathSchema.optional(),
    recommended: z.boolean().default(false),
  }).strict(),
  z.object({
    id: SlugSchema,
    type: z.literal('OPEN'),
    text: z.string().min(1),
    picture: ImagePathSchema.optional(),
    /** the model answer the student compares her own answer with */
    modelAnswer: z.string().trim().min(1, 'modelantwoord ontbreekt'),
    feedback: FeedbackSchema,
    feedbackPicture: ImagePathSchema.optional(),
    recommended: z.boolean().default(false),
  }),
]);

export const QuestionListManifestSchema = z.object({
  id: SlugSchema,
  title: z.string().min(1),
  description: z.string().min(1),
  sortIndex: z.number().int().nonnegative(),
  /** 2 = show answers (feedback) in between; 1 = only in the results */
  answerDisplaying: z.union([z.literal(1), z.literal(2)]),
  /** how many questions a "recommended" session draws */
  recommendedQuestions: z.number().int().positive(),
  /** chapter id (within this subject) the list practises, if any */
  chapter: SlugSchema.optional(),
  questions: z.array(QuestionManifestSchema).min(1),
});

export const FlashcardManifestSchema = z.object({
  /** globally unique card id (favorites and study progress point at it) */
  id: SlugSchema,
  /** Markdown, rendered to sanitized HTML at import */
  front: z.string().trim().min(1, 'voorkant ontbreekt'),
  back: z.string().trim().min(1, 'achterkant ontbreekt'),
  frontPicture: ImagePathSchema.optional(),
  backPicture: ImagePathSchema.optional(),
});

export const FlashcardSetManifestSchema = z.object({
  /** globally unique set id */
  id: SlugSchema,
  title: z.string().trim().min(1, 'titel ontbreekt'),
  description: z.string().trim().min(1, 'beschrijving ontbreekt'),
  sortIndex: z.number().int().nonnegative(),
  /** chapter id (within this subject) the set belongs to, if any */
  chapter: SlugSchema.optional(),
  cards: z.array(FlashcardManifestSchema).min(1, 'een set heeft minstens één kaart'),
});

export type SubjectManifest = z.infer<typeof SubjectManifestSchema>;
export type SummaryManifest = z.infer<typeof SummaryManifestSchema>;
export type ChapterManifest = z.infer<typeof ChapterManifestSchema>;
export type QuestionListManifest = z.infer<typeof QuestionListManifestSchema>;
export type QuestionManifest = z.infer<typeof QuestionManifestSchema>;
export type FlashcardSetManifest = z.infer<typeof FlashcardSetManifestSchema>;
export type FlashcardManifest = z.infer<typeof FlashcardManifestSchema>;
