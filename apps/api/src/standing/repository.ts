import { sql, type Executor } from '@blok/db';

/** Her counted answers of one practice session in one chapter. */
export interface SessionGradeRow {
  sessionId: string;
  chapterId: string;
  correct: number;
  partial: number;
  answered: number;
}

/** The standing feature's tables (decision 047), named here only. */
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
}
