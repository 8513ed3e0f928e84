// Tables of exam dates, the plan's aggregates and the day's study plan (issue 27, decision 021).
// Owner: apps/api/src/plan. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file). The questions, flashcards and
// library services keep the aggregates current through the plan service, in their own transaction.
// Her evidence, the items' difficulties, her expected grade per day and the mock exams' predictions
// are the standing's (schema/standing.ts, decision 047).

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

/** The tables owned by plan: their names as Kysely sees them. */
export interface PlanTables {
  exam_plans: ExamPlansTable;
  plan_chapter_stats: PlanChapterStatsTable;
  plan_activity: PlanActivityTable;
  plan_days: PlanDaysTable;
  plan_rebuilds: PlanRebuildsTable;
}
