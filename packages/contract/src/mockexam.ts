import { z } from 'zod/mini';
import { MOCK_EXAM_SIZES } from '@blok/domain/mock-exam';
import { ExpectedAnswerSchema, InteractionSchema, ItemPairSchema, MAX_SHORT_ANSWER_LENGTH, MAX_TEXT_ANSWER_LENGTH, QuestionResponseSchema, QuestionTypeSchema } from './questions.ts';

/*
 * Mock exams (proeftentamen, issue 27; decision 022): a timed exam over every chapter of a subject.
 * Questions are drawn per chapter by weight, answers are shown in an order of the exam's own, and
 * nothing is evaluated to her until the exam is closed: handed in, or past its deadline. The server
 * keeps the time: an answer after the deadline is refused with 409 mock_exam_closed and the exam
 * closes. Positions are 0-based.
 * Open questions are answered in text; after handing in she compares her answer with the model
 * answer and marks it herself right or wrong (POST /api/mock-exams/{id}/assess). Until she has, the
 * answer earns nothing and the grade says it is provisional (awaitingAssessment > 0).
 */

const ContentIdSchema = z.string().check(z.minLength(1), z.maxLength(160), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ongeldige id'));
/** Mock exam ids are UUIDv7. */
const MockExamIdSchema = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'ongeldige tentamen-id'));

export const MockExamParamsSchema = z.object({ id: MockExamIdSchema });
export const MockExamsQuerySchema = z.object({ subjectId: ContentIdSchema });

/**
 * POST /api/mock-exams: a new exam of a subject with this many questions (5, 10, 20 or 40; fewer when
 * the subject has fewer), 201. One exam per subject runs at a time: while one runs, the call answers
 * that one (whatever size was asked; the one success status keeps an Idempotency-Key replay exact).
 * At most `dailyLimit` a subject in any 24 hours: then 409 mock_exam_limit with Retry-After.
 */
export const StartMockExamBodySchema = z.object({
  subjectId: ContentIdSchema,
  questionCount: z.literal(MOCK_EXAM_SIZES),
});
export type StartMockExamBody = z.infer<typeof StartMockExamBodySchema>;

/**
 * POST /api/mock-exams/{id}/answer: her answer to one question; she may change it while the exam is
 * open. A multiple-choice question takes answerIds (empty clears it), an open question textAnswer
 * (blank clears it); the other field is refused with 400 invalid_request.
 */
export const MockExamAnswerBodySchema = z.object({
  position: z.int().check(z.minimum(0), z.maximum(1000)),
  /** the picked answer ids, as the exam names them (`answers[].id`); empty clears her answer */
  answerIds: z.optional(z.array(ContentIdSchema).check(z.maxLength(20))),
  /** her written answer to an open question, or what she typed for a TYPED or NUMERIC one (blank clears it) */
  textAnswer: z.optional(z.string().check(z.maxLength(MAX_TEXT_ANSWER_LENGTH))),
  /** ORDERING: every item id once, in her order (empty clears it) */
  order: z.optional(z.array(ContentIdSchema).check(z.maxLength(10))),
  /** MATCHING: her pairs (empty clears it) */
  pairs: z.optional(z.array(ItemPairSchema).check(z.maxLength(8))),
  /** CLOZE: her text per gap, in order (all blank clears it) */
  gaps: z.optional(z.array(z.string().check(z.maxLength(MAX_SHORT_ANSWER_LENGTH))).check(z.maxLength(10))),
});
export type MockExamAnswerBody = z.infer<typeof MockExamAnswerBodySchema>;

/** Her own verdict on an open answer, after comparing it with the model answer. */
export const MOCK_EXAM_ASSESSMENTS = ['goed', 'fout'] as const;

/**
 * POST /api/mock-exams/{id}/assess: once the exam is closed, her verdict on her open answer at a
 * position (status 4 becomes 1 or 0 and the grade counts it). 409 while the exam is open, for an
 * answer already assessed (answer_locked) or an open question she left empty; 400 for a
 * multiple-choice question. Answers the whole exam with its new grade.
 */
export const MockExamAssessBodySchema = z.strictObject({
  position: z.int().check(z.minimum(0), z.maximum(1000)),
  result: z.enum(MOCK_EXAM_ASSESSMENTS),
});
export type MockExamAssessBody = z.infer<typeof MockExamAssessBodySchema>;

export const MockExamAnswerSchema = z.object({
  /** the exam's own id of this answer (issue 40): says nothing about it, the same on every call of this exam */
  id: z.string(),
  answerText: z.string(),
  /** null while the exam is open */
  isCorrect: z.nullable(z.boolean()),
});
export type MockExamAnswer = z.infer<typeof MockExamAnswerSchema>;

