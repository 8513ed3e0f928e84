import { z } from 'zod/mini';

/*
 * Flashcards: a subject's sets, a student's favorites, study sessions (known / not known per card,
 * saved as she goes, resumable on any device) and, behind the leitnerEnabled flag, spaced
 * repetition with FSRS (ratings 1 Again, 2 Hard, 3 Good, 4 Easy).
 *
 * Positions: `position` and `currentIndex` are 0-based positions in the session. Once she has
 * answered the last card `currentIndex` equals `cardCount` and `finished` is true.
 */

/** Content ids are slugs: lowercase letters, digits and dashes. */
const ContentIdSchema = z.string().check(z.minLength(1), z.maxLength(160), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ongeldige id'));
/** Session ids are UUIDv7. */
const FlashcardSessionIdSchema = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'ongeldige sessie-id'));

/** Most cards one session holds (a whole own set: OWN_SET_MAX_CARDS). */
export const MAX_SESSION_CARDS = 1000;
/** Longest time on one card the review log keeps (ms): a card left open over lunch is not 2 hours of study. */
export const MAX_REVIEW_DURATION_MS = 3_600_000;

/** An IANA time zone the runtime knows (e.g. Europe/Amsterdam): FSRS's day boundaries are hers. */
export const TimeZoneSchema = z.string().check(z.minLength(1), z.maxLength(64), z.refine(isKnownTimeZone, 'onbekende tijdzone'));

/** Zones already found valid: a formatter per request costs ICU memory the collector does not see. */
const knownTimeZones = new Set<string>();
function isKnownTimeZone(tz: string): boolean {
  if (knownTimeZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    return false;
  }
  knownTimeZones.add(tz);
  return true;
}

export const FLASHCARD_ORDERS = ['written', 'shuffled'] as const;
export const FLASHCARD_SIDES = ['front', 'back'] as const;
/** 'set': one set; 'favorites': her starred cards of the subject; 'review': FSRS due and new cards. */
export const FLASHCARD_SOURCES = ['set', 'favorites', 'review'] as const;
/** FSRS ratings: 1 Again (Opnieuw), 2 Hard (Moeilijk), 3 Good (Goed), 4 Easy (Makkelijk). */
export const FSRS_RATINGS = [1, 2, 3, 4] as const;

export const FlashcardOrderSchema = z.enum(FLASHCARD_ORDERS);
export const FlashcardSideNameSchema = z.enum(FLASHCARD_SIDES);
export const FlashcardSourceSchema = z.enum(FLASHCARD_SOURCES);
export const FsrsRatingSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type FsrsRating = z.infer<typeof FsrsRatingSchema>;

export const FlashcardSetsQuerySchema = z.object({
  subjectId: ContentIdSchema,
  /** her time zone, for "due today" (FSRS); UTC when absent */
  timeZone: z.optional(TimeZoneSchema),
});
export const FlashcardSessionParamsSchema = z.object({ id: FlashcardSessionIdSchema });
export const FlashcardParamsSchema = z.object({ id: ContentIdSchema });

/** A set on the overview: cards, how many she knows, her open session. */
export const FlashcardSetSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  sortIndex: z.int(),
  chapterId: z.nullable(z.string()),
  cardCount: z.int().check(z.nonnegative()),
  /** cards whose latest verdict is 'Wist ik' */
  knownCount: z.int().check(z.nonnegative()),
  /** knownCount / cardCount as 0..100 */
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  /** her latest unfinished session of this set, to resume */
  sessionId: z.nullable(z.string()),
  /** FSRS on: cards of this set due by the end of her day; null when FSRS is off */
  dueCount: z.nullable(z.int().check(z.nonnegative())),
});
export type FlashcardSetSummary = z.infer<typeof FlashcardSetSummarySchema>;

/** The flashcards overview of a subject (GET /api/flashcard-sets?subjectId=). */
export const FlashcardOverviewSchema = z.object({
  subjectId: z.string(),
  subjectTitle: z.string(),
  sets: z.array(FlashcardSetSummarySchema),
  favorites: z.object({
    cardCount: z.int().check(z.nonnegative()),
    knownCount: z.int().check(z.nonnegative()),
    sessionId: z.nullable(z.string()),
  }),
  /** FSRS spaced repetition; null when leitnerEnabled is off */
  review: z.nullable(z.object({
      /** cards due by the end of her day */
      dueCount: z.int().check(z.nonnegative()),
      /** new cards she may still start today (daily limit minus the new cards she started today) */
      newCount: z.int().check(z.nonnegative()),
      newCardsPerDay: z.int().check(z.nonnegative()),
      sessionId: z.nullable(z.string()),
    })),
});
export type FlashcardOverview = z.infer<typeof FlashcardOverviewSchema>;

