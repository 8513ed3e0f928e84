import { z } from 'zod/mini';
import { PLAN_MAX_MINUTES, PLAN_MIN_MINUTES } from './plan.ts';
import { WeekdaySchema } from './push.ts';

/*
 * Her own courses ("Eigen vak", issue 41, decision 039): a course she takes beside Blok's
 * subjects, with an exam date and the PDFs she uploads to it, read in Blok and searched. Nobody
 * else ever reads them: another student's ids answer 404.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Course and file ids are UUIDv7. */
export const CourseIdSchema = z.string().check(z.regex(UUID, 'ongeldige id'));

export const COURSE_NAME_MAX = 120;
export const COURSE_CODE_MAX = 40;
export const COURSE_PERIOD_MAX = 60;
/** Longest file name kept (the download name). */
export const COURSE_FILE_NAME_MAX = 200;

const IsoDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Geef een datum als JJJJ-MM-DD.'),
  z.refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Deze datum bestaat niet.'),
);

const NameSchema = z.string().check(z.trim(), z.minLength(1, 'Geef het vak een naam.'), z.maxLength(COURSE_NAME_MAX, `Een naam is hoogstens ${COURSE_NAME_MAX} tekens.`));
const CodeSchema = z.string().check(z.trim(), z.maxLength(COURSE_CODE_MAX, `Een vakcode is hoogstens ${COURSE_CODE_MAX} tekens.`));
const PeriodSchema = z.string().check(z.trim(), z.maxLength(COURSE_PERIOD_MAX, `Een periode is hoogstens ${COURSE_PERIOD_MAX} tekens.`));

/** POST /courses: a new course of hers. */
export const CreateCourseBodySchema = z.object({
  name: NameSchema,
  code: z.optional(CodeSchema),
  period: z.optional(PeriodSchema),
  /** YYYY-MM-DD, or null / absent: no exam date yet */
  examDate: z.optional(z.nullable(IsoDate)),
});
export type CreateCourseBody = z.infer<typeof CreateCourseBodySchema>;

/** Minutes per day of a course's own exam plan (as a Blok exam plan's); null: none, it shares her day's. */
const CourseMinutesSchema = z.nullable(z.int().check(z.minimum(PLAN_MIN_MINUTES, `Kies minstens ${PLAN_MIN_MINUTES} minuten.`), z.maximum(PLAN_MAX_MINUTES, `Kies hoogstens ${PLAN_MAX_MINUTES} minuten.`)));
/** Its study days (ISO weekdays 1-7, each once); null or []: her day's. */
const CourseStudyDaysSchema = z.nullable(z.array(WeekdaySchema).check(z.maxLength(7), z.refine((days) => new Set(days).size === days.length, 'Elke dag één keer.')));

/**
 * PUT /courses/{id}: rename, change code, period, exam date, or the exam plan's minutes per day and
 * study days (issue 41: a course's own time; null: none, the course shares her day's). A field left
 * out stays.
 */
export const UpdateCourseBodySchema = z.object({
  name: z.optional(NameSchema),
  code: z.optional(CodeSchema),
  period: z.optional(PeriodSchema),
  examDate: z.optional(z.nullable(IsoDate)),
  minutesPerDay: z.optional(CourseMinutesSchema),
  studyDays: z.optional(CourseStudyDaysSchema),
});
export type UpdateCourseBody = z.infer<typeof UpdateCourseBodySchema>;

export const CourseParamsSchema = z.object({ id: CourseIdSchema });
export const CourseFileParamsSchema = z.object({ id: CourseIdSchema, fileId: CourseIdSchema });
/** GET .../file: ?download=1 answers with Content-Disposition attachment instead of inline. */
export const CourseFileQuerySchema = z.object({ download: z.optional(z.enum(['0', '1'])) });
/** POST /courses/{id}/files?name=: the file's own name (the body is the PDF itself). */
export const UploadCourseFileQuerySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Geef de bestandsnaam mee.'), z.maxLength(COURSE_FILE_NAME_MAX, `Een bestandsnaam is hoogstens ${COURSE_FILE_NAME_MAX} tekens.`)),
});

/** A PDF of hers in a course. */
export const CourseFileSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  name: z.string(),
  bytes: z.number(),
  pages: z.number(),
  /** the different pages she read (issue 41: a page in view long enough, decision 039's addendum) */
  pagesRead: z.number(),
  createdAt: z.string(),
});
export type CourseFile = z.infer<typeof CourseFileSchema>;

