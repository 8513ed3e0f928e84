import { z } from 'zod/mini';
import { TimeZoneSchema } from './flashcards.ts';
import { OWN_CARD_TAGS_MAX, OWN_CARD_TAG_MAX } from './own-card-limits.ts';

/*
 * Her own flashcards (issue 28): sets she makes, inside a subject of her library or personal
 * (outside any subject), cards with the same light Markdown as the demo cards and an optional
 * picture per side, studied through the flashcard sessions, and shared by a link a signed-in
 * classmate copies from. Nobody else ever reads them: another student's ids answer 404.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Own set and card ids are UUIDv7. */
export const OwnIdSchema = z.string().check(z.regex(UUID, 'ongeldige id'));
/** Content ids (subjects, chapters, summaries) are slugs. */
export const OwnContentIdSchema = z.string().check(z.minLength(1), z.maxLength(160), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ongeldige id'));
/** Share tokens: 32 random bytes, base64url. */
export const ShareTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'ongeldige link'));

/** Longest side of a card (Markdown characters). */
export const OWN_CARD_SIDE_MAX = 2000;
export const OWN_SET_TITLE_MAX = 120;
export const OWN_SET_DESCRIPTION_MAX = 500;
/** Most cards in one set (a session holds a whole set). */
export const OWN_SET_MAX_CARDS = 1000;
/** Most sets one student keeps. */
export const OWN_SETS_MAX = 200;
/** Most cards one student keeps over all her sets. */
export const OWN_CARDS_MAX = 10_000;
/** Most pictures one student keeps on her cards. */
export const OWN_PICTURES_MAX = 1000;
/** A card picture as uploaded: jpg, png or webp up to 5 MB (the profile picture's rule), re-encoded as WebP. */
export const OWN_CARD_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const OWN_CARD_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Longest edge of a stored card picture (px). */
export const OWN_CARD_PICTURE_EDGE = 1200;

export { OWN_CARD_TAGS_MAX, OWN_CARD_TAG_MAX } from './own-card-limits.ts';
/** A card's tags: each once, without spaces. */
export const OwnCardTagsSchema = z
  .array(z.string().check(z.minLength(1), z.maxLength(OWN_CARD_TAG_MAX, `Een label is hoogstens ${OWN_CARD_TAG_MAX} tekens.`), z.regex(/^\S+$/, 'Een label heeft geen spaties.')))
  .check(z.maxLength(OWN_CARD_TAGS_MAX, `Een kaart heeft hoogstens ${OWN_CARD_TAGS_MAX} labels.`));

const TitleSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'Geef de set een naam.'),
  z.maxLength(OWN_SET_TITLE_MAX, `Een naam is hoogstens ${OWN_SET_TITLE_MAX} tekens.`),
);
const DescriptionSchema = z.string().check(z.trim(), z.maxLength(OWN_SET_DESCRIPTION_MAX, `Een beschrijving is hoogstens ${OWN_SET_DESCRIPTION_MAX} tekens.`));
/** One side's Markdown: not empty once trimmed (a side may be only a picture: then send one space and a picture). */
export const OwnCardSideTextSchema = z.string().check(z.maxLength(OWN_CARD_SIDE_MAX, `Een kant is hoogstens ${OWN_CARD_SIDE_MAX} tekens.`));

/** GET /own-flashcard-sets: all her sets, or (subjectId) only those in that subject, as its flashcards overview shows them, or (courseId) those in one of her courses. */
export const OwnSetListQuerySchema = z.object({ subjectId: z.optional(OwnContentIdSchema), courseId: z.optional(OwnIdSchema) });

export const OwnSetParamsSchema = z.object({ id: OwnIdSchema });
export const OwnCardParamsSchema = z.object({ id: OwnIdSchema });
export const OWN_CARD_SIDES = ['front', 'back'] as const;
export const OwnCardSideSchema = z.enum(OWN_CARD_SIDES);
export const OwnCardPictureParamsSchema = z.object({ id: OwnIdSchema, side: OwnCardSideSchema });
export const ShareParamsSchema = z.object({ token: ShareTokenSchema });

/** A new set: inside a subject (a catalogue subject id), in one of her own courses, or personal (null / absent). */
export const CreateOwnSetBodySchema = z.object({
  title: TitleSchema,
  description: z._default(DescriptionSchema, ''),
  subjectId: z._default(z.nullable(OwnContentIdSchema), null),
  /** one of her own courses instead (issue 41); not with a subject */
  courseId: z._default(z.nullable(OwnIdSchema), null),
});
export type CreateOwnSetBody = z.input<typeof CreateOwnSetBodySchema>;

/**
 * Rename, describe or move a set: to another subject, into one of her own courses (issue 41;
 * `courseId`, then `subjectId` must be null) or out of both. Leaving `courseId` out keeps the set's
 * course as it is (older apps send only `subjectId`); a subject given takes the set out of its course.
 */
export const UpdateOwnSetBodySchema = z.object({
  title: TitleSchema,
  description: DescriptionSchema,
  subjectId: z.nullable(OwnContentIdSchema),
  courseId: z.optional(z.nullable(OwnIdSchema)),
});
export type UpdateOwnSetBody = z.infer<typeof UpdateOwnSetBodySchema>;