export const StartFlashcardSessionBodySchema = z.object({
    subjectId: ContentIdSchema,
    source: FlashcardSourceSchema,
    /** required for source 'set' */
    flashcardSetId: z.optional(ContentIdSchema),
    order: z._default(FlashcardOrderSchema, 'written'),
    firstSide: z._default(FlashcardSideNameSchema, 'front'),
    /** only the cards whose latest verdict is not 'Wist ik' */
    onlyUnknown: z._default(z.boolean(), false),
    /** her time zone (review sessions: "today" and the daily limit of new cards) */
    timeZone: z.optional(TimeZoneSchema),
  }).check(z.refine((b) => b.source !== 'set' || b.flashcardSetId !== undefined, { message: 'kies een set', path: ['flashcardSetId'] }));
export type StartFlashcardSessionBody = z.input<typeof StartFlashcardSessionBodySchema>;

/** One side of a card: sanitized HTML rendered at import, and an optional picture. */
export const FlashcardFaceSchema = z.object({
  html: z.string(),
  pictureUrl: z.nullable(z.string()),
});

/** Next interval per rating, in seconds from now (FSRS sessions only). */
export const FsrsIntervalsSchema = z.object({
  again: z.int().check(z.nonnegative()),
  hard: z.int().check(z.nonnegative()),
  good: z.int().check(z.nonnegative()),
  easy: z.int().check(z.nonnegative()),
});
export type FsrsIntervals = z.infer<typeof FsrsIntervalsSchema>;

export const FlashcardSessionCardSchema = z.object({
  position: z.int().check(z.nonnegative()),
  flashcardId: z.string(),
  flashcardSetId: z.string(),
  front: FlashcardFaceSchema,
  back: FlashcardFaceSchema,
  isFavorite: z.boolean(),
  /** her verdict in this session: true 'Wist ik', false 'Wist ik niet', null not yet */
  known: z.nullable(z.boolean()),
  /** FSRS rating given in this session */
  rating: z.nullable(FsrsRatingSchema),
  /** FSRS sessions: the card's schedule version (send it back with the rating) and next intervals */
  scheduleVersion: z.nullable(z.int().check(z.nonnegative())),
  intervals: z.nullable(FsrsIntervalsSchema),
});
export type FlashcardSessionCard = z.infer<typeof FlashcardSessionCardSchema>;

export const FlashcardSessionSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  subjectTitle: z.string(),
  source: FlashcardSourceSchema,
  flashcardSetId: z.nullable(z.string()),
  title: z.string(),
  order: FlashcardOrderSchema,
  firstSide: FlashcardSideNameSchema,
  onlyUnknown: z.boolean(),
  currentIndex: z.int().check(z.nonnegative()),
  cardCount: z.int().check(z.nonnegative()),
  knownCount: z.int().check(z.nonnegative()),
  unknownCount: z.int().check(z.nonnegative()),
  finished: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  cards: z.array(FlashcardSessionCardSchema),
});
export type FlashcardSession = z.infer<typeof FlashcardSessionSchema>;

/** Longest typed answer to a card the API takes. */
export const MAX_TYPED_CARD_ANSWER_LENGTH = 300;

/**
 * 'Wist ik' (known) or 'Wist ik niet' for the card at `position`; moves on to the next card. With
 * `typedAnswer` (Anki's "type in the answer", issue 40) the app judges it instead: known when it
 * matches the answer side as a typed answer does (@blok/domain/question-types gradeCardAnswer), and
 * it is graded evidence for readiness; `known` is then ignored.
 */
export const AnswerFlashcardBodySchema = z.object({
  position: z.int().check(z.nonnegative(), z.maximum(MAX_SESSION_CARDS)),
  known: z.boolean(),
  /** what she typed as the answer */
  typedAnswer: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_TYPED_CARD_ANSWER_LENGTH))),
  /** the card she saw at `position`; a card removed by a release since is refused (404), not mistaken for the next (decision 029) */
  flashcardId: z.optional(z.string().check(z.maxLength(200))),
});
export type AnswerFlashcardBody = z.infer<typeof AnswerFlashcardBodySchema>;

/** An FSRS rating for the card at `position` of a review session; moves on to the next card. */
export const RateFlashcardBodySchema = z.object({
  position: z.int().check(z.nonnegative(), z.maximum(MAX_SESSION_CARDS)),
  /** the card she saw at `position` (see AnswerFlashcardBody) */
  flashcardId: z.optional(z.string().check(z.maxLength(200))),
  rating: FsrsRatingSchema,
  /** the scheduleVersion she saw; another device's review in between answers 409 conflict */
  scheduleVersion: z.int().check(z.nonnegative()),
  /** time spent on the card (ms) */
  durationMs: z.int().check(z.nonnegative(), z.maximum(MAX_REVIEW_DURATION_MS)),
  timeZone: TimeZoneSchema,
});
export type RateFlashcardBody = z.infer<typeof RateFlashcardBodySchema>;

/** Go to a card (back to an earlier one, or resume elsewhere). */
export const FlashcardPositionBodySchema = z.object({
  position: z.int().check(z.nonnegative(), z.maximum(MAX_SESSION_CARDS)),
});
export type FlashcardPositionBody = z.infer<typeof FlashcardPositionBodySchema>;

export const FlashcardFavoriteSchema = z.object({
  flashcardId: z.string(),
  isFavorite: z.boolean(),
});
export type FlashcardFavorite = z.infer<typeof FlashcardFavoriteSchema>;
