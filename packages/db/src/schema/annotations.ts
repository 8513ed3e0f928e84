// Tables of a student's highlights and notes in the reader (issue 28) and in her PDFs (issue 41).
// Owner: apps/api/src/annotations. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/**
 * A highlight in a chapter, with her note when she wrote one. Anchored by the quoted text with
 * its context and where it was in the reader's text of the chapter (decision 025), so a corrected
 * chapter finds it again. No foreign key to the chapter: a chapter removed by a content import
 * leaves her note, listed as 'niet meer gevonden'.
 */
export interface AnnotationsTable {
  /** UUID made by the app that created it (offline too), so a queued edit can name it */
  id: string;
  user_id: string;
  summary_id: string;
  chapter_id: string;
  /** 'yellow' | 'green' | 'blue' | 'pink' */
  color: string;
  /** her note; null for a highlight without one */
  note: string | null;
  quote_exact: string;
  quote_prefix: string;
  quote_suffix: string;
  position_start: number;
  position_end: number;
  created_at: string;
  updated_at: string;
}

/**
 * A highlight on a page of a PDF of one of her courses (issue 41, migration 0048), with her note
 * when she wrote one. Anchored by page, the quoted text with its context and where it was in the
 * text of the page's text layer (pdf.js), as a chapter's is (decision 025; decision 039's
 * addendum). Goes with its file, its course and her account (foreign keys).
 */
export interface CourseFileAnnotationsTable {
  /** UUID made by the app that created it */
  id: string;
  user_id: string;
  course_id: string;
  file_id: string;
  /** the page, from 1 */
  page: number;
  /** 'yellow' | 'green' | 'blue' | 'pink' */
  color: string;
  note: string | null;
  quote_exact: string;
  quote_prefix: string;
  quote_suffix: string;
  position_start: number;
  position_end: number;
  created_at: string;
  updated_at: string;
}

/** The tables owned by annotations: their names as Kysely sees them. */
export interface AnnotationsTables {
  annotations: AnnotationsTable;
  course_file_annotations: CourseFileAnnotationsTable;
}
