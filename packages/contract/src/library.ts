import { z } from 'zod/mini';
import { QuestionsContinueCardSchema } from './questions.ts';

// Library, subjects, summaries, the reader and Home (issue 3).

/** Ids of content (subjects, summaries, chapters) are slugs from the content files. */
const ContentId = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** A scroll position inside a chapter: 0 is the top, 1 the end. */
export const ReadingPositionSchema = z.number().check(z.minimum(0), z.maximum(1));

/** From this position on a chapter counts as read. */
export const CHAPTER_READ_THRESHOLD = 0.9;

/** Chapter priority for the exam: 1 high, 2 medium, 3 low. */
export const ChapterPrioritySchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type ChapterPriority = z.infer<typeof ChapterPrioritySchema>;

/** free: everyone reads it; premium: only users with a subscription. */
export const ChapterAccessSchema = z.enum(['free', 'premium']);
export type ChapterAccess = z.infer<typeof ChapterAccessSchema>;

// ---------------------------------------------------------------- params

export const SubjectParamsSchema = z.object({ subjectId: ContentId });
export const SubjectIdParamsSchema = z.object({ id: ContentId });
export const SummaryParamsSchema = z.object({ id: ContentId });
export const ChapterParamsSchema = z.object({ id: ContentId, chapterId: ContentId });
export const ContentImageParamsSchema = z.object({ subjectId: ContentId, name: z.string().check(z.minLength(1), z.maxLength(200)) });

// ---------------------------------------------------------------- library

/** Where the student is in a subject: the chapter she read last. */
export const LastReadSchema = z.object({
  summaryId: z.string(),
  chapterId: z.string(),
  /** plain text title of the chapter */
  chapterTitle: z.string(),
  position: ReadingPositionSchema,
  updatedAt: z.string(),
});
export type LastRead = z.infer<typeof LastReadSchema>;

/** A subject in the student's library. */
export const LibrarySubjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** study: there because of her study and year; added: she added it herself */
  origin: z.enum(['study', 'added']),
  summaryCount: z.int().check(z.nonnegative()),
  questionListCount: z.int().check(z.nonnegative()),
  chapterCount: z.int().check(z.nonnegative()),
  readChapterCount: z.int().check(z.nonnegative()),
  /** percentage of chapters read, 0..100 */
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  lastRead: z.nullable(LastReadSchema),
});
export type LibrarySubject = z.infer<typeof LibrarySubjectSchema>;

/** GET /api/library */
export const LibrarySchema = z.object({ subjects: z.array(LibrarySubjectSchema) });
export type Library = z.infer<typeof LibrarySchema>;

/** GET /api/subjects?query=&limit= */
export const SubjectSearchQuerySchema = z.object({
  query: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
});
export type SubjectSearchQuery = z.infer<typeof SubjectSearchQuerySchema>;

export const SubjectSearchItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  summaryCount: z.int().check(z.nonnegative()),
  questionListCount: z.int().check(z.nonnegative()),
  inLibrary: z.boolean(),
});
export type SubjectSearchItem = z.infer<typeof SubjectSearchItemSchema>;

export const SubjectSearchResultSchema = z.object({
  subjects: z.array(SubjectSearchItemSchema),
  /** number of matching subjects, also those beyond the limit */
  total: z.int().check(z.nonnegative()),
});
export type SubjectSearchResult = z.infer<typeof SubjectSearchResultSchema>;

/** Why a subject is suggested: a subject of an earlier year of her study, or of a related study. */
export const SuggestionReasonSchema = z.enum(['earlier_year', 'related']);
export type SuggestionReason = z.infer<typeof SuggestionReasonSchema>;

/** A subject 'Populair bij jouw studie' suggests; never one already in her library. */
export const LibrarySuggestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  summaryCount: z.int().check(z.nonnegative()),
  questionListCount: z.int().check(z.nonnegative()),
  reason: SuggestionReasonSchema,
});
export type LibrarySuggestion = z.infer<typeof LibrarySuggestionSchema>;

