import { z } from 'zod/mini';
import { ASSESSMENTS } from '@blok/domain/status';

/*
 * Practice questions: question lists, sessions, answering, feedback and results.
 *
 * Status codes (field `isCorrect` of a session question), grades and the rules over them live in
 * `@blok/domain` (status.ts, grade.ts): -1 not answered yet, 0 wrong, 1 correct, 2 partially
 * correct, 3 skipped, 4 review.
 *
 * Positions: `questionIndex` and `currentIndex` are 0-based positions in the session. While the
 * student answers, `currentIndex` points at the current question; once the run reaches its end
 * (the results screen) `currentIndex` equals `questionsCount` and `finished` is true.
 */

/** Answer labels A to T: at most 20 answers per question (spec section 9). */
export const ANSWER_LABELS = 'ABCDEFGHIJKLMNOPQRST';
/** The explanation panel becomes expandable above this height in px (spec section 9). */
export const FEEDBACK_COLLAPSED_HEIGHT = 150;
/** `answerDisplaying` value meaning "show answers (feedback) in between" (spec section 3). */
export const ANSWER_DISPLAYING_IN_BETWEEN = 2;
/** Longest open answer the API stores. */
export const MAX_TEXT_ANSWER_LENGTH = 5000;
/** Most lists one session may practise. */
export const MAX_SESSION_LISTS = 50;
/** Most questions a session started with a count may ask. */
export const MAX_SESSION_COUNT = 500;

const StatusSchema = z.int().check(z.minimum(-1), z.maximum(4), z.describe('-1 not answered yet, 0 wrong, 1 correct, 2 partially correct, 3 skipped, 4 review'));
/** Content ids are slugs: lowercase letters, digits and dashes. */
export const ContentIdSchema = z.string().check(z.minLength(1), z.maxLength(160), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ongeldige id'));
/** Session ids are UUIDv7. */
export const SessionIdSchema = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'ongeldige sessie-id'));

export const QuestionListParamsSchema = z.object({ id: ContentIdSchema });
export const SessionParamsSchema = z.object({ id: SessionIdSchema });
export const SessionIndexParamsSchema = z.object({ id: SessionIdSchema, index: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(10_000)) });
export const SessionQuestionParamsSchema = z.object({ id: SessionIdSchema, questionId: ContentIdSchema });

/**
 * An answer option (spec section 3). `isCorrect` is null until it may be shown: the question is
 * answered and the session shows answers in between, or the run has reached its results.
 *
 * Answers come in the order the session shows them: shuffled per session with a seed stored with
 * it (pinned answers at their written place; `@blok/domain/answer-order`, decision 006), the same on
 * every call and device. Answers are named by ids of the session's own (issue 40): 16 hex
 * characters, the same on every call and device within the session, different in the next; they say
 * nothing about the answer, and save-answer takes them.
 */
export const AnswerSchema = z.object({
  /** the session's id of this answer (not the content's) */
  id: z.string(),
  questionId: z.string(),
  /** 0-based position in the order shown; the label A to T follows it */
  sortIndex: z.int(),
  answerText: z.string(),
  isCorrect: z.nullable(z.boolean()),
  /** the student picked this answer */
  isChecked: z.boolean(),
  /** the question is answered (locked) */
  isAnswered: z.boolean(),
});
export type Answer = z.infer<typeof AnswerSchema>;

/**
 * The question types (issue 40): SELECT (multiple choice) and OPEN (self-assessed), and the types
 * the app grades by a rule of `@blok/domain/question-types`: TYPED (a short text), NUMERIC (a number,
 * Dutch decimal comma, optional unit), ORDERING (put items in order), MATCHING (pair items) and CLOZE
 * (fill the gaps of a sentence).
 */
export const QUESTION_TYPE_NAMES = ['SELECT', 'OPEN', 'TYPED', 'NUMERIC', 'ORDERING', 'MATCHING', 'CLOZE'] as const;
export const QuestionTypeSchema = z.enum(QUESTION_TYPE_NAMES);
export type QuestionTypeName = z.infer<typeof QuestionTypeSchema>;

