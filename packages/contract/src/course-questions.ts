import { z } from 'zod/mini';
import { CourseIdSchema } from './courses.ts';
import { ItemPairSchema } from './questions.ts';

/*
 * Her own practice questions in a course of her own (issue 41, decision 039's addendum): multiple
 * choice and issue 40's typed, numeric, ordering and matching types. A key is the content format's
 * fields of its type (packages/content's schema, as the studio's key form writes them):
 * SELECT `answers: [{ text, correct }]` (one correct); TYPED `accepted`, `typos`; NUMERIC `value`,
 * `tolerance`, `relative`, `unit`, `unitAliases`; ORDERING `items` in the right order; MATCHING
 * `pairs: [{ left, right }]`, `decoys`. The server checks it with @blok/domain/own-questions (400
 * question_key_invalid, each problem at its field `key.<field>`) and grades her answers with the
 * domain's grader. Nobody else reads them: another student's ids answer 404.
 */

export const COURSE_QUESTION_TYPES = ['SELECT', 'TYPED', 'NUMERIC', 'ORDERING', 'MATCHING'] as const;
export const CourseQuestionTypeSchema = z.enum(COURSE_QUESTION_TYPES);
export type CourseQuestionType = z.infer<typeof CourseQuestionTypeSchema>;

export const COURSE_QUESTION_PROMPT_MAX = 2_000;
export const COURSE_QUESTION_EXPLANATION_MAX = 4_000;
/** Questions one course holds at most. */
export const COURSE_QUESTIONS_MAX = 500;

/** POST /courses/{id}/questions and PUT /courses/{id}/questions/{questionId}: a question of hers. */
export const CourseQuestionBodySchema = z.object({
  type: CourseQuestionTypeSchema,
  prompt: z.string().check(
    z.trim(),
    z.minLength(1, 'Schrijf de vraag.'),
    z.maxLength(COURSE_QUESTION_PROMPT_MAX, `Een vraag is hoogstens ${COURSE_QUESTION_PROMPT_MAX} tekens.`),
  ),
  /** the key's fields of the type (see above); checked by the server */
  key: z.looseObject({}),
  /** shown after she answered; may be empty */
  explanation: z.optional(z.string().check(z.trim(), z.maxLength(COURSE_QUESTION_EXPLANATION_MAX, `Een toelichting is hoogstens ${COURSE_QUESTION_EXPLANATION_MAX} tekens.`))),
});
export type CourseQuestionBody = z.infer<typeof CourseQuestionBodySchema>;

/** Questions one paste adds at most (POST /courses/{id}/questions/batch). */
export const COURSE_QUESTIONS_BATCH_MAX = 100;

/**
 * POST /courses/{id}/questions/batch: the questions she pasted as text (read by
 * @blok/domain/pasted-questions in the app), added in one command: all of them or none. A key the
 * domain refuses is 400 question_key_invalid at `questions.<n>.key.<field>`.
 */
export const CourseQuestionBatchBodySchema = z.object({
  questions: z.array(CourseQuestionBodySchema).check(z.minLength(1, 'Voeg minstens één vraag toe.'), z.maxLength(COURSE_QUESTIONS_BATCH_MAX, `Hoogstens ${COURSE_QUESTIONS_BATCH_MAX} vragen tegelijk.`)),
});
export type CourseQuestionBatchBody = z.infer<typeof CourseQuestionBatchBodySchema>;

export const CourseQuestionParamsSchema = z.object({ id: CourseIdSchema, questionId: CourseIdSchema });

/** A question of hers with its key (she wrote it) and her latest answer's verdict. */
export const CourseQuestionSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  type: CourseQuestionTypeSchema,
  prompt: z.string(),
  key: z.looseObject({}),
  explanation: z.string(),
  /** her latest answer: 1 right, 2 partly right, 0 wrong; null when she has not answered it (since it changed) */
  lastStatus: z.nullable(z.union([z.literal(0), z.literal(1), z.literal(2)])),
  answeredAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CourseQuestion = z.infer<typeof CourseQuestionSchema>;

/** GET /courses/{id}/questions: her questions of a course, oldest first. */
export const CourseQuestionListSchema = z.object({ questions: z.array(CourseQuestionSchema) });
export type CourseQuestionList = z.infer<typeof CourseQuestionListSchema>;

/**
 * POST /courses/{id}/questions/{questionId}/answer: her answer. SELECT: `choice` (a1, a2, ... in
 * written order); TYPED, NUMERIC: `textAnswer`; ORDERING: `order` (item ids); MATCHING: `pairs`.
 * Item ids are `<questionId>-i<n>`, `-l<n>`, `-r<n>` as @blok/domain's specOf names them. A NUMERIC
 * answer that is no number is 400 invalid_number and not kept.
 */
export const CourseQuestionAnswerBodySchema = z.object({
  choice: z.optional(z.string().check(z.maxLength(8))),
  textAnswer: z.optional(z.string().check(z.maxLength(1_000))),
  order: z.optional(z.array(z.string().check(z.maxLength(80))).check(z.maxLength(20))),
  pairs: z.optional(z.array(ItemPairSchema).check(z.maxLength(20))),
});
export type CourseQuestionAnswerBody = z.infer<typeof CourseQuestionAnswerBodySchema>;

/** The verdict on her answer, graded on the server by @blok/domain, with what was expected. */
export const CourseQuestionVerdictSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  result: z.enum(['right', 'partly', 'wrong']),
  /** TYPED: right with a typo */
  typo: z.boolean(),
  explanation: z.string(),
  expected: z.object({
    /** TYPED, NUMERIC: the expected answer in words ("0,25", "€ 12,50") */
    text: z.nullable(z.string()),
    /** SELECT: the correct choice's id */
    choice: z.nullable(z.string()),
    /** ORDERING: the item ids in the right order */
    order: z.array(z.string()),
    /** MATCHING: the right pairs */
    pairs: z.array(ItemPairSchema),
  }),
  question: CourseQuestionSchema,
});
export type CourseQuestionVerdict = z.infer<typeof CourseQuestionVerdictSchema>;
