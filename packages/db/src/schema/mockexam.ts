// Tables of mock exams (proeftentamens, issue 27; decision 022).
// Owner: apps/api/src/mockexam. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** One mock exam of a student over every chapter of a subject. */
export interface MockExamsTable {
  id: string;
  user_id: string;
  subject_id: string;
  question_count: number;
  time_limit_seconds: number;
  /** seed of the order its answers are shown in (@blok/domain/answer-order) */
  answer_seed: number;
  /** the random key its answer ids are derived from (issue 40, apps/api/src/questions/answer-ids.ts) */
  answer_key: string | null;
  started_at: string;
  /** started_at + time_limit_seconds: no answer is taken after it */
  deadline_at: string;
  /** when it was handed in or closed at its deadline; null while open */
  finished_at: string | null;
  /** 0-100 once closed (@blok/domain/mock-exam gradeMockExam), else null */
  score: number | null;
}

/** One drawn question of a mock exam with her answer. */
export interface MockExamQuestionsTable {
  id: string;
  exam_id: string;
  /** 0-based position in the exam */
  position: number;
  question_id: string;
  /** the chapter the question was drawn for; null for a list without a chapter */
  chapter_id: string | null;
  /**
   * -1 not answered, 0 wrong, 1 correct, 2 partially correct (evaluated when she answers, shown only
   * once closed); 4 an open answer awaiting her own assessment, 1 or 0 once she assessed it
   */
  status: number;
  /** JSON array of the picked answer ids */
  answer_ids: string | null;
  /** her written answer to an open question (migration 0028) */
  text_answer: string | null;
  answered_at: string | null;
  /** when she assessed her open answer after handing in (migration 0028) */
  assessed_at: string | null;
  /** the question's answer_version she answered (migration 0027); null: not answered, or before it */
  answer_version: number | null;
}

/** The tables owned by mockexam: their names as Kysely sees them. */
export interface MockexamTables {
  mock_exams: MockExamsTable;
  mock_exam_questions: MockExamQuestionsTable;
}
