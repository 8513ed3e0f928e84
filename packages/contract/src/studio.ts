import { z } from 'zod/mini';
import { MyReportSchema } from './reports.ts';

/*
 * The author studio (issue 29, decision 026): roles, a subject's draft in the importer's terms, its
 * review and its releases, and the audit log. Every call checks her role on the server; a student,
 * or an author outside her subjects, gets 404.
 */

/** `roleId` of a user: 1 student (default), 2 author, 3 editor, 4 admin. */
export const ROLES = { student: 1, author: 2, editor: 3, admin: 4 } as const;
export const ROLE_NAMES = ['student', 'author', 'editor', 'admin'] as const;
export const RoleNameSchema = z.enum(ROLE_NAMES);
export type RoleName = z.infer<typeof RoleNameSchema>;
/** The role name of a roleId (an unknown id is a student). */
export const roleName = (roleId: number): RoleName => ROLE_NAMES[roleId - 1] ?? 'student';

const SlugSchema = z.string().check(z.minLength(1), z.maxLength(160), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ongeldige id'));
/** A draft's text: saved as written, the importer's checks say what is wrong with it. */
const Text = (max: number) => z.string().check(z.maxLength(max));

export const StudioAnswerSchema = z.object({
  /** the answer's key within its question (a1, a2, ...): students' picked answers point at it */
  id: SlugSchema,
  text: Text(2_000),
  correct: z.boolean(),
  pinned: z.boolean(),
});

export const StudioQuestionSchema = z.object({
  id: SlugSchema,
  /**
   * one correct answer, several correct answers, open; and issue 40's typed answer, numeric,
   * ordering, matching and cloze, whose own fields are in `key`
   */
  kind: z.enum(['single', 'multiple', 'open', 'typed', 'numeric', 'ordering', 'matching', 'cloze']),
  text: Text(10_000),
  answers: z.array(StudioAnswerSchema).check(z.maxLength(20)),
  /** open questions: the model answer */
  modelAnswer: Text(10_000),
  /**
   * typed, numeric, ordering, matching, cloze: the fields of the content format that make its key, in
   * YAML (`accepted: [...]`, `value: 0.25`, `items: [...]`, `pairs: [...]`; packages/content/README.md)
   */
  key: z.optional(Text(20_000)),
  feedback: Text(10_000),
  recommended: z.boolean(),
  picture: z.optional(z.string()),
  feedbackPicture: z.optional(z.string()),
});
export type StudioQuestion = z.infer<typeof StudioQuestionSchema>;

export const StudioQuestionListSchema = z.object({
  id: SlugSchema,
  title: Text(300),
  description: Text(2_000),
  /** 2: answers shown in between; 1: only in the results */
  answerDisplaying: z.union([z.literal(1), z.literal(2)]),
  recommendedQuestions: z.int().check(z.minimum(1), z.maximum(500)),
  chapter: z.optional(SlugSchema),
  questions: z.array(StudioQuestionSchema).check(z.maxLength(500)),
});
export type StudioQuestionList = z.infer<typeof StudioQuestionListSchema>;

export const StudioChapterSchema = z.object({
  id: SlugSchema,
  /** may hold inline markup; must not be empty without it */
  title: Text(300),
  priority: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  startPage: z.int().check(z.minimum(1), z.maximum(100_000)),
  endPage: z.int().check(z.minimum(1), z.maximum(100_000)),
  access: z.enum(['free', 'premium']),
  questionList: z.optional(SlugSchema),
  markdown: Text(200_000),
});
export type StudioChapter = z.infer<typeof StudioChapterSchema>;

export const StudioSummarySchema = z.object({
  id: SlugSchema,
  title: Text(300),
  source: Text(300),
  description: Text(2_000),
  chapters: z.array(StudioChapterSchema).check(z.maxLength(200)),
});

/** A flashcard: front and back in Markdown, optional pictures; its id stays, so her FSRS state does. */
export const StudioFlashcardSchema = z.object({
  id: SlugSchema,
  front: Text(10_000),
  back: Text(10_000),
  frontPicture: z.optional(z.string().check(z.maxLength(200))),
  backPicture: z.optional(z.string().check(z.maxLength(200))),
});
export type StudioFlashcard = z.infer<typeof StudioFlashcardSchema>;

/** A flashcard set with the importer's fields (flashcards/<id>.yaml); its place in the list is its sort order. */
export const StudioFlashcardSetSchema = z.object({
  id: SlugSchema,
  title: Text(300),
  description: Text(2_000),
  chapter: z.optional(SlugSchema),
  cards: z.array(StudioFlashcardSchema).check(z.maxLength(1_000)),
});
export type StudioFlashcardSet = z.infer<typeof StudioFlashcardSetSchema>;

/** A subject as the studio edits it: the importer's folder format as one document. */
export const StudioDocumentSchema = z.object({
  id: SlugSchema,
  title: Text(300),
  description: Text(2_000),
  audiences: z.array(z.object({ study: SlugSchema, year: SlugSchema })).check(z.maxLength(100)),
  summaries: z.array(StudioSummarySchema).check(z.maxLength(20)),
  questionLists: z.array(StudioQuestionListSchema).check(z.maxLength(100)),
  flashcardSets: z.array(StudioFlashcardSetSchema).check(z.maxLength(100)),
});
export type StudioDocument = z.infer<typeof StudioDocumentSchema>;

/** One problem the importer's checks find, with its place: the part of the subject and the field. */
export const StudioProblemSchema = z.object({
  /** the importer's file (subject.yaml, chapters/<id>.md, questions/<id>.yaml) */
  file: z.string(),
  /** where in the studio: chapter, question list or question id, flashcard set or card id, when known */
  chapter: z.optional(z.string()),
  list: z.optional(z.string()),
  question: z.optional(z.string()),
  set: z.optional(z.string()),
  card: z.optional(z.string()),
  field: z.string(),
  message: z.string(),
});
export type StudioProblem = z.infer<typeof StudioProblemSchema>;

export const DRAFT_STATUSES = ['published', 'draft', 'in_review', 'sent_back'] as const;
export const DraftStatusSchema = z.enum(DRAFT_STATUSES);
export type DraftStatus = z.infer<typeof DraftStatusSchema>;

export const StudioMeSchema = z.object({
  role: RoleNameSchema,
  canPublish: z.boolean(),
  canAdminister: z.boolean(),
});
export type StudioMe = z.infer<typeof StudioMeSchema>;

export const StudioSubjectItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: DraftStatusSchema,
  /** the number of the release students see; null before the studio's first */
  release: z.nullable(z.int()),
  updatedAt: z.nullable(z.string()),
});
export const StudioSubjectListSchema = z.object({ subjects: z.array(StudioSubjectItemSchema) });
export type StudioSubjectList = z.infer<typeof StudioSubjectListSchema>;

