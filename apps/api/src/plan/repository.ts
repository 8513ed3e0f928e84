import type { studentsMarkedOn } from '../standing/readiness.ts';
import { sql, type Executor, type ExamPlansTable, type PlanChapterStatsTable } from '@blok/db';

export type ExamPlanRow = ExamPlansTable;
export type ChapterStatsRow = PlanChapterStatsTable;

/** Changes to one chapter's aggregates (added to what is stored). */
export interface StatsDelta {
  read?: 1;
  questionPoints?: number;
  questionsAnswered?: number;
  questionsCorrect?: number;
  cardsKnown?: number;
  cardsUnknown?: number;
}

const toNumber = (n: number | string | bigint | null | undefined) => Number(n ?? 0);

/** The plan feature's tables (issue 27), named here only. */
export class PlanRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  // ------------------------------------------------------------ exam plans

  findExamPlan(userId: string, subjectId: string): Promise<ExamPlanRow | undefined> {
    return this.db.selectFrom('exam_plans').selectAll().where('user_id', '=', userId).where('subject_id', '=', subjectId).executeTakeFirst();
  }

  examPlansOf(userId: string): Promise<ExamPlanRow[]> {
    return this.db.selectFrom('exam_plans').selectAll().where('user_id', '=', userId).orderBy('subject_id').execute();
  }

  /** Her time zone for a subject's days: the plan's, else undefined. */
  async timeZoneOf(userId: string, subjectId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('exam_plans').select('time_zone').where('user_id', '=', userId).where('subject_id', '=', subjectId).executeTakeFirst();
    return row?.time_zone;
  }

  async saveExamPlan(row: Omit<ExamPlanRow, 'created_at' | 'updated_at'>, nowIso: string): Promise<void> {
    const { user_id: _u, subject_id: _s, ...changes } = row;
    await this.db
      .insertInto('exam_plans')
      .values({ ...row, created_at: nowIso, updated_at: nowIso })
      .onConflict((oc) => oc.columns(['user_id', 'subject_id']).doUpdateSet({ ...changes, updated_at: nowIso }))
      .execute();
  }

  async deleteExamPlan(userId: string, subjectId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('exam_plans').where('user_id', '=', userId).where('subject_id', '=', subjectId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Page of students with a plan, for the reminders (keyset on user id). */
  async plannedUsers(after: string, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('exam_plans').select('user_id').distinct().where('user_id', '>', after).orderBy('user_id').limit(limit).execute();
    return rows.map((r) => r.user_id);
  }

  // ------------------------------------------------------------ aggregates

  /**
   * PostgreSQL: waits for, then holds to the end of the transaction, her lock on a subject's
   * aggregates (an advisory lock on user and subject; its two-key space is apart from the importer's
   * one-key lock). The backfill and every answer, verdict and read hook take it first, so a backfill
   * never recounts beside a write it cannot see yet, and two hooks never add to the same stale mark.
   * SQLite has one writer at a time: the transaction itself is the lock.
   */
  async lockSubject(userId: string, subjectId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`plan:${userId}`}), hashtext(${subjectId}))`.execute(this.db);
  }

  chapterStats(userId: string, subjectId: string): Promise<ChapterStatsRow[]> {
    return this.db.selectFrom('plan_chapter_stats').selectAll().where('user_id', '=', userId).where('subject_id', '=', subjectId).execute();
  }

  async isRead(userId: string, chapterId: string): Promise<boolean> {
    const row = await this.db.selectFrom('plan_chapter_stats').select('read').where('user_id', '=', userId).where('chapter_id', '=', chapterId).executeTakeFirst();
    return row?.read === 1;
  }

  /** Adds `delta` to a chapter's aggregates (creating its row), one statement on both dialects. */
  async addToStats(userId: string, subjectId: string, chapterId: string, delta: StatsDelta, nowIso: string): Promise<void> {
    const values = {
      user_id: userId,
      chapter_id: chapterId,
      subject_id: subjectId,
      read: delta.read ?? 0,
      question_points: delta.questionPoints ?? 0,
      questions_answered: delta.questionsAnswered ?? 0,
      questions_correct: delta.questionsCorrect ?? 0,
      cards_known: delta.cardsKnown ?? 0,
      cards_unknown: delta.cardsUnknown ?? 0,
      updated_at: nowIso,
    };
    await this.db
      .insertInto('plan_chapter_stats')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['user_id', 'chapter_id']).doUpdateSet((eb) => ({
          read: delta.read ? 1 : eb.ref('plan_chapter_stats.read'),
          question_points: sql<number>`plan_chapter_stats.question_points + ${values.question_points}`,
          questions_answered: sql<number>`plan_chapter_stats.questions_answered + ${values.questions_answered}`,
          questions_correct: sql<number>`plan_chapter_stats.questions_correct + ${values.questions_correct}`,
          cards_known: sql<number>`plan_chapter_stats.cards_known + ${values.cards_known}`,
          cards_unknown: sql<number>`plan_chapter_stats.cards_unknown + ${values.cards_unknown}`,
          updated_at: nowIso,
        })),
      )
      .execute();
  }

  // ------------------------------------------------------------ activity and days

  async addActivity(userId: string, subjectId: string, date: string, chapterId: string, delta: { questions?: number; cards?: number; read?: number }, nowIso: string): Promise<void> {
    const values = { user_id: userId, subject_id: subjectId, date, chapter_id: chapterId, questions: delta.questions ?? 0, cards: delta.cards ?? 0, read: delta.read ?? 0, updated_at: nowIso };
    await this.db
      .insertInto('plan_activity')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['user_id', 'subject_id', 'date', 'chapter_id']).doUpdateSet({
          questions: sql<number>`plan_activity.questions + ${values.questions}`,
          cards: sql<number>`plan_activity.cards + ${values.cards}`,
          read: sql<number>`plan_activity.read + ${values.read}`,
          updated_at: nowIso,
        }),
      )
      .execute();
  }

  activityOn(userId: string, subjectIds: string[], date: string) {
    if (subjectIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('plan_activity')
      .select(['subject_id', 'chapter_id', 'questions', 'cards', 'read'])
      .where('user_id', '=', userId)
      .where('date', '=', date)
      .where('subject_id', 'in', subjectIds)
      .execute();
  }

  async findDay(userId: string, subjectId: string, date: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('plan_days').select('plan').where('user_id', '=', userId).where('subject_id', '=', subjectId).where('date', '=', date).executeTakeFirst();
    return row?.plan;
  }

  async saveDay(userId: string, subjectId: string, date: string, plan: string, nowIso: string): Promise<void> {
    await this.db
      .insertInto('plan_days')
      .values({ user_id: userId, subject_id: subjectId, date, plan, created_at: nowIso })
      .onConflict((oc) => oc.columns(['user_id', 'subject_id', 'date']).doNothing())
      .execute();
  }

  /** Forgets the day's plans of a subject from `date` on (her settings changed: plan again). */
  /** Every day kept under a key (a course of hers that is gone). */
  async deleteDays(userId: string, subjectId: string): Promise<void> {
    await this.db.deleteFrom('plan_days').where('user_id', '=', userId).where('subject_id', '=', subjectId).execute();
  }

  async deleteDaysFrom(userId: string, subjectId: string, date: string): Promise<void> {
    await this.db.deleteFrom('plan_days').where('user_id', '=', userId).where('subject_id', '=', subjectId).where('date', '>=', date).execute();
  }

  // ------------------------------------------------------------ rebuild (backfill)

  async isRebuilt(userId: string, subjectId: string): Promise<boolean> {
    const row = await this.db.selectFrom('plan_rebuilds').select('rebuilt_at').where('user_id', '=', userId).where('subject_id', '=', subjectId).executeTakeFirst();
    return row !== undefined;
  }

  /** Claims the rebuild of a subject: false when another request did it first. */
  async claimRebuild(userId: string, subjectId: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .insertInto('plan_rebuilds')
      .values({ user_id: userId, subject_id: subjectId, rebuilt_at: nowIso })
      .onConflict((oc) => oc.columns(['user_id', 'subject_id']).doNothing())
      .executeTakeFirst();
    return toNumber(result.numInsertedOrUpdatedRows) > 0;
  }

  /**
   * Forgets the rebuild of a subject for every student `studentsOf` names (a subquery: the standing's
   * students with a mark on a chunk of the questions): her next read of the plan rebuilds the
   * subject's aggregates from her history (decision 029). One statement per 500 questions, whatever
   * the number of students.
   */
  async forgetRebuilds(subjectId: string, questionIds: readonly string[], studentsOf: (chunk: readonly string[]) => ReturnType<typeof studentsMarkedOn>): Promise<void> {
    for (let i = 0; i < questionIds.length; i += 500) {
      const chunk = questionIds.slice(i, i + 500);
      await this.db.deleteFrom('plan_rebuilds').where('subject_id', '=', subjectId).where('user_id', 'in', studentsOf(chunk)).execute();
    }
  }

  /** Forgets the aggregates a rebuild makes again from her history. */
  async clearSubject(userId: string, subjectId: string): Promise<void> {
    await this.db.deleteFrom('plan_chapter_stats').where('user_id', '=', userId).where('subject_id', '=', subjectId).execute();
  }
}
