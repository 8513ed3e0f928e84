import type { Insertable } from 'kysely';
import { sql, type CourseMarksTable, type Executor, type ItemDifficultiesTable, type MockExamPredictionsTable, type PlanMarksTable, type StandingDaysTable } from '@blok/db';

export type MarkRow = PlanMarksTable;
export type DifficultyRow = ItemDifficultiesTable;
/** Her latest answer to an item of a course of hers (issue 41, decision 049). */
export type CourseMarkRow = CourseMarksTable;
/** Her latest answer to an item as evidence (decision 035). */
export type EvidenceMark = Pick<MarkRow, 'kind' | 'item_id' | 'chapter_id' | 'source' | 'score' | 'updated_at'>;

/** Her counted answers of one practice session in one chapter. */
export interface SessionGradeRow {
  sessionId: string;
  chapterId: string;
  correct: number;
  partial: number;
  answered: number;
}

/** Her counted answers of one mock exam in one chapter (every question that counts is in `total`). */
export interface ExamGradeRow {
  examId: string;
  chapterId: string;
  at: string;
  correct: number;
  partial: number;
  total: number;
}

/** The standing feature's tables (decisions 035, 047), named here only. */
export class StandingRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  /**
   * PostgreSQL: waits for, then holds to the end of the transaction, her lock on a subject's standing
   * rows (an advisory lock on user and subject, apart from the plan's). The backfill and every hook
   * take it first, so a backfill never recounts beside an answer it cannot see yet.
   */
  async lockSubject(userId: string, subjectId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`standing:${userId}`}), hashtext(${subjectId}))`.execute(this.db);
  }

  /** Adds answers to a session's counts in a chapter (creating its row), one statement on both dialects. */
  async addToGrade(userId: string, subjectId: string, row: SessionGradeRow, nowIso: string): Promise<void> {
    await this.db
      .insertInto('standing_grades')
      .values({ user_id: userId, subject_id: subjectId, session_id: row.sessionId, chapter_id: row.chapterId, correct: row.correct, partial: row.partial, answered: row.answered, updated_at: nowIso })
      .onConflict((oc) =>
        oc.columns(['user_id', 'subject_id', 'session_id', 'chapter_id']).doUpdateSet({
          correct: sql<number>`standing_grades.correct + ${row.correct}`,
          partial: sql<number>`standing_grades.partial + ${row.partial}`,
          answered: sql<number>`standing_grades.answered + ${row.answered}`,
          updated_at: nowIso,
        }),
      )
      .execute();
  }

  /** Her counts of a subject, per session and chapter. */
  async grades(userId: string, subjectId: string): Promise<SessionGradeRow[]> {
    const rows = await this.db
      .selectFrom('standing_grades')
      .select(['session_id', 'chapter_id', 'correct', 'partial', 'answered'])
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .execute();
    return rows.map((r) => ({ sessionId: r.session_id, chapterId: r.chapter_id, correct: Number(r.correct), partial: Number(r.partial), answered: Number(r.answered) }));
  }

  async clearSubject(userId: string, subjectId: string): Promise<void> {
    await this.db.deleteFrom('standing_grades').where('user_id', '=', userId).where('subject_id', '=', subjectId).execute();
  }

  async isBuilt(userId: string, subjectId: string): Promise<boolean> {
    const row = await this.db.selectFrom('standing_builds').select('built_at').where('user_id', '=', userId).where('subject_id', '=', subjectId).executeTakeFirst();
    return row !== undefined;
  }

  /** Claims the build of a subject: false when another request did it first. */
  async claimBuild(userId: string, subjectId: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .insertInto('standing_builds')
      .values({ user_id: userId, subject_id: subjectId, built_at: nowIso })
      .onConflict((oc) => oc.columns(['user_id', 'subject_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Forgets her build of a subject: her next read builds it again from her history. */
  async forgetBuild(userId: string, subjectId: string): Promise<void> {
    await this.db.deleteFrom('standing_builds').where('user_id', '=', userId).where('subject_id', '=', subjectId).execute();
  }

  /** Forgets the builds of a subject for every student (a release changed answers that counted): one statement. */
  async forgetSubjectBuilds(subjectId: string): Promise<void> {
    await this.db.deleteFrom('standing_builds').where('subject_id', '=', subjectId).execute();
  }
  // ------------------------------------------------------------ mock exams' counts (decision 047, addendum)

  /** Sets an exam's counts per chapter (replacing what was kept of it): its close, or an assessment after it. */
  async setExamGrades(userId: string, subjectId: string, examId: string, rows: readonly ExamGradeRow[], nowIso: string): Promise<void> {
    await this.db.deleteFrom('standing_exam_grades').where('user_id', '=', userId).where('subject_id', '=', subjectId).where('exam_id', '=', examId).execute();
    if (rows.length === 0) return;
    await this.db
      .insertInto('standing_exam_grades')
      .values(rows.map((r) => ({ user_id: userId, subject_id: subjectId, exam_id: r.examId, chapter_id: r.chapterId, at: r.at, correct: r.correct, partial: r.partial, total: r.total, updated_at: nowIso })))
      .execute();
  }

  /** Her mock exams' counts of a subject, per exam and chapter. */
  async examGrades(userId: string, subjectId: string): Promise<ExamGradeRow[]> {
    const rows = await this.db
      .selectFrom('standing_exam_grades')
      .select(['exam_id', 'chapter_id', 'at', 'correct', 'partial', 'total'])
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .execute();
    return rows.map((r) => ({ examId: r.exam_id, chapterId: r.chapter_id, at: r.at, correct: Number(r.correct), partial: Number(r.partial), total: Number(r.total) }));
  }

  async clearExamGrades(userId: string, subjectId: string): Promise<void> {
    await this.db.deleteFrom('standing_exam_grades').where('user_id', '=', userId).where('subject_id', '=', subjectId).execute();
  }

  // ------------------------------------------------------------ her evidence: her latest answer per item (decision 035)

  findMark(userId: string, kind: MarkRow['kind'], itemId: string): Promise<MarkRow | undefined> {
    return this.db.selectFrom('plan_marks').selectAll().where('user_id', '=', userId).where('kind', '=', kind).where('item_id', '=', itemId).executeTakeFirst();
  }

  async saveMark(mark: MarkRow): Promise<void> {
    const { user_id: _u, kind: _k, item_id: _i, ...changes } = mark;
    await this.db
      .insertInto('plan_marks')
      .values(mark)
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet(changes))
      .execute();
  }

  /** Her cards of a subject with their FSRS state (spaced repetition's retrievability). */
  cardMarks(userId: string, subjectId: string): Promise<Array<Pick<MarkRow, 'chapter_id' | 'stability' | 'last_review'>>> {
    return this.db
      .selectFrom('plan_marks')
      .select(['chapter_id', 'stability', 'last_review'])
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .where('kind', '=', 'card')
      .where('stability', 'is not', null)
      .execute();
  }

  /** Her latest answers of a subject that are evidence of what she knows (decision 035): at most one per item and kind. */
  async evidenceMarks(userId: string, subjectId: string): Promise<EvidenceMark[]> {
    const rows = await this.db
      .selectFrom('plan_marks')
      .select(['kind', 'item_id', 'chapter_id', 'source', 'score', 'updated_at'])
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .where('source', 'is not', null)
      .execute();
    return rows.map((r) => ({ ...r, score: r.score === null ? null : Number(r.score) }));
  }

  /** Forgets the marks a backfill makes again from her history; her mock exam answers (kind 'mock', kept from their events only) stay. */
  async clearMarks(userId: string, subjectId: string): Promise<void> {
    await this.db.deleteFrom('plan_marks').where('user_id', '=', userId).where('subject_id', '=', subjectId).where('kind', '!=', 'mock').execute();
  }

  /** The students with a practice mark on one of these questions of a subject: a subquery, for the plan's one statement that forgets their backfills. */
  studentsMarkedOn(subjectId: string, questionIds: readonly string[]) {
    return this.db.selectFrom('plan_marks').select('user_id').where('kind', '=', 'question').where('subject_id', '=', subjectId).where('item_id', 'in', questionIds);
  }

  // ------------------------------------------------------------ difficulties (decision 035)

  /** Every item difficulty learnt in a subject (one row per question or card anyone answered). */
  async difficulties(subjectId: string): Promise<Array<Pick<DifficultyRow, 'kind' | 'item_id' | 'chapter_id' | 'difficulty'>>> {
    const rows = await this.db.selectFrom('item_difficulties').select(['kind', 'item_id', 'chapter_id', 'difficulty']).where('subject_id', '=', subjectId).execute();
    return rows.map((r) => ({ ...r, difficulty: Number(r.difficulty) }));
  }

  async findDifficulty(kind: string, itemId: string): Promise<DifficultyRow | undefined> {
    const row = await this.db.selectFrom('item_difficulties').selectAll().where('kind', '=', kind).where('item_id', '=', itemId).executeTakeFirst();
    return row && { ...row, difficulty: Number(row.difficulty), information: Number(row.information), answers: Number(row.answers) };
  }

  async saveDifficulty(row: DifficultyRow): Promise<void> {
    const { kind: _k, item_id: _i, ...changes } = row;
    await this.db
      .insertInto('item_difficulties')
      .values(row)
      .onConflict((oc) => oc.columns(['kind', 'item_id']).doUpdateSet(changes))
      .execute();
  }

  // ------------------------------------------------------------ her expected grade over time, and its calibration

  async saveStandingDay(row: Insertable<StandingDaysTable>): Promise<void> {
    const { user_id: _u, subject_id: _s, date: _d, ...changes } = row;
    await this.db
      .insertInto('standing_days')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'subject_id', 'date']).doUpdateSet(changes))
      .execute();
  }

  /** Her expected grade per day of a subject from `fromDate` on, oldest first. */
  async standingDays(userId: string, subjectId: string, fromDate: string): Promise<Array<{ date: string; grade: number; low: number; high: number }>> {
    const rows = await this.db
      .selectFrom('standing_days')
      .select(['date', 'grade', 'low', 'high'])
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .where('date', '>=', fromDate)
      .orderBy('date')
      .execute();
    return rows.map((r) => ({ date: r.date, grade: Number(r.grade), low: Number(r.low), high: Number(r.high) }));
  }

  async savePrediction(row: Insertable<MockExamPredictionsTable>): Promise<void> {
    await this.db.insertInto('mock_exam_predictions').values(row).onConflict((oc) => oc.column('exam_id').doNothing()).execute();
  }

  /** A subject's predictions of closed mock exams, newest first, at most `limit`. */
  async predictionsOf(subjectId: string, limit: number): Promise<Array<{ user_id: string; predicted: number; low: number; high: number; achieved: number; questions: number; brier_sum: number }>> {
    const rows = await this.db
      .selectFrom('mock_exam_predictions')
      .select(['user_id', 'predicted', 'low', 'high', 'achieved', 'questions', 'brier_sum'])
      .where('subject_id', '=', subjectId)
      .orderBy('closed_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ user_id: r.user_id, predicted: Number(r.predicted), low: Number(r.low), high: Number(r.high), achieved: Number(r.achieved), questions: Number(r.questions), brier_sum: Number(r.brier_sum) }));
  }

  // ------------------------------------------------------------------ her own courses (decision 049)

  /** Keeps her latest answer to an item of a course (a later answer replaces it), one statement on both dialects. */
  async saveCourseMark(row: CourseMarkRow): Promise<void> {
    await this.db
      .insertInto('course_marks')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet({ course_id: row.course_id, source: row.source, score: row.score, status: row.status, answered_at: row.answered_at }))
      .execute();
  }

  /** Her marks kept in a course (one indexed read; at most her items of it). */
  courseMarks(userId: string, courseId: string): Promise<CourseMarkRow[]> {
    return this.db.selectFrom('course_marks').selectAll().where('course_id', '=', courseId).where('user_id', '=', userId).execute();
  }

  /** Her marks of items she answered in a course that is gone. */
  async deleteCourseMarks(userId: string, courseId: string): Promise<void> {
    await this.db.deleteFrom('course_marks').where('course_id', '=', courseId).where('user_id', '=', userId).execute();
  }
}