export const StudioDraftSchema = z.object({
  subjectId: z.string(),
  status: DraftStatusSchema,
  /** the editor's comment when she sent it back */
  comment: z.string(),
  document: StudioDocumentSchema,
  /** the importer's refusals: publishing waits until there are none */
  problems: z.array(StudioProblemSchema),
  /** what an author should look at (lopsided answer positions); does not block */
  warnings: z.array(StudioProblemSchema),
  release: z.nullable(z.int()),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
  canPublish: z.boolean(),
});
export type StudioDraft = z.infer<typeof StudioDraftSchema>;

export const StudioSubjectParamsSchema = z.object({ subjectId: SlugSchema });
export const StudioReleaseParamsSchema = z.object({ subjectId: SlugSchema, number: z.coerce.number().check(z.int(), z.minimum(1)) });

export const SaveDraftBodySchema = z.object({ document: StudioDocumentSchema });
export const CheckDraftBodySchema = z.object({ document: StudioDocumentSchema });
export const StudioCheckSchema = z.object({ problems: z.array(StudioProblemSchema), warnings: z.array(StudioProblemSchema) });
export type StudioCheck = z.infer<typeof StudioCheckSchema>;
export const SendBackBodySchema = z.object({ comment: z.string().check(z.trim(), z.minLength(1, 'schrijf wat er beter moet'), z.maxLength(2_000)) });