/** Longest text of one gap of a cloze, or of a typed or numeric answer the API takes. */
export const MAX_SHORT_ANSWER_LENGTH = 300;

/**
 * An item of an ordering or a side of a matching. Its id is the session's (or exam's) own, as for
 * answers (issue 40): 16 hex characters that say nothing about where it belongs.
 */
export const QuestionItemSchema = z.object({ id: z.string(), text: z.string() });
export type QuestionItem = z.infer<typeof QuestionItemSchema>;

/** A pair of a matching: a left-hand item's id and the id of the right-hand item it goes with. */
export const ItemPairSchema = z.object({ left: ContentIdSchema, right: ContentIdSchema });
export type ItemPair = z.infer<typeof ItemPairSchema>;

/**
 * What a question of a rule-graded type shows to be answered (null for SELECT and OPEN). Nothing in
 * it gives the key away: an ordering's items come in the session's own order (never the right one),
 * a matching's right-hand items too (with decoys among them), a cloze's gaps are left out of its text.
 */
export const InteractionSchema = z.object({
  /** ORDERING: the items to put in order; MATCHING: the left-hand items; else empty */
  items: z.array(QuestionItemSchema),
  /** MATCHING: what the left-hand items go with; else empty */
  targets: z.array(QuestionItemSchema),
  /** CLOZE: the sentence's text before, between and after its gaps (one more piece than gaps); else empty */
  clozeParts: z.array(z.string()),
  /** NUMERIC: the unit the answer is in (shown beside the field), null when none */
  unit: z.nullable(z.string()),
});
export type Interaction = z.infer<typeof InteractionSchema>;

/** Her answer to a rule-graded question, in the session's ids. */
export const QuestionResponseSchema = z.object({
  /** TYPED, NUMERIC: what she typed */
  text: z.nullable(z.string()),
  /** ORDERING: the items in her order */
  order: z.array(z.string()),
  /** MATCHING: her pairs */
  pairs: z.array(ItemPairSchema),
  /** CLOZE: her text per gap, in order */
  gaps: z.array(z.string()),
});
export type QuestionResponse = z.infer<typeof QuestionResponseSchema>;

/** The right answer of a rule-graded question, sent once it is revealed (as `correctAnswerIds` of a choice). */
export const ExpectedAnswerSchema = z.object({
  /** TYPED: the expected answer; NUMERIC: the value with its unit, the Dutch way ("0,25", "€ 12,50"); CLOZE: the sentence filled in; else null */
  text: z.nullable(z.string()),
  /** ORDERING: the item ids in the right order */
  order: z.array(z.string()),
  /** MATCHING: each left-hand item with its right-hand one */
  pairs: z.array(ItemPairSchema),
  /** CLOZE: the expected text of each gap */
  gaps: z.array(z.string()),
  /** CLOZE: whether her text of each gap is right */
  gapsRight: z.array(z.boolean()),
  /** TYPED: right, but with a typo (the feedback shows the spelling) */
  typo: z.boolean(),
});
export type ExpectedAnswer = z.infer<typeof ExpectedAnswerSchema>;

/** A question as listed in a question list (spec section 3: topic questions). */
export const ListQuestionSchema = z.object({
  id: z.string(),
  /** the question list (topic) it belongs to */
  topicId: z.string(),
  questionText: z.string(),
  type: QuestionTypeSchema,
  pictureUrl: z.nullable(z.string()),
  recommended: z.boolean(),
  /** the state of the student's current (or latest) session of this list */
  answers: z.array(AnswerSchema),
});
export type ListQuestion = z.infer<typeof ListQuestionSchema>;

/**
 * The student's standing on a question list, shared with the library (GET /api/subjects/{id}).
 * - progress: rounded percentage of the list's questions she answered (wrong, correct or
 *   partially correct) in any of her sessions; a restart clears it.
 * - score: integer 0-100 of her latest finished session of this list (see SessionOverview.score),
 *   null when she has not finished one.
 * - sessionId: her latest session of this list while it is unfinished, null when none (a new round
 *   supersedes an older unfinished session).
 */