/** A new card (at the end of the set) or a card's new text. */
export const OwnCardBodySchema = z.object({
  front: OwnCardSideTextSchema,
  back: OwnCardSideTextSchema,
  /** the chapter she made it from (the reader's "Maak flashcard"); counts in its readiness */
  chapterId: z._default(z.nullable(OwnContentIdSchema), null),
  /** the summary that chapter is in */
  summaryId: z._default(z.nullable(OwnContentIdSchema), null),
  /** her tags; absent: a new card has none, an edited card keeps its own */
  tags: z.optional(OwnCardTagsSchema),
});
export type OwnCardBody = z.input<typeof OwnCardBodySchema>;

/** The new order of every card of a set (all of them, each once). */
export const ReorderOwnCardsBodySchema = z.object({ cardIds: z.array(OwnIdSchema).check(z.maxLength(OWN_SET_MAX_CARDS)) });
/** The new order of every one of her sets. */
export const ReorderOwnSetsBodySchema = z.object({ setIds: z.array(OwnIdSchema).check(z.maxLength(OWN_SETS_MAX)) });

/** One side of her card: the Markdown she wrote, its sanitized HTML and the picture's URL. */
export const OwnCardFaceSchema = z.object({
  markdown: z.string(),
  html: z.string(),
  pictureUrl: z.nullable(z.string()),
});
export type OwnCardFace = z.infer<typeof OwnCardFaceSchema>;

export const OwnCardSchema = z.object({
  id: z.string(),
  setId: z.string(),
  sortIndex: z.int(),
  front: OwnCardFaceSchema,
  back: OwnCardFaceSchema,
  chapterId: z.nullable(z.string()),
  summaryId: z.nullable(z.string()),
  /** her tags (kept from an import, written on export) */
  tags: z.array(z.string()),
  isFavorite: z.boolean(),
  /** her latest verdict: true 'Wist ik', false 'Wist ik niet', null never answered */
  known: z.nullable(z.boolean()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnCard = z.infer<typeof OwnCardSchema>;

/** A set in her list. */
export const OwnSetSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** null: a personal set outside any subject */
  subjectId: z.nullable(z.string()),
  subjectTitle: z.nullable(z.string()),
  /** one of her own courses (issue 41); null when the set is not in one */
  courseId: z.nullable(z.string()),
  courseName: z.nullable(z.string()),
  sortIndex: z.int(),
  cardCount: z.int().check(z.nonnegative()),
  knownCount: z.int().check(z.nonnegative()),
  /** knownCount / cardCount as 0..100 */
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  /** a share link is active */
  shared: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnSetSummary = z.infer<typeof OwnSetSummarySchema>;

export const OwnSetListSchema = z.object({
  sets: z.array(OwnSetSummarySchema),
  limits: z.object({ sets: z.int(), cardsPerSet: z.int(), cards: z.int(), cardCount: z.int() }),
});
export type OwnSetList = z.infer<typeof OwnSetListSchema>;

/** An active share link of a set: the token a classmate opens (/kaarten/gedeeld/{token}). */
export const OwnSetShareSchema = z.object({ token: z.string(), createdAt: z.string() });
export type OwnSetShare = z.infer<typeof OwnSetShareSchema>;

/** What she can study in a set: like a subject's flashcards overview (decision 011). */
export const OwnSetStudySchema = z.object({
  /** her latest unfinished session of the whole set */
  sessionId: z.nullable(z.string()),
  favorites: z.object({
    cardCount: z.int().check(z.nonnegative()),
    knownCount: z.int().check(z.nonnegative()),
    sessionId: z.nullable(z.string()),
  }),
  /** FSRS (leitnerEnabled): due today, new she may start today; null when it is off */
  review: z.nullable(
    z.object({
      dueCount: z.int().check(z.nonnegative()),
      newCount: z.int().check(z.nonnegative()),
      newCardsPerDay: z.int().check(z.nonnegative()),
      sessionId: z.nullable(z.string()),
    }),
  ),
});

/** A set with its cards, what she can study, and its share link. */
export const OwnSetDetailSchema = z.extend(OwnSetSummarySchema, {
  cards: z.array(OwnCardSchema),
  study: OwnSetStudySchema,
  share: z.nullable(OwnSetShareSchema),
});
export type OwnSetDetail = z.infer<typeof OwnSetDetailSchema>;

export const OwnSetDetailQuerySchema = z.object({
  /** her IANA time zone, for "due today" (FSRS) */
  timeZone: z.optional(TimeZoneSchema),
});

/** A shared set as a classmate sees it before she copies it. */
export const SharedSetPreviewSchema = z.object({
  title: z.string(),
  description: z.string(),
  subjectTitle: z.nullable(z.string()),
  cardCount: z.int().check(z.nonnegative()),
  /** the first few cards as they look */
  cards: z.array(z.object({ front: z.object({ html: z.string(), pictureUrl: z.nullable(z.string()) }), back: z.object({ html: z.string(), pictureUrl: z.nullable(z.string()) }) })),
});
export type SharedSetPreview = z.infer<typeof SharedSetPreviewSchema>;
/** Cards a preview shows. */
export const SHARED_PREVIEW_CARDS = 5;

/** Start a session over her set: the whole set, her favorites in it, or (FSRS) what is due. */
export const StartOwnSessionBodySchema = z.object({
  source: z._default(z.enum(['set', 'favorites', 'review']), 'set'),
  order: z._default(z.enum(['written', 'shuffled']), 'written'),
  firstSide: z._default(z.enum(['front', 'back']), 'front'),
  onlyUnknown: z._default(z.boolean(), false),
  timeZone: z.optional(TimeZoneSchema),
});
export type StartOwnSessionBody = z.input<typeof StartOwnSessionBodySchema>;