/** A picture an author uploads into a chapter (or a question): at most 5 MB, PNG, JPEG or WebP. */
export const STUDIO_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const STUDIO_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The longest edge of a stored content image, in pixels: larger pictures are scaled down. */
export const STUDIO_IMAGE_EDGE = 1600;
/** A stored content image: `path` goes into the Markdown (`![alt](images/....webp)`), `url` shows it. */
export const StudioImageSchema = z.object({ path: z.string(), url: z.string(), width: z.int(), height: z.int() });
export type StudioImage = z.infer<typeof StudioImageSchema>;

export const PreviewBodySchema = z.object({ subjectId: SlugSchema, markdown: Text(200_000) });
/** The chapter as the reader shows it: the HTML the import renders. */
export const PreviewSchema = z.object({ html: z.string() });

/** Preview as a student: the document she is editing, for a university, study and year of the registration's catalogue. */
export const StudentPreviewBodySchema = z.object({
  document: StudioDocumentSchema,
  university: SlugSchema,
  study: SlugSchema,
  year: SlugSchema,
});

/** The draft's subject as that student would see it: whether she finds it at all, and its parts as the reader renders them. */
export const StudentPreviewSchema = z.object({
  /** the names of the chosen university, study and year */
  audience: z.object({ university: z.string(), study: z.string(), year: z.string() }),
  /** a student of this study and year finds the subject (one of its audiences) */
  visible: z.boolean(),
  title: z.string(),
  description: z.string(),
  summaries: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      source: z.string(),
      chapters: z.array(
        z.object({
          id: z.string(),
          /** inline markup only, as the reader shows it */
          titleHtml: z.string(),
          startPage: z.int(),
          endPage: z.int(),
          /** premium: locked for a student without Premium */
          access: z.enum(['free', 'premium']),
          html: z.string(),
        }),
      ),
    }),
  ),
  questionLists: z.array(z.object({ id: z.string(), title: z.string(), questions: z.int() })),
  flashcardSets: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      cards: z.array(
        z.object({
          id: z.string(),
          frontHtml: z.string(),
          backHtml: z.string(),
          frontPictureUrl: z.nullable(z.string()),
          backPictureUrl: z.nullable(z.string()),
        }),
      ),
    }),
  ),
});
export type StudentPreview = z.infer<typeof StudentPreviewSchema>;