/** GET /api/library/suggestions: earlier years' subjects of her study first, then related studies' */
export const LibrarySuggestionsSchema = z.object({ subjects: z.array(LibrarySuggestionSchema) });
export type LibrarySuggestions = z.infer<typeof LibrarySuggestionsSchema>;

// ---------------------------------------------------------------- subject

/** A summary as listed on a subject's page. */
export const SubjectSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.string(),
  description: z.string(),
  chapterCount: z.int().check(z.nonnegative()),
  freeChapterCount: z.int().check(z.nonnegative()),
  readChapterCount: z.int().check(z.nonnegative()),
  /** first and last page of the source the summary covers */
  startPage: z.int().check(z.nonnegative()),
  endPage: z.int().check(z.nonnegative()),
  /** pages of the source covered by the chapters */
  pageCount: z.int().check(z.nonnegative()),
});
export type SubjectSummary = z.infer<typeof SubjectSummarySchema>;

/**
 * A question list as listed on a subject's page. progress, score and sessionId come from the
 * student's practice sessions (questions feature); 0 / null until she practises.
 */
export const SubjectQuestionListSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  sortIndex: z.int(),
  totalQuestions: z.int().check(z.nonnegative()),
  /** the chapter this list practises, if any */
  chapterId: z.nullable(z.string()),
  /** 0..100 */
  progress: z.number().check(z.minimum(0), z.maximum(100)),
  /** the grade of her last session, null when she has none */
  score: z.nullable(z.number()),
  /** her open or last session, null when she has none */
  sessionId: z.nullable(z.string()),
});
export type SubjectQuestionList = z.infer<typeof SubjectQuestionListSchema>;

/** GET /api/subjects/{id} */
export const SubjectDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  inLibrary: z.boolean(),
  summaries: z.array(SubjectSummarySchema),
  questionLists: z.array(SubjectQuestionListSchema),
  flashcardsEnabled: z.boolean(),
});
export type SubjectDetail = z.infer<typeof SubjectDetailSchema>;

// ---------------------------------------------------------------- summary and chapters

/** A chapter (spec section 3). Only valid chapters (title non-empty without markup) are ever listed. */
export const SummaryChapterSchema = z.object({
  chapterId: z.string(),
  /** sanitized inline HTML (em, strong, sup, sub) */
  title: z.string(),
  /** the title as plain text */
  titleText: z.string(),
  priority: ChapterPrioritySchema,
  /** word offsets of the chapter within the summary */
  startIndex: z.int().check(z.nonnegative()),
  endIndex: z.int().check(z.nonnegative()),
  startPage: z.int(),
  endPage: z.int(),
  questionListId: z.nullable(z.string()),
  access: ChapterAccessSchema,
  /** premium chapter and the user has no subscription */
  locked: z.boolean(),
  isRead: z.boolean(),
  wordCount: z.int().check(z.nonnegative()),
  /** estimated reading time in minutes */
  readingMinutes: z.int().check(z.nonnegative()),
});
export type SummaryChapter = z.infer<typeof SummaryChapterSchema>;

/** The student's place in a summary. */
export const ReadingProgressSchema = z.object({
  chapterId: z.string(),
  position: ReadingPositionSchema,
  updatedAt: z.string(),
});
export type ReadingProgress = z.infer<typeof ReadingProgressSchema>;

/** GET /api/summaries/{id} */
export const SummaryDetailSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  subjectTitle: z.string(),
  title: z.string(),
  source: z.string(),
  description: z.string(),
  hasSubscription: z.boolean(),
  chapters: z.array(SummaryChapterSchema),
  progress: z.nullable(ReadingProgressSchema),
});
export type SummaryDetail = z.infer<typeof SummaryDetailSchema>;

/** A neighbouring chapter, for the reader's previous / next buttons. */
export const ChapterLinkSchema = z.object({
  chapterId: z.string(),
  titleText: z.string(),
  locked: z.boolean(),
});
export type ChapterLink = z.infer<typeof ChapterLinkSchema>;

