// Her own practice questions in a course of her own (issue 41, decision 039's addendum), and her
// latest answer to each.
// Owner: apps/api/src/course-questions. Only the owner's code names them in a query; another feature
// asks the owner's service (decision 020; eslint.config.js reads this file).

/** A question she wrote in one of her courses, with her latest answer's verdict. */
export interface CourseQuestionsTable {
  id: string;
  course_id: string;
  user_id: string;
  /** SELECT, TYPED, NUMERIC, ORDERING or MATCHING */
  type: string;
  prompt: string;
  /** the key: the content format's fields of the type as JSON (@blok/domain/own-questions) */
  key_json: string;
  /** shown after she answered; '' for none */
  explanation: string;
  /** her latest answer: 1 right, 2 partly right, 0 wrong; null when not answered since it was written or changed */
  last_status: number | null;
  answered_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The tables of her own questions: their names as Kysely sees them. */
export interface CourseQuestionsTables {
  course_questions: CourseQuestionsTable;
}
