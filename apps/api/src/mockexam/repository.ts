import { PostgresAdapter, sql } from 'kysely';
import { uuidv7, type Executor, type MockExamQuestionsTable, type MockExamsTable } from '@blok/db';
import { MOCK_EXAM_AWAITING } from '@blok/domain/mock-exam';

export type MockExamRow = MockExamsTable;
export type MockExamQuestionRow = MockExamQuestionsTable;

export interface NewMockExam {
  userId: string;
  subjectId: string;
  timeLimitSeconds: number;
  answerSeed: number;
  /** key of the exam's answer ids (../questions/answer-ids.ts) */
  answerKey: string;
  startedAt: Date;
  /** the drawn questions in exam order */
  questions: Array<{ questionId: string; chapterId: string | null }>;
}

/** Reads the picked answer ids stored as a JSON array; anything unreadable counts as none. */
export function parseAnswerIds(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The mock exam tables (mock_exams, mock_exam_questions): named here only (decision 020). */
export class MockExamRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  async create(exam: NewMockExam): Promise<string> {
    const id = uuidv7();
    const startedAt = exam.startedAt.toISOString();
    const deadlineAt = new Date(exam.startedAt.getTime() + exam.timeLimitSeconds * 1000).toISOString();
    await this.db
      .insertInto('mock_exams')
      .values({
        id,
        user_id: exam.userId,
        subject_id: exam.subjectId,
        question_count: exam.questions.length,
        time_limit_seconds: exam.timeLimitSeconds,
        answer_seed: exam.answerSeed,
        answer_key: exam.answerKey,
        started_at: startedAt,
        deadline_at: deadlineAt,
        finished_at: null,
        score: null,
      })
      .execute();
    await this.db
      .insertInto('mock_exam_questions')
      .values(
        exam.questions.map((q, position) => ({
          id: uuidv7(),
          exam_id: id,
          position,
          question_id: q.questionId,
          chapter_id: q.chapterId,
          status: -1,
          answer_ids: null,
          text_answer: null,
          answered_at: null,
          assessed_at: null,
          answer_version: null,
        })),
      )
      .execute();
    return id;
  }

  /**
   * PostgreSQL: waits for, then holds to the end of the transaction, her lock on starting exams of a
   * subject (an advisory lock on user and subject), so that two starts at once cannot both find no
   * open exam and both draw one (issue 40). SQLite has one writer at a time: the transaction is the lock.
   */
  async lockStarts(userId: string, subjectId: string): Promise<void> {
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(hashtext(${`mockexam:${userId}`}), hashtext(${subjectId}))`.execute(this.db);
    }
  }

  /** Her exam of a subject still open at `openAfter` (not handed in, deadline not passed), newest first. */
  openExam(userId: string, subjectId: string, openAfter: string): Promise<MockExamRow | undefined> {
    return this.db
      .selectFrom('mock_exams')
      .selectAll()
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .where('finished_at', 'is', null)
      .where('deadline_at', '>=', openAfter)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** When she started the exams of a subject she started since an instant, oldest first (the daily limit). */
  async startedSince(userId: string, subjectId: string, since: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('mock_exams')
      .select('started_at')
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .where('started_at', '>=', since)
      .orderBy('started_at')
      .execute();
    return rows.map((r) => r.started_at);
  }

  /** Her exam by id; another student's answers undefined, as an unknown one. */
  find(id: string, userId: string): Promise<MockExamRow | undefined> {
    return this.db.selectFrom('mock_exams').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  questions(examId: string): Promise<MockExamQuestionRow[]> {
    return this.db.selectFrom('mock_exam_questions').selectAll().where('exam_id', '=', examId).orderBy('position').execute();
  }

  /** Her exams of a subject, newest first. */
  ofSubject(userId: string, subjectId: string, limit: number): Promise<MockExamRow[]> {
    return this.db
      .selectFrom('mock_exams')
      .selectAll()
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Stores her picks (or her written answer to an open question) while the exam is still open;
   * false when it was closed meanwhile.
   */
  async saveAnswer(examId: string, position: number, status: number, answerIds: string[], textAnswer: string | null, at: string, answerVersion: number | null): Promise<boolean> {
    const given = answerIds.length > 0 || textAnswer !== null;
    const rows = await this.db
      .updateTable('mock_exam_questions')
      .set({ status, answer_ids: answerIds.length ? JSON.stringify(answerIds) : null, text_answer: textAnswer, answered_at: given ? at : null, answer_version: answerVersion })
      .where('exam_id', '=', examId)
      .where('position', '=', position)
      .where(({ exists, selectFrom }) => exists(selectFrom('mock_exams').select('id').where('id', '=', examId).where('finished_at', 'is', null)))
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /**
   * Her verdict on an open answer awaiting it (status 4), once: false when it was assessed
   * meanwhile (a conditional update).
   */
  async assess(examId: string, position: number, status: number, at: string): Promise<boolean> {
    const rows = await this.db
      .updateTable('mock_exam_questions')
      .set({ status, assessed_at: at })
      .where('exam_id', '=', examId)
      .where('position', '=', position)
      .where('status', '=', MOCK_EXAM_AWAITING)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** The score of a closed exam after an assessment changed it. */
  async setScore(examId: string, score: number): Promise<void> {
    await this.db.updateTable('mock_exams').set({ score }).where('id', '=', examId).execute();
  }

  /** Per exam: how many open answers wait for her assessment (exams without any are absent). */
  async awaitingCounts(examIds: string[]): Promise<Map<string, number>> {
    if (examIds.length === 0) return new Map();
    const rows = (await this.db
      .selectFrom('mock_exam_questions')
      .select((eb) => ['exam_id', eb.fn.countAll().as('n')])
      .where('exam_id', 'in', examIds)
      .where('status', '=', MOCK_EXAM_AWAITING)
      .groupBy('exam_id')
      .execute()) as Array<{ exam_id: string; n: number | string | bigint }>;
    return new Map(rows.map((r) => [r.exam_id, Number(r.n)]));
  }

  /** Closes the exam once (a conditional update): true when this call closed it. */
  async close(examId: string, finishedAt: string, score: number): Promise<boolean> {
    const rows = await this.db
      .updateTable('mock_exams')
      .set({ finished_at: finishedAt, score })
      .where('id', '=', examId)
      .where('finished_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /**
   * Her closed exams' questions of a subject, oldest exam first, for the grade per chapter over time:
   * `closed`, those a call closed (handed in, or closed at the deadline by a late call); `expired`,
   * those past their deadline (at `now`) that no call closed yet.
   */
  async closedQuestions(userId: string, subjectId: string, which: 'closed' | 'expired', now: string) {
    let query = this.db
      .selectFrom('mock_exam_questions as q')
      .innerJoin('mock_exams as e', 'e.id', 'q.exam_id')
      .select(['e.id as exam_id', 'e.started_at', 'e.finished_at', 'e.deadline_at', 'q.chapter_id', 'q.status', 'q.question_id', 'q.answer_version'])
      .where('e.user_id', '=', userId)
      .where('e.subject_id', '=', subjectId);
    query = which === 'closed' ? query.where('e.finished_at', 'is not', null) : query.where('e.finished_at', 'is', null).where('e.deadline_at', '<=', now);
    return query.orderBy('e.started_at').orderBy('e.id').orderBy('q.position').execute();
  }

  /**
   * Every student's graded answers in closed mock exams of a subject (handed in, or past their
   * deadline), oldest first: the studio's item analysis (issue 40). A question left open in an exam
   * is no answer; an open question's self-assessment is left to the reader (it filters by type).
   */
  async closedAnswersOfSubject(subjectId: string, now: string) {
    return this.db
      .selectFrom('mock_exam_questions as q')
      .innerJoin('mock_exams as e', 'e.id', 'q.exam_id')
      .select(['e.user_id', 'q.question_id', 'q.status', 'q.answer_ids', 'q.answered_at', 'q.answer_version'])
      .where('e.subject_id', '=', subjectId)
      .where((eb) => eb.or([eb('e.finished_at', 'is not', null), eb('e.deadline_at', '<=', now)]))
      .where('q.status', 'in', [0, 1, 2])
      .where('q.answered_at', 'is not', null)
      .orderBy('q.answered_at')
      .orderBy('q.id')
      .execute();
  }

  /** When she answered questions of her mock exams of a subject since an instant (minutes per day). */
  async answerTimes(userId: string, subjectId: string, since: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('mock_exam_questions as q')
      .innerJoin('mock_exams as e', 'e.id', 'q.exam_id')
      .select('q.answered_at')
      .where('e.user_id', '=', userId)
      .where('e.subject_id', '=', subjectId)
      .where('q.answered_at', '>=', since)
      .execute();
    return rows.flatMap((r) => (r.answered_at ? [r.answered_at] : []));
  }
}