/** Most pages one report of her reading carries (the viewer sends them in batches). */
export const COURSE_PAGES_READ_MAX = 200;

/**
 * POST /courses/{id}/files/{fileId}/read: pages of the file she read (each 1..its pages). A command
 * (Idempotency-Key); a page reported again stays read once.
 */
export const MarkPagesReadBodySchema = z.object({
  pages: z
    .array(z.int().check(z.minimum(1), z.maximum(100_000)))
    .check(z.minLength(1, 'Geef minstens één pagina.'), z.maxLength(COURSE_PAGES_READ_MAX, `Hoogstens ${COURSE_PAGES_READ_MAX} pagina's per keer.`)),
});
export type MarkPagesReadBody = z.infer<typeof MarkPagesReadBodySchema>;

/** Her reading of a file after a report: how many of its pages she read, and which. */
export const CourseFileReadingSchema = z.object({
  fileId: z.string(),
  pages: z.number(),
  pagesRead: z.number(),
  /** the pages she read, ascending */
  read: z.array(z.number()),
});
export type CourseFileReading = z.infer<typeof CourseFileReadingSchema>;

export const CourseSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  period: z.string(),
  examDate: z.nullable(z.string()),
  /** its exam plan's own minutes per day, or null: it shares her day's (what Blok's subjects leave) */
  minutesPerDay: z.nullable(z.int()),
  /** its own study days (ISO weekdays), [] for her day's */
  studyDays: z.array(z.int()),
  fileCount: z.number(),
  createdAt: z.string(),
});
export type CourseSummary = z.infer<typeof CourseSummarySchema>;

/** Her limits: how many courses she may keep and how much her files may take (decision 039). */
export const CourseLimitsSchema = z.object({
  courses: z.number(),
  courseCount: z.number(),
  storageBytes: z.number(),
  usedBytes: z.number(),
  fileBytes: z.number(),
  filePages: z.number(),
  premium: z.boolean(),
});
export type CourseLimits = z.infer<typeof CourseLimitsSchema>;

/** GET /courses: her courses, oldest first, and her limits. */
export const CourseListSchema = z.object({ courses: z.array(CourseSummarySchema), limits: CourseLimitsSchema });
export type CourseList = z.infer<typeof CourseListSchema>;

/** GET /courses/{id}: a course with its files, newest first. */
export const CourseDetailSchema = z.object({
  course: CourseSummarySchema,
  files: z.array(CourseFileSchema),
  limits: CourseLimitsSchema,
});
export type CourseDetail = z.infer<typeof CourseDetailSchema>;

/** GET /courses/{id}/files/{fileId}/pages: the text of each page (the viewer's and search's). */
export const CourseFilePagesSchema = z.object({ pages: z.array(z.object({ page: z.number(), text: z.string() })) });
export type CourseFilePages = z.infer<typeof CourseFilePagesSchema>;

/**
 * GET /courses/{id}/standing: where she stands in a course of hers (issue 41, decision 049). Readiness
 * is the expected share right on an exam of the course from her graded answers (her own questions'
 * verdicts, her typed card answers; "Wist ik" weakly), held down while little of her material is
 * worked through; null without a graded answer ("nog niet getoetst"). Beside it Voortgang's counts.
 */
export const CourseStandingSchema = z.object({
  courseId: z.string(),
  /** 0-100, or null: no graded answer yet */
  readiness: z.nullable(z.int()),
  /** the grade she can expect with its 80 % range, or null: no graded answer yet */
  expectedGrade: z.nullable(z.object({ grade: z.number(), low: z.number(), high: z.number() })),
  gradedAnswers: z.int(),
  /** 0-100: the share of her material she worked through (pages read, questions answered, cards answered) */
  coverage: z.int(),
  pages: z.object({ total: z.int(), read: z.int() }),
  /** her questions by her latest verdict since written or changed */
  questions: z.object({ total: z.int(), right: z.int(), partly: z.int(), wrong: z.int(), unanswered: z.int() }),
  /** the cards of the course's sets by her latest verdict; `typed`: those whose latest answer she typed (graded) */
  cards: z.object({ total: z.int(), known: z.int(), unknown: z.int(), unseen: z.int(), typed: z.int() }),
});
export type CourseStanding = z.infer<typeof CourseStandingSchema>;