export const MockExamQuestionSchema = z.object({
  position: z.int(),
  questionId: z.string(),
  chapterId: z.nullable(z.string()),
  /** SELECT: pick answers; OPEN: answer in text, assessed by herself after handing in; the others graded by the app (issue 40) */
  type: QuestionTypeSchema,
  questionText: z.string(),
  pictureUrl: z.nullable(z.string()),
  /** more than one answer is correct: she may pick several */
  multipleAnswers: z.boolean(),
  /** in the order this exam shows them; the label A to T follows it */
  answers: z.array(MockExamAnswerSchema),
  pickedAnswerIds: z.array(z.string()),
  /** TYPED, NUMERIC, ORDERING, MATCHING, CLOZE: what is shown to answer it (questions.ts InteractionSchema); null for SELECT and OPEN */
  interaction: z.nullable(InteractionSchema),
  /** her answer to such a question, in the exam's ids; null when none */
  response: z.nullable(QuestionResponseSchema),
  /** its right answer; null while the exam is open */
  expected: z.nullable(ExpectedAnswerSchema),
  /** her written answer to an open question; null for none */
  textAnswer: z.nullable(z.string()),
  /**
   * null while open; once closed -1 not answered, 0 wrong, 1 correct, 2 partially correct, 4 an
   * open answer waiting for her own assessment
   */
  status: z.nullable(z.int().check(z.minimum(-1), z.maximum(4))),
  /**
   * a release changed the correct answer since she answered (decision 029): her answer is shown but
   * left out of the grade and its counts
   */
  changedSinceAnswer: z.boolean(),
  /** null while open */
  feedbackText: z.nullable(z.string()),
  /** the model answer of an open question; null while open and for a multiple-choice question */
  modelAnswer: z.nullable(z.string()),
});
export type MockExamQuestion = z.infer<typeof MockExamQuestionSchema>;

/** A grade with its counts: the whole exam's, or one chapter's. */
export const MockExamGradeSchema = z.object({
  correct: z.int(),
  partial: z.int(),
  wrong: z.int(),
  unanswered: z.int(),
  /** open answers she has not assessed yet: they earn nothing until she has, so the grade is provisional */
  awaitingAssessment: z.int(),
  total: z.int(),
  /** 0-100 */
  score: z.int(),
  /** Dutch 1-10, one decimal; 5.5 or more passes */
  grade: z.number(),
  passed: z.boolean(),
});
export type MockExamGrade = z.infer<typeof MockExamGradeSchema>;

export const MockExamChapterResultSchema = z.object({
  /** null: questions of a list without a chapter */
  chapterId: z.nullable(z.string()),
  title: z.string(),
  /** the summary it is read in, to open it */
  summaryId: z.nullable(z.string()),
  result: MockExamGradeSchema,
});
export type MockExamChapterResult = z.infer<typeof MockExamChapterResultSchema>;

export const MockExamSchema = z.object({
  id: z.string(),
  subjectId: z.string(),
  subjectTitle: z.string(),
  questionCount: z.int(),
  timeLimitSeconds: z.int(),
  startedAt: z.string(),
  deadlineAt: z.string(),
  /** the server's clock when it answered: the app counts down from deadlineAt minus this, not from its own clock */
  serverNow: z.string(),
  /** whole seconds left (0 once closed) */
  secondsLeft: z.int(),
  /** handed in or past the deadline */
  closed: z.boolean(),
  finishedAt: z.nullable(z.string()),
  answeredCount: z.int(),
  questions: z.array(MockExamQuestionSchema),
  /** null while open */
  result: z.nullable(MockExamGradeSchema),
  /** per chapter in reading order; empty while open */
  chapters: z.array(MockExamChapterResultSchema),
});
export type MockExam = z.infer<typeof MockExamSchema>;

/** One of her earlier exams on the start screen. */
export const MockExamSummarySchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  questionCount: z.int(),
  closed: z.boolean(),
  /** null while open */
  grade: z.nullable(z.number()),
  /** open answers waiting for her assessment (the grade is provisional while more than 0) */
  awaitingAssessment: z.int(),
});
export type MockExamSummary = z.infer<typeof MockExamSummarySchema>;

/** GET /api/mock-exams?subjectId=: what a new exam can hold, and her exams of the subject (newest first). */
export const MockExamOverviewSchema = z.object({
  subjectId: z.string(),
  subjectTitle: z.string(),
  /** questions a mock exam can draw from (multiple choice and open) */
  availableQuestions: z.int(),
  /** how many of them are open questions */
  openQuestions: z.int(),
  chapterCount: z.int(),
  /** the sizes she can choose, each at most availableQuestions */
  sizes: z.array(z.int()),
  secondsPerQuestion: z.int(),
  /** her exams of the subject, newest first, a running one at the top */
  exams: z.array(MockExamSummarySchema),
  /** her running exam of the subject: she continues it before she can start another (issue 40); null when none */
  openExamId: z.nullable(z.string()),
  /** how many exams of a subject she may start in any 24 hours */
  dailyLimit: z.int(),
  /** how many more she may start now; 0: POST /api/mock-exams answers 409 mock_exam_limit */
  startsLeftToday: z.int(),
  /** with none left: when she may start the next one (ISO-8601); null while she may */
  nextStartAt: z.nullable(z.string()),
});
export type MockExamOverview = z.infer<typeof MockExamOverviewSchema>;
