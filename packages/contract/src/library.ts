import { z } from 'zod';
import { QuestionsContinueCardSchema } from './questions.ts';

// Library, subjects, summaries, the reader and Home (issue 3).

/** Ids of content (subjects, summaries, chapters) are slugs from the content files. */
const ContentId = z.string().trim().min(1).max(200);

/** A scroll position inside a chapter: 0 is the top, 1 the end. */
export const ReadingPositionSchema = z.number().min(0).max(1);

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
export const ContentImageParamsSchema = z.object({ subjectId: ContentId, name: z.string().min(1).max(200) });

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
  summaryCount: z.number().int().nonnegative(),
  questionListCount: z.number().int().nonnegative(),
  chapterCount: z.number().int().nonnegative(),
  readChapterCount: z.number().int().nonnegative(),
  /** percentage of chapters read, 0..100 */
  progress: z.number().int().min(0).max(100),
  lastRead: LastReadSchema.nullable(),
});
export type LibrarySubject = z.infer<typeof LibrarySubjectSchema>;

/** GET /api/library */
export const LibrarySchema = z.object({ subjects: z.array(LibrarySubjectSchema) });
export type Library = z.infer<typeof LibrarySchema>;

/** GET /api/subjects?query=&limit= */
export const SubjectSearchQuerySchema = z.object({
  query: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type SubjectSearchQuery = z.infer<typeof SubjectSearchQuerySchema>;

export const SubjectSearchItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  summaryCount: z.number().int().nonnegative(),
  questionListCount: z.number().int().nonnegative(),
  inLibrary: z.boolean(),
});
export type SubjectSearchItem = z.infer<typeof SubjectSearchItemSchema>;

export const SubjectSearchResultSchema = z.object({
  subjects: z.array(SubjectSearchItemSchema),
  /** number of matching subjects, also those beyond the limit */
  total: z.number().int().nonnegative(),
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
  summaryCount: z.number().int().nonnegative(),
  questionListCount: z.number().int().nonnegative(),
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
  chapterCount: z.number().int().nonnegative(),
  freeChapterCount: z.number().int().nonnegative(),
  readChapterCount: z.number().int().nonnegative(),
  /** first and last page of the source the summary covers */
  startPage: z.number().int().nonnegative(),
  endPage: z.number().int().nonnegative(),
  /** pages of the source covered by the chapters */
  pageCount: z.number().int().nonnegative(),
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
  sortIndex: z.number().int(),
  totalQuestions: z.number().int().nonnegative(),
  /** the chapter this list practises, if any */
  chapterId: z.string().nullable(),
  /** 0..100 */
  progress: z.number().min(0).max(100),
  /** the grade of her last session, null when she has none */
  score: z.number().nullable(),
  /** her open or last session, null when she has none */
  sessionId: z.string().nullable(),
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
  startIndex: z.number().int().nonnegative(),
  endIndex: z.number().int().nonnegative(),
  startPage: z.number().int(),
  endPage: z.number().int(),
  questionListId: z.string().nullable(),
  access: ChapterAccessSchema,
  /** premium chapter and the user has no subscription */
  locked: z.boolean(),
  isRead: z.boolean(),
  wordCount: z.number().int().nonnegative(),
  /** estimated reading time in minutes */
  readingMinutes: z.number().int().nonnegative(),
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
  progress: ReadingProgressSchema.nullable(),
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
  startPage: z.number().int(),
  endPage: z.number().int(),
  access: ChapterAccessSchema,
  questionListId: z.string().nullable(),
  /** sanitized HTML of the chapter; the only HTML the web app renders */
  html: z.string(),
  wordCount: z.number().int().nonnegative(),
  readingMinutes: z.number().int().nonnegative(),
  /** 1-based place among the summary's chapters */
  number: z.number().int().positive(),
  chapterCount: z.number().int().positive(),
  previous: ChapterLinkSchema.nullable(),
  next: ChapterLinkSchema.nullable(),
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

export const SavedReadingProgressSchema = ReadingProgressSchema.extend({
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
  url: z.string().min(1),
});
export type UserMessage = z.infer<typeof UserMessageSchema>;

/** GET /api/home-banner/ (spec section 3, Welcome message). */
export const HomeBannerSchema = z.object({
  message: HomeBannerMessageSchema,
  /** her first name for the greeting; '' when she has not given one */
  firstName: z.string(),
  /** chapters she has finished reading */
  readChapterCount: z.number().int().min(0),
  /** defaults to the user's subscriptionUrl */
  link: z.string().min(1),
  userMessage: UserMessageSchema.optional(),
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
  chapterNumber: z.number().int().positive(),
  chapterCount: z.number().int().positive(),
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
