import { z } from 'zod/mini';

/*
 * "Meld een fout" (decision 029): a student reports a mistake in a question, a chapter or a
 * flashcard with a short text; it lands in the studio's inbox of its subject, and she sees when
 * it was handled.
 */
export const REPORT_KINDS = ['question', 'chapter', 'flashcard'] as const;
export const ReportKindSchema = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKindSchema>;
export const REPORT_MESSAGE_MIN = 5;
export const REPORT_MESSAGE_MAX = 1_000;
/** Reports one student may send per day (then 409 limit_reached). */
export const REPORTS_PER_DAY = 20;

/** POST /api/reports */
export const NewReportBodySchema = z.strictObject({
  kind: ReportKindSchema,
  /** the question's, the chapter's or the flashcard's id */
  itemId: z.string().check(z.minLength(1), z.maxLength(160), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ongeldige id')),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(REPORT_MESSAGE_MIN, `Beschrijf de fout in minstens ${REPORT_MESSAGE_MIN} tekens.`),
      z.maxLength(REPORT_MESSAGE_MAX, `Houd het kort: hoogstens ${REPORT_MESSAGE_MAX} tekens.`),
    ),
});
export type NewReportBody = z.infer<typeof NewReportBodySchema>;

export const REPORT_STATUSES = ['open', 'handled'] as const;
export const ReportStatusSchema = z.enum(REPORT_STATUSES);

/** A report as its reporter sees it. */
export const MyReportSchema = z.object({
  id: z.string(),
  kind: ReportKindSchema,
  itemId: z.string(),
  subjectId: z.string(),
  /** the question's text, the chapter's title or the card's front when she reported it */
  itemTitle: z.string(),
  message: z.string(),
  status: ReportStatusSchema,
  createdAt: z.string(),
  handledAt: z.nullable(z.string()),
});
export type MyReport = z.infer<typeof MyReportSchema>;
export const MyReportListSchema = z.object({ reports: z.array(MyReportSchema) });
export type MyReportList = z.infer<typeof MyReportListSchema>;