export const QuestionListProgressSchema = z.object({
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  score: z.nullable(z.int().check(z.minimum(0), z.maximum(100))),
  sessionId: z.nullable(z.string()),
});
export type QuestionListProgress = z.infer<typeof QuestionListProgressSchema>;

/** GET /api/question-list/{id} (spec section 3: question list). */
export const QuestionListSchema = z.extend(QuestionListProgressSchema, {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  subjectId: z.string(),
  sortIndex: z.int(),
  /** 2 = show answers in between (the default of the settings screen) */
  answerDisplaying: z.int(),
  totalQuestions: z.int(),
  /** how many questions a recommended session draws */
  recommendedQuestions: z.int(),
  chapterId: z.nullable(z.string()),
  questions: z.array(ListQuestionSchema),
});
export type QuestionList = z.infer<typeof QuestionListSchema>;

/** A question list of a subject, without its questions (settings screen). */
export const QuestionListSummarySchema = z.omit(QuestionListSchema, { questions: true });
export type QuestionListSummary = z.infer<typeof QuestionListSummarySchema>;

/** GET /api/question-lists?subjectId= */
export const QuestionListsQuerySchema = z.object({ subjectId: ContentIdSchema });
export const QuestionListsResponseSchema = z.object({
  subjectId: z.string(),
  subjectTitle: z.string(),
  questionLists: z.array(QuestionListSummarySchema),
});
export type QuestionListsResponse = z.infer<typeof QuestionListsResponseSchema>;

/**
 * A question inside a session (spec section 3: session question). The evaluation
 * (`correctAnswerIds`, `answers[].isCorrect`, `feedbackText`, `feedbackPictureUrl`,
 * `modelAnswer`) is revealed (`revealed: true`) only once the question is answered and either the
 * session shows answers in between or the run has reached its results; before that it is empty,
 * so the client cannot learn the right answers ahead of time.
 */
export const SessionQuestionSchema = z.object({
  /** id of this question's row in the session */
  id: z.string(),
  sessionId: z.string(),
  questionIndex: z.int(),
  questionId: z.string(),
  questionListId: z.string(),
  questionText: z.string(),
  /** absolute path on the API host, e.g. /api/content/images/<subject>/<name> */
  pictureUrl: z.nullable(z.string()),
  type: QuestionTypeSchema,
  /** SELECT with more than one correct answer: checkboxes and a confirm button */
  multipleAnswers: z.boolean(),
  /** SELECT: the answers; empty for the other types */
  answers: z.array(AnswerSchema),
  /** TYPED, NUMERIC, ORDERING, MATCHING, CLOZE: what is shown to answer it; null for SELECT and OPEN */
  interaction: z.nullable(InteractionSchema),
  /** her answer to a rule-graded question; null before she answered and for SELECT and OPEN */
  response: z.nullable(QuestionResponseSchema),
  /** the right answer of a rule-graded question once revealed; null before and for SELECT and OPEN */
  expected: z.nullable(ExpectedAnswerSchema),
  /** the first picked answer (SELECT), null when none */
  userAnswerId: z.nullable(z.string()),
  userAnswerIds: z.array(z.string()),
  /** the student's open answer (OPEN) */
  textAnswer: z.nullable(z.string()),
  /** status code, see QUESTION_STATUS in @blok/domain/status */
  isCorrect: StatusSchema,
  revealed: z.boolean(),
  correctAnswerIds: z.array(z.string()),
  feedbackText: z.nullable(z.string()),
  feedbackPictureUrl: z.nullable(z.string()),
  /** the model answer of an OPEN question */
  modelAnswer: z.nullable(z.string()),
  /**
   * OPEN questions only (null for SELECT): the model answer sent ahead, so that she can assess her
   * own open answer without a connection (decision 013). Open answers are self-assessed, so knowing
   * it early gives nothing away; the app shows it only after she answered. The right answers of
   * SELECT questions are never sent before they are revealed.
   */
  selfAssessmentModelAnswer: z.nullable(z.string()),
  /** OPEN questions: one entry with the question id; SELECT: empty */
  openQuestions: z.array(z.object({ id: z.string() })),
  /**
   * Her answer was given before a release changed the question's correct answer (decision 029): it
   * stays visible, but counts in no grade, score or progress.
   */
  changedSinceAnswer: z.boolean(),
});
export type SessionQuestion = z.infer<typeof SessionQuestionSchema>;

