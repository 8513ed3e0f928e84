// Tables of practice question lists and sessions.
// Owner: apps/api/src/questions. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).
// Imported by: apps/api/src/content, the catalogue's tables question_lists, questions, answers
// (a course is imported in one transaction, decision 004; the writes are apps/api/src/questions/content-writer.ts's,
// decision 041; content still reads them to export a subject).

export interface QuestionListsTable {
  id: string;
  subject_id: string;
  title: string;
  description: string;
  sort_index: number;
  /** 2 = show answers in between */
  answer_displaying: number;
  recommended_questions: number;
  chapter_id: string | null;
}

export interface QuestionsTable {
  id: string;
  question_list_id: string;
  subject_id: string;
  sort_index: number;
  /** 'SELECT', 'OPEN', or one of issue 40's 'TYPED', 'NUMERIC', 'ORDERING', 'MATCHING', 'CLOZE' */
  type: string;
  question_text: string;
  /** images/<name> inside the subject, or null */
  picture: string | null;
  feedback_text: string;
  feedback_picture: string | null;
  model_answer: string | null;
  recommended: number;
  /** grows when a release changes the correct answer (decision 029) */
  answer_version: number;
  /** TYPED, NUMERIC, ORDERING, MATCHING, CLOZE: the key and items as JSON (@blok/domain/question-types QuestionSpec); null otherwise (migration 0036) */
  spec: string | null;
}

export interface AnswersTable {
  id: string;
  question_id: string;
  sort_index: number;
  answer_text: string;
  is_correct: number;
  /** 1: keeps its written position in every session's order (content field `pinned`) */
  pinned: number;
}

/** A run through one question list (or several lists of one subject). */
export interface QuestionSessionsTable {
  id: string;
  user_id: string;
  subject_id: string;
  /** null when the session practises several lists */
  question_list_id: string | null;
  title: string;
  show_answers: number;
  /** 'recommended' or 'all' */
  mode: string;
  /** 0-based position of the current question; equals the question count once the run reached its end */
  current_index: number;
  /** 1 while answering skipped and review questions after the results */
  skipped_mode: number;
  /** position where the review of skipped questions started */
  review_index: number | null;
  created_at: string;
  updated_at: string;
  /** first time the run reached its end (the results) */
  finished_at: string | null;
  /** seed of the order its SELECT answers are shown in (@blok/domain/answer-order); null: written order */
  answer_seed: number | null;
  /** the random key its answer ids are derived from (issue 40, apps/api/src/questions/answer-ids.ts); null only for rows written outside the API */
  answer_key: string | null;
}

/** One question of a session with the student's answer. */
export interface SessionQuestionsTable {
  id: string;
  session_id: string;
  question_index: number;
  question_id: string;
  /** -1 not answered yet, 0 wrong, 1 correct, 2 partially correct, 3 skipped, 4 review */
  status: number;
  /** JSON array of picked answer ids (SELECT), item ids in her order (ORDERING) or "left=right" pairs (MATCHING), in content ids */
  answer_ids: string | null;
  /** her text (OPEN, TYPED, NUMERIC) or a JSON array of the gaps' texts (CLOZE) */
  text_answer: string | null;
  answered_at: string | null;
  /** the question's answer_version her answer was given on; null: not answered, or before versions (counts as current) */
  answer_version: number | null;
}

/** The tables owned by questions: their names as Kysely sees them. */
export interface QuestionsTables {
  question_lists: QuestionListsTable;
  questions: QuestionsTable;
  answers: AnswersTable;
  question_sessions: QuestionSessionsTable;
  session_questions: SessionQuestionsTable;
}
