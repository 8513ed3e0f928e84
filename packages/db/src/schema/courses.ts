// Tables of her own courses ("Eigen vak", issue 41, decision 039): the courses she takes beside
// Blok's subjects, the PDFs she uploads to them (stored in chunks), and each page's text.
// Owner: apps/api/src/courses. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** One of her own courses. */
export interface CoursesTable {
  id: string;
  user_id: string;
  name: string;
  /** the university's course code, '' for none */
  code: string;
  /** the period she takes it in ('Periode 1', 'Blok 2'), '' for none */
  period: string;
  /** her exam date (YYYY-MM-DD), or null */
  exam_date: string | null;
  /** minutes per day of its own on its exam plan (migration 0051); null: it shares her day's */
  minutes_per_day: number | null;
  /** its study days, ISO weekdays comma-separated ('1,3,5'); null: her day's */
  study_days: string | null;
  created_at: string;
  updated_at: string;
}

/** A PDF she uploaded to a course, checked before it was kept; its bytes are in course_file_chunks. */
export interface CourseFilesTable {
  id: string;
  course_id: string;
  user_id: string;
  /** the file's name as she uploaded it (the download name) */
  name: string;
  bytes: number;
  pages: number;
  /** the size of every chunk but the last */
  chunk_bytes: number;
  /** sha256 of the bytes, base64url (ETag) */
  sha256: string;
  /**
   * 1: hers (listed, served, read, searched); 0: its upload is still being staged (migration 0050),
   * seen nowhere but in her storage, and removed by the sweep if its command never came
   */
  ready: number;
  /**
   * the byte ranges pdf.js reads to show its first pages, `start-end,start-end` (inclusive),
   * recorded by the check at upload (migration 0052); null for a file kept before it
   */
  opening: string | null;
  /** when it became ready (while staged: when its staging began) */
  created_at: string;
}

/** A file's bytes in order: chunk `idx` holds bytes idx * chunk_bytes onwards. */
export interface CourseFileChunksTable {
  file_id: string;
  idx: number;
  data: Buffer;
}

/** The text of each page of a file, as pdf.js extracted it when the file was checked. */
export interface CourseFilePagesTable {
  file_id: string;
  user_id: string;
  page: number;
  text: string;
}

/**
 * The pages of a file she read (issue 41, migration 0047): a page counts as read once the viewer
 * showed it long enough (decision 039's addendum); one row per page, the first time.
 */
export interface CoursePagesReadTable {
  file_id: string;
  user_id: string;
  page: number;
  read_at: string;
}

/** The tables of her own courses: their names as Kysely sees them. */
export interface CoursesTables {
  courses: CoursesTable;
  course_files: CourseFilesTable;
  course_file_chunks: CourseFileChunksTable;
  course_file_pages: CourseFilePagesTable;
  course_pages_read: CoursePagesReadTable;
}