/**
 * The result of a navigation call (next, skip, previous, review, reset): where the session is now.
 * `question` is null and `finished` true when the run has reached its end: show the results.
 */
export const SessionStepSchema = z.object({
  sessionId: z.string(),
  currentIndex: z.int(),
  questionsCount: z.int(),
  /** rounded percentage of the current question number over the total; 100 at the end */
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  /** answering the skipped and review questions after the results */
  skippedMode: z.boolean(),
  reviewIndex: z.nullable(z.int()),
  finished: z.boolean(),
  question: z.nullable(SessionQuestionSchema),
});
export type SessionStep = z.infer<typeof SessionStepSchema>;

/** The student's answer to one question (spec section 3: user answer). */
export const UserAnswerSchema = z.object({
  questionId: z.string(),
  answerId: z.nullable(z.string()),
  answerIds: z.array(z.string()),
  textAnswer: z.nullable(z.string()),
});
export type UserAnswer = z.infer<typeof UserAnswerSchema>;

/**
 * GET /api/session/{id} (spec section 3: session overview), also the data of the results screen.
 * - score: integer 0-100, the percentage of points earned: correct 1, partially correct 0.5,
 *   everything else 0, over all questions of the session.
 * - grade: 10 x (correct + 0.5 x partial) / total on the Dutch scale, one decimal, at least 1
 *   (spec section 9); null while any question is not answered, skipped or awaiting review (the
 *   results then show '?').
 */
export const SessionOverviewSchema = z.extend(SessionStepSchema, {
  title: z.string(),
  subjectId: z.string(),
  /** null for a session over several lists */
  questionListId: z.nullable(z.string()),
  questionListIds: z.array(z.string()),
  mode: z.enum(['recommended', 'all']),
  showAnswers: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  questions: z.array(SessionQuestionSchema),
  userAnswers: z.array(UserAnswerSchema),
  correctAnswers: z.int(),
  partialAnswers: z.int(),
  wrongAnswers: z.int(),
  skippedAnswers: z.int(),
  reviewAnswers: z.int(),
  /** never answered nor skipped (status -1) */
  unansweredAnswers: z.int(),
  /** answered before a release changed the question's correct answer: left out of score and grade (decision 029) */
  changedAnswers: z.int(),
  score: z.int().check(z.minimum(0), z.maximum(100)),
  grade: z.nullable(z.number().check(z.minimum(1), z.maximum(10))),
});
export type SessionOverview = z.infer<typeof SessionOverviewSchema>;

/**
 * POST /api/session/{id}/start and /start-all, where {id} is a question list id. Both fields are
 * optional; an empty body is fine.
 */
export const StartSessionBodySchema = z.strictObject({
    /** overrides the list's answerDisplaying: show the feedback after each question */
    showAnswers: z.optional(z.boolean()),
    /** further lists of the same subject to practise in the same session */
    questionListIds: z.optional(z.array(ContentIdSchema).check(z.maxLength(MAX_SESSION_LISTS))),
    /**
     * At most this many questions (a plan task's "Oefen 6 vragen", issue 39): those she has not
     * answered right yet first (recommended ones first), then the others; they keep the lists' order
     */
    count: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_SESSION_COUNT))),
  });
export type StartSessionBody = z.infer<typeof StartSessionBodySchema>;

export const StartSessionResponseSchema = z.object({ id: z.string() });
export type StartSessionResponse = z.infer<typeof StartSessionResponseSchema>;

