import { uuidv7, type Executor } from '@blok/db';

export interface CourseQuestionRow {
  id: string;
  course_id: string;
  user_id: string;
  type: string;
  prompt: string;
  key_json: string;
  explanation: string;
  last_status: number | null;
  answered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface QuestionWrite {
  type: string;
  prompt: string;
  keyJson: string;
  explanation: string;
}

/**
 * The one code that names `course_questions` (decision 020). Every read is scoped by her id and the
 * course: another student's question is not found.
 */
export class CourseQuestionsRepository {
  constructor(private readonly db: Executor) {}

  listOfCourse(userId: string, courseId: string): Promise<CourseQuestionRow[]> {
    return this.db.selectFrom('course_questions').selectAll().where('course_id', '=', courseId).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  }

  find(userId: string, courseId: string, id: string): Promise<CourseQuestionRow | undefined> {
    return this.db.selectFrom('course_questions').selectAll().where('id', '=', id).where('course_id', '=', courseId).where('user_id', '=', userId).executeTakeFirst();
  }

  /** Her questions of a course with her latest verdict only (where she stands in it, decision 049). */
  verdictsOfCourse(userId: string, courseId: string): Promise<Array<Pick<CourseQuestionRow, 'id' | 'last_status' | 'answered_at'>>> {
    return this.db.selectFrom('course_questions').select(['id', 'last_status', 'answered_at']).where('course_id', '=', courseId).where('user_id', '=', userId).execute();
  }

  async countOfCourse(courseId: string): Promise<number> {
    const row = await this.db.selectFrom('course_questions').select((e) => e.fn.countAll<number>().as('n')).where('course_id', '=', courseId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Per course of hers among `courseIds` with questions: how many she has, and how many of them to
   * practise (not answered since written or changed, or not right at her latest answer).
   */
  async countsOfCourses(userId: string, courseIds: string[]): Promise<Map<string, { questions: number; toPractise: number }>> {
    if (courseIds.length === 0) return new Map();
    const rows = (await this.db
      .selectFrom('course_questions')
      .select((eb) => ['course_id', 'last_status', eb.fn.countAll().as('n')])
      .where('user_id', '=', userId)
      .where('course_id', 'in', courseIds)
      .groupBy(['course_id', 'last_status'])
      .execute()) as Array<{ course_id: string; last_status: number | null; n: number | string | bigint }>;
    const out = new Map<string, { questions: number; toPractise: number }>();
    for (const r of rows) {
      const counts = out.get(r.course_id) ?? { questions: 0, toPractise: 0 };
      counts.questions += Number(r.n);
      if (r.last_status !== 1) counts.toPractise += Number(r.n);
      out.set(r.course_id, counts);
    }
    return out;
  }

  /** Per course of hers among `courseIds`: her questions whose latest answer is at or after `since` (an ISO instant). */
  async answeredSince(userId: string, courseIds: string[], since: string): Promise<Map<string, number>> {
    if (courseIds.length === 0) return new Map();
    const rows = (await this.db
      .selectFrom('course_questions')
      .select((eb) => ['course_id', eb.fn.countAll().as('n')])
      .where('user_id', '=', userId)
      .where('course_id', 'in', courseIds)
      .where('answered_at', '>=', since)
      .groupBy('course_id')
      .execute()) as Array<{ course_id: string; n: number | string | bigint }>;
    return new Map(rows.map((r) => [r.course_id, Number(r.n)]));
  }

  async insert(userId: string, courseId: string, q: QuestionWrite): Promise<string> {
    const id = uuidv7();
    const now = new Date().toISOString();
    await this.db
      .insertInto('course_questions')
      .values({ id, course_id: courseId, user_id: userId, type: q.type, prompt: q.prompt, key_json: q.keyJson, explanation: q.explanation, last_status: null, answered_at: null, created_at: now, updated_at: now })
      .execute();
    return id;
  }

  /** A changed question: her latest answer was to the question as it was, so it no longer counts. */
  async update(id: string, q: QuestionWrite): Promise<void> {
    await this.db
      .updateTable('course_questions')
      .set({ type: q.type, prompt: q.prompt, key_json: q.keyJson, explanation: q.explanation, last_status: null, answered_at: null, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async recordAnswer(id: string, status: number, at: string): Promise<void> {
    await this.db.updateTable('course_questions').set({ last_status: status, answered_at: at }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('course_questions').where('id', '=', id).execute();
  }
}