/** GET /api/summaries/{id}/chapters/{chapterId} */
export const ChapterContentSchema = z.object({
  summaryId: z.string(),
  summaryTitle: z.string(),
  subjectId: z.string(),
  chapterId: z.string(),
  title: z.string(),
  titleText: z.string(),
  priority: ChapterPrioritySchema,
  startPage: z.int(),
  endPage: z.int(),
  access: ChapterAccessSchema,
  questionListId: z.nullable(z.string()),
  /** sanitized HTML of the chapter; the only HTML the web app renders */
  html: z.string(),
  wordCount: z.int().check(z.nonnegative()),
  readingMinutes: z.int().check(z.nonnegative()),
  /** 1-based place among the summary's chapters */
  number: z.int().check(z.positive()),
  chapterCount: z.int().check(z.positive()),
  previous: z.nullable(ChapterLinkSchema),
  next: z.nullable(ChapterLinkSchema),
  /** where she left off in this chapter, 0 when she has not been here */
  position: ReadingPositionSchema,
  isRead: z.boolean(),
});
export type ChapterContent = z.infer<typeof ChapterContentSchema>;

/** PUT /api/summaries/{id}/progress */
export const SaveReadingProgressBodySchema = z.object({
  chapterId: ContentId,
  position: ReadingPositionSchema,
});
export type SaveReadingProgressBody = z.infer<typeof SaveReadingProgressBodySchema>;

export const SavedReadingProgressSchema = z.extend(ReadingProgressSchema, {
  summaryId: z.string(),
  /** this chapter now counts as read */
  isRead: z.boolean(),
});
export type SavedReadingProgress = z.infer<typeof SavedReadingProgressSchema>;

// ---------------------------------------------------------------- home

/*
 * The API says which banner and with which numbers; the web app writes the Dutch sentences
 * (decision 008). The spec's title and content become a message code with its parameters.
 */

/**
 * The welcome: 'start' before she has finished a chapter, 'progress' once she has; 'empty' when her
 * library holds no subject (a later year Blok has no course for yet): no Premium offer then.
 */
export const HomeBannerMessageSchema = z.enum(['start', 'progress', 'empty']);
export type HomeBannerMessage = z.infer<typeof HomeBannerMessageSchema>;

/** Overrides the banner's text, button and link when present: 'premium' offers all chapters. */
export const UserMessageSchema = z.object({
  code: z.enum(['premium']),
  url: z.string().check(z.minLength(1)),
});
export type UserMessage = z.infer<typeof UserMessageSchema>;

/** GET /api/home-banner/ (spec section 3, Welcome message). */
export const HomeBannerSchema = z.object({
  message: HomeBannerMessageSchema,
  /** her first name for the greeting; '' when she has not given one */
  firstName: z.string(),
  /** chapters she has finished reading */
  readChapterCount: z.int().check(z.minimum(0)),
  /** defaults to the user's subscriptionUrl */
  link: z.string().check(z.minLength(1)),
  userMessage: z.optional(UserMessageSchema),
});
export type HomeBanner = z.infer<typeof HomeBannerSchema>;

/** 'Verder studeren': the chapter she read last in a summary. */
export const ReadingContinueCardSchema = z.object({
  kind: z.literal('reading'),
  subjectId: z.string(),
  subjectTitle: z.string(),
  summaryId: z.string(),
  summaryTitle: z.string(),
  chapterId: z.string(),
  chapterTitle: z.string(),
  /** 1-based place of the chapter in the summary */
  chapterNumber: z.int().check(z.positive()),
  chapterCount: z.int().check(z.positive()),
  position: ReadingPositionSchema,
  updatedAt: z.string(),
});
export type ReadingContinueCard = z.infer<typeof ReadingContinueCardSchema>;

/**
 * One 'verder studeren' card. Extension point: other features add their card kinds (an open
 * question session, flashcards) to this union and to GET /api/home/continue.
 */
export const ContinueCardSchema = z.discriminatedUnion('kind', [ReadingContinueCardSchema, QuestionsContinueCardSchema]);
export type ContinueCard = z.infer<typeof ContinueCardSchema>;

/** GET /api/home/continue: newest first. */
export const HomeContinueSchema = z.object({ cards: z.array(ContinueCardSchema) });
export type HomeContinue = z.infer<typeof HomeContinueSchema>;