/**
 * POST /api/question-list/{id}/save-answer. {id} is the list of the question.
 * - sessionId: the session to answer in (recommended; the web app always sends it); when left
 *   out, the student's latest session of this list is used (404 when she has none).
 * - SELECT: answerId, or answerIds for questions with several correct answers, in the session's
 *   answer ids (`answers[].id`; any other id is 400 invalid_request) (status 1 exactly
 *   the correct set; 2 at least one correct answer picked, no wrong one, but not all correct
 *   ones; 0 otherwise).
 * - OPEN: textAnswer; the status becomes 4 (review) until POST session/{id}/assess.
 * - TYPED and NUMERIC: textAnswer; ORDERING: order; MATCHING: pairs; CLOZE: gaps (issue 40), graded
 *   by `@blok/domain/question-types` (0, 1, or 2 for an ordering one item off or a matching or cloze
 *   at least half right). A NUMERIC answer that is no number is 400 invalid_number: nothing is
 *   stored, she may try again. A field of another type is 400 invalid_request.
 * A question already answered (status 0, 1, 2 or 4) is locked: 409 answer_locked, nothing changes.
 * A skipped question (3) can still be answered.
 */
export const SaveAnswerBodySchema = z.strictObject({
    sessionId: z.optional(SessionIdSchema),
    questionId: ContentIdSchema,
    answerId: z.optional(ContentIdSchema),
    answerIds: z.optional(z.array(ContentIdSchema).check(z.minLength(1), z.maxLength(20))),
    /** OPEN: her answer; TYPED, NUMERIC: what she typed (at most MAX_SHORT_ANSWER_LENGTH) */
    textAnswer: z.optional(z.string().check(z.maxLength(MAX_TEXT_ANSWER_LENGTH))),
    /** ORDERING: every item id (`interaction.items[].id`) once, in her order */
    order: z.optional(z.array(ContentIdSchema).check(z.minLength(1), z.maxLength(10))),
    /** MATCHING: a pair for every left-hand item */
    pairs: z.optional(z.array(ItemPairSchema).check(z.minLength(1), z.maxLength(8))),
    /** CLOZE: her text of every gap, in order */
    gaps: z.optional(z.array(z.string().check(z.maxLength(MAX_SHORT_ANSWER_LENGTH))).check(z.minLength(1), z.maxLength(10))),
  });
export type SaveAnswerBody = z.infer<typeof SaveAnswerBodySchema>;

/** POST /api/session/{id}/assess: only for a question in review (4); sets 1, 2 or 0. */
export const AssessBodySchema = z.strictObject({
    questionId: ContentIdSchema,
    /** 'goed' / 1 -> correct, 'deels goed' / 2 -> partially correct, 'fout' / 0 -> wrong */
    result: z.union([z.enum(ASSESSMENTS), z.literal(0), z.literal(1), z.literal(2)]),
  });
export type AssessBody = z.infer<typeof AssessBodySchema>;

/**
 * POST /api/session/{id}/review: answer the skipped and review questions (results button
 * 'Beantwoord vragen', or a tapped row). Without questionIndex it jumps to the first question not
 * answered; with it, to that question (409 when it is already answered).
 */
export const ReviewBodySchema = z.strictObject({
    questionIndex: z.optional(z.int().check(z.minimum(0), z.maximum(10_000))),
  });
export type ReviewBody = z.infer<typeof ReviewBodySchema>;

/**
 * A practice session still open, for Home's continue cards (`openQuestionSessions` in the API's
 * questions repository). Link: /bibliotheek/questions/{sessionId}/{subjectId}/{questionListId}.
 */
export const OpenSessionSchema = z.object({
  sessionId: z.string(),
  subjectId: z.string(),
  subjectTitle: z.string(),
  questionListId: z.nullable(z.string()),
  title: z.string(),
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  currentIndex: z.int(),
  questionsCount: z.int(),
  updatedAt: z.string(),
});
export type OpenSession = z.infer<typeof OpenSessionSchema>;

/** Home's continue card for an open practice session: add it to the library's ContinueCardSchema union. */
export const QuestionsContinueCardSchema = z.extend(OpenSessionSchema, { kind: z.literal('questions') });
export type QuestionsContinueCard = z.infer<typeof QuestionsContinueCardSchema>;