export const StudioReleaseSchema = z.object({
  number: z.int(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  /** what changed since the release before, one line each (Dutch) */
  changes: z.array(z.string()),
  /** set when this release brought back an earlier one */
  restoredFrom: z.nullable(z.int()),
  current: z.boolean(),
});
export type StudioRelease = z.infer<typeof StudioReleaseSchema>;
export const StudioReleaseListSchema = z.object({ releases: z.array(StudioReleaseSchema) });

export const SetRoleBodySchema = z.object({ email: z.string().check(z.trim(), z.minLength(3), z.maxLength(320)), role: RoleNameSchema });
export const AssignmentBodySchema = z.object({
  email: z.string().check(z.trim(), z.minLength(3), z.maxLength(320)),
  subjectId: SlugSchema,
  assigned: z.boolean(),
});
export const StudioMemberSchema = z.object({ email: z.string(), role: RoleNameSchema, subjects: z.array(z.string()) });
export const StudioMemberListSchema = z.object({ members: z.array(StudioMemberSchema) });
export type StudioMemberList = z.infer<typeof StudioMemberListSchema>;

export const AuditQuerySchema = z.object({ subjectId: z.optional(SlugSchema) });
export const AuditEntrySchema = z.object({
  at: z.string(),
  who: z.string(),
  action: z.string(),
  subjectId: z.nullable(z.string()),
  detail: z.string(),
});
export const AuditListSchema = z.object({ entries: z.array(AuditEntrySchema) });
export type AuditList = z.infer<typeof AuditListSchema>;

// "Meld een fout" (decision 029): the student's side lives in reports.ts (the question session loads
// it without the studio's schemas); the studio's inbox builds on it.
export * from './reports.ts';

/** A report in the studio's inbox of a subject: the reporter stays unnamed. */
export const StudioReportSchema = z.extend(MyReportSchema, { handledBy: z.nullable(z.string()) });
export type StudioReport = z.infer<typeof StudioReportSchema>;
export const StudioReportListSchema = z.object({ reports: z.array(StudioReportSchema) });
export type StudioReportList = z.infer<typeof StudioReportListSchema>;
export const StudioReportParamsSchema = z.object({ reportId: z.string().check(z.minLength(1), z.maxLength(64)) });

/**
 * GET /api/studio/subjects/{subjectId}/calibration (issue 39; editors and admins, 404 for anyone
 * else): is the expected grade honest on real students? Each closed mock exam of a student who was
 * shown an expected grade: that grade against the one she got, by bins of the expected grade, and
 * the Brier score of the per-question probabilities.
 */
export const StudioCalibrationBinSchema = z.object({
  /** expected grades in [from, to) */
  from: z.number(),
  to: z.number(),
  exams: z.int(),
  meanPredicted: z.number(),
  meanAchieved: z.number(),
});
export const StudioCalibrationSchema = z.object({
  subjectId: z.string(),
  exams: z.int(),
  students: z.int(),
  /** mean |expected − achieved|; null without exams */
  meanAbsoluteError: z.nullable(z.number()),
  /** mean (achieved − expected): above 0 the expected grade is cautious, below 0 hopeful */
  bias: z.nullable(z.number()),
  /** share of exams whose grade lay in the range shown */
  withinRange: z.nullable(z.number()),
  questions: z.int(),
  /** mean (probability − score)² per question: 0 perfect, 0.25 always saying 50 % */
  brier: z.nullable(z.number()),
  bins: z.array(StudioCalibrationBinSchema),
});
export type StudioCalibration = z.infer<typeof StudioCalibrationSchema>;

/**
 * GET /api/studio/subjects/{subjectId}/item-analysis (issue 40): per graded question of the subject,
 * from students' practice answers and their answers in closed mock exams (each student's latest,
 * wherever given, on its current version; decision 045), how good a
 * question it is (@blok/domain/item-analysis). Flags: too_easy, too_hard, negative_discrimination,
 * unused_distractor (a wrong answer nobody picks), key_longest (the right answer is the longest).
 */
export const StudioItemSchema = z.object({
  questionId: z.string(),
  listId: z.string(),
  listTitle: z.string(),
  type: z.string(),
  text: z.string(),
  /** students who answered it */
  answers: z.int(),
  /** of `answers`, those whose latest answer was given in a mock exam */
  fromMockExams: z.int(),
  /** 0..1, null without answers */
  shareRight: z.nullable(z.number()),
  /** -1..1 against the rest of her answers, null with fewer than 5 answers or no spread */
  discrimination: z.nullable(z.number()),
  /** the wrong answers of a choice and how often each was picked */
  distractors: z.array(z.object({ text: z.string(), picks: z.int() })),
  flags: z.array(z.enum(['too_easy', 'too_hard', 'negative_discrimination', 'unused_distractor', 'key_longest'])),
});
export type StudioItem = z.infer<typeof StudioItemSchema>;
export const StudioItemAnalysisSchema = z.object({ subjectId: z.string(), items: z.array(StudioItemSchema) });
export type StudioItemAnalysis = z.infer<typeof StudioItemAnalysisSchema>;
