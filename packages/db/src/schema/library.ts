import type { ColumnType } from 'kysely';

// Tables of the catalogue's subjects and summaries, a student's library and reading progress.
// Owner: apps/api/src/library. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).
// Imported by: apps/api/src/content, the catalogue's tables subjects, subject_audiences, summaries, chapters, content_images
// (a course is imported in one transaction, decision 004; the writes are apps/api/src/library/content-writer.ts's,
// decision 041; content still reads them to export a subject).

export interface SubjectsTable {
  id: string;
  title: string;
  description: string;
  /** hash of the imported folder; an unchanged folder is not imported again */
  content_hash: string;
  /** title and description folded for search (lower case, no accents; @blok/domain/search), written by the import */
  search_text: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
}

export interface SubjectAudiencesTable {
  subject_id: string;
  study: string;
  year: string;
}

export interface SummariesTable {
  id: string;
  subject_id: string;
  title: string;
  source: string;
  description: string;
  sort_index: number;
}

export interface ChaptersTable {
  id: string;
  summary_id: string;
  subject_id: string;
  /** may hold inline markup; valid only if non-empty without it */
  title: string;
  /** 1 high, 2 medium, 3 low */
  priority: number;
  sort_index: number;
  /** word offsets of the chapter within its summary */
  start_index: number;
  end_index: number;
  start_page: number;
  end_page: number;
  access: 'free' | 'premium';
  question_list_id: string | null;
  markdown: string;
  /** sanitized HTML rendered at import */
  html: string;
  word_count: number;
}

export interface ContentImagesTable {
  subject_id: string;
  /** file name inside the subject's images/ folder */
  name: string;
  mime: string;
  data_base64: string;
}

export interface LibraryEntriesTable {
  user_id: string;
  subject_id: string;
  /** 'added' (beyond her study's subjects) or 'hidden' (one of her study's, removed) */
  status: 'added' | 'hidden';
  updated_at: string;
}

export interface ReadingProgressTable {
  user_id: string;
  summary_id: string;
  chapter_id: string;
  /** scroll position within the chapter, 0..1 */
  position: number;
  updated_at: string;
}

export interface ChapterReadsTable {
  user_id: string;
  chapter_id: string;
  read_at: string;
}

/** The tables owned by library: their names as Kysely sees them. */
export interface LibraryTables {
  subjects: SubjectsTable;
  subject_audiences: SubjectAudiencesTable;
  summaries: SummariesTable;
  chapters: ChaptersTable;
  content_images: ContentImagesTable;
  library_entries: LibraryEntriesTable;
  reading_progress: ReadingProgressTable;
  chapter_reads: ChapterReadsTable;
}
