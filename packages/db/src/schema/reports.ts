// The table of "Meld een fout": students' reports of mistakes in content (decision 029).
// Owner: apps/api/src/reports. Only the owner's code names it in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** "Meld een fout": a student's report of a mistake in a question, a chapter or a flashcard (decision 029). */
export interface ReportsTable {
  id: string;
  user_id: string;
  subject_id: string;
  /** 'question', 'chapter' or 'flashcard' */
  kind: string;
  item_id: string;
  /** the question's text or the chapter's title when she reported it */
  item_title: string;
  message: string;
  /** 'open' or 'handled' */
  status: string;
  handled_by: string | null;
  handled_at: string | null;
  created_at: string;
}

/** The tables owned by reports: their names as Kysely sees them. */
export interface ReportsTables {
  reports: ReportsTable;
}
