// Tables of exam dates, readiness aggregates and the day's study plan (issue 27, decision 021).
// Owner: apps/api/src/plan. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file). The questions, flashcards and
// library services keep the aggregates current through the plan service, in their own transaction.

/** Her exam date and study time for one subject. */
export interface ExamPlansTable {
  user_id: string;
  subject_id: string;
  /** YYYY-MM-DD, or null: a plan without a deadline */
  exam_date: string | null;
  /** minutes she wants to study per day, or null: the default */
  minutes_per_day: number | null;
  /** ISO weekdays 1 (Monday) to 7 (Sunday), comma separated */
  study_days: string;
  /** her IANA time zone: her day starts at midnight there */
  time_zone: string;
  created_at: string;
  updated_at: string;
}

/** Where she stands in one chapter, kept current in the transaction of every answer, rating and read. */
export interface PlanChapterStatsTable {
  user_id: string;
  chapter_id: string;
  subject_id: string;
  /** 1 once she read the chapter */
  read: number;
  /** sum of @blok/domain questionValue over the questions she answered, in thousandths */
  question_points: number;
  /** distinct questions she answered */
  questions_answered: number;
  /** questions whose latest answer was correct */
  questions_correct: number;
  /** cards whose latest verdict was known / not known */
  cards_known: number;
  cards_unknown: number;
  updated_at: string;
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

/** What she did per subject, local day and chapter: ticks off the day's tasks. */
export interface PlanActivityTable {
  user_id: string;
  subject_id: string;
  /** her local date, YYYY-MM-DD */
  date: string;
  /** '' for cards without a chapter */
  chapter_id: string;
  questions: number;
  cards: number;
  read: number;
  updated_at: string;
}

/** The day's plan of a subject as first computed that day, so tasks tick off instead of moving on. */
export interface PlanDaysTable {
  user_id: string;
  subject_id: string;
  date: string;
  /** JSON: the @blok/domain DayPlan */
  plan: string;
  created_at: string;
}

/** Subjects whose aggregates were built from her history (the lazy backfill of students from before). */
export interface PlanRebuildsTable {
  user_id: string;
  subject_id: string;
  rebuilt_at: string;
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

/** The tables owned by plan: their names as Kysely sees them. */
export interface PlanTables {
  exam_plans: ExamPlansTable;
  plan_chapter_stats: PlanChapterStatsTable;
  plan_marks: PlanMarksTable;
  plan_activity: PlanActivityTable;
  plan_days: PlanDaysTable;
  plan_rebuilds: PlanRebuildsTable;
  item_difficulties: ItemDifficultiesTable;
  standing_days: StandingDaysTable;
  mock_exam_predictions: MockExamPredictionsTable;
}
