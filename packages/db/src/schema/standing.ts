// Tables of where she stands in a subject (issue 39, decisions 035, 046, 047): her evidence and the
// items' difficulties (readiness and the expected grade), her expected grade per day, the mock exams'
// predictions, and Voortgang's counts of her practice sessions and mock exams.
// Owner: apps/api/src/standing. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file). The writes keep them current in
// their own transaction: the plan's hooks hand her answers to the standing (her marks, the
// difficulties, her day's grade, the predictions), the events of practice and mock exams add to the
// counts. The names `plan_marks` and the rest are from before the move (no table was renamed).

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

/** Subjects whose counts (practice sessions and mock exams) were built from her history (the lazy backfill; forgotten when it must be built again). */
export interface StandingBuildsTable {
  user_id: string;
  subject_id: string;
  built_at: string;
}

/**
 * Her latest state of one question, card or mock exam question: what the aggregates and her
 * readiness (decision 035) are built from, so a new answer replaces its old one.
 */
export interface PlanMarksTable {
  user_id: string;
  /** question: practice; card: a card verdict; mock: her latest mock exam answer to a question */
  kind: 'question' | 'card' | 'mock';
  item_id: string;
  subject_id: string;
  /** the item's chapter, or '' when it has none */
  chapter_id: string;
  /** question: the session of the latest answer */
  session_id: string | null;
  /** question: latest status (@blok/domain/status); card: 1 known, 0 not known */
  state: number;
  /** question: the status in the session before (recent sessions weigh more) */
  previous_state: number | null;
  /** card with spaced repetition: FSRS stability (days) and last review */
  stability: number | null;
  last_review: string | null;
  /**
   * As evidence of what she knows (@blok/domain/evidence, decision 035): where the answer was given
   * ('practice', 'mock-exam', 'card-typed', 'self-report'), null when it is none (a skip, an answer
   * waiting for her own assessment, a mark from before migration 0033); `score` 0..1.
   */
  source: string | null;
  score: number | null;
  updated_at: string;
}

/**
 * A question's (or card's) difficulty, learnt from every student's first graded answer to it
 * (@blok/domain/rasch, decision 035): one row per item, updated in the answer's transaction.
 */
export interface ItemDifficultiesTable {
  /** 'question' or 'card' */
  kind: string;
  item_id: string;
  subject_id: string;
  /** the item's chapter, or '' */
  chapter_id: string;
  /** logits: 0 an average item for an average student, higher harder */
  difficulty: number;
  information: number;
  answers: number;
  updated_at: string;
}

/** Her expected grade per subject and local date, after her last graded answer that day (issue 39). */
export interface StandingDaysTable {
  user_id: string;
  subject_id: string;
  date: string;
  grade: number;
  low: number;
  high: number;
  graded_answers: number;
  updated_at: string;
}

/** What the plan predicted of a mock exam just before it closed, beside the grade she got (the studio's calibration). */
export interface MockExamPredictionsTable {
  exam_id: string;
  user_id: string;
  subject_id: string;
  /** her expected grade (1-10) and its 80 % range */
  predicted: number;
  low: number;
  high: number;
  /** the exam's grade */
  achieved: number;
  /** graded answers the prediction rested on */
  graded_before: number;
  /** questions of the exam with a prediction, and the sum of their (probability − score)² */
  questions: number;
  brier_sum: number;
  closed_at: string;
}

/** Her mock exam's answers counted per chapter (Voortgang's grade of that exam in that chapter, migration 0046). */
export interface StandingExamGradesTable {
  user_id: string;
  subject_id: string;
  exam_id: string;
  chapter_id: string;
  /** when the exam closed (handed in, or its deadline): the time Voortgang shows its grade at */
  at: string;
  /** answers right (status 1) and partly right (2), and every question of the chapter that counts (unanswered and awaiting her assessment included) */
  correct: number;
  partial: number;
  total: number;
  updated_at: string;
}

/**
 * Her latest answer to one of her own questions or to a card of a course's sets, as evidence of what
 * she knows of that course (issue 41, decision 049, migration 0051).
 */
export interface CourseMarksTable {
  user_id: string;
  /** the course it was answered in (a card: its set's course then) */
  course_id: string;
  kind: 'question' | 'card';
  item_id: string;
  /** @blok/domain/evidence: 'own-question', 'card-typed' or 'self-report' */
  source: string;
  /** 0..1 */
  score: number;
  /** a question's verdict (0 wrong, 1 right, 2 partly right); a card: 1 known, 0 not */
  status: number | null;
  /** when she answered (ISO-8601) */
  answered_at: string;
}

/** The tables owned by standing: their names as Kysely sees them. */
export interface StandingTables {
  standing_grades: StandingGradesTable;
  standing_builds: StandingBuildsTable;
  standing_exam_grades: StandingExamGradesTable;
  plan_marks: PlanMarksTable;
  item_difficulties: ItemDifficultiesTable;
  standing_days: StandingDaysTable;
  mock_exam_predictions: MockExamPredictionsTable;
  course_marks: CourseMarksTable;
}
