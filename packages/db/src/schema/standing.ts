// Tables of where she stands in a subject that the progress page reads (issue 39, decision 047).
// Owner: apps/api/src/standing. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file). The questions service's answer
// events keep them current, in the answer's own transaction.

/** Her answers of one practice session in one chapter, counted (Voortgang's grade of that session). */
export interface StandingGradesTable {
  user_id: string;
  subject_id: string;
  session_id: string;
  chapter_id: string;
  /** answers right (status 1), partly right (2), and all judged answers (0, 1, 2) */
  correct: number;
  partial: number;
  answered: number;
  updated_at: string;
}

/** Subjects whose counts were built from her history (the lazy backfill; forgotten when it must be built again). */
export interface StandingBuildsTable {
  user_id: string;
  subject_id: string;
  built_at: string;
}

/** The tables owned by standing: their names as Kysely sees them. */
export interface StandingTables {
  standing_grades: StandingGradesTable;
  standing_builds: StandingBuildsTable;
}
