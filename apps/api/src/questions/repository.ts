import {
  fixedInListQuery,
  fixedQuery,
  uuidv7,
  type AnswersTable,
  type Executor,
  type QuestionListsTable,
  type QuestionSessionsTable,
  type QuestionsTable,
  type SessionQuestionsTable,
} from '@blok/db';
import { ANSWERABLE_STATUSES, ANSWERED_STATUSES } from '@blok/domain/status';

export type QuestionListRow = QuestionListsTable;
export type QuestionRow = QuestionsTable;
export type AnswerRow = AnswersTable;
export type SessionRow = QuestionSessionsTable;

/** A question of a session joined with its content; `current_version` is the question's answer_version now. */
export type SessionQuestionRow = SessionQuestionsTable &
  Pick<QuestionsTable, 'question_list_id' | 'subject_id' | 'type' | 'question_text' | 'picture' | 'feedback_text' | 'feedback_picture' | 'model_answer' | 'spec'> & {
    current_version: number;
  };

export interface NewSession {
  userId: string;
  subjectId: string;
  questionListId: string | null;
  title: string;
  showAnswers: boolean;
  mode: 'recommended' | 'all';
  questionIds: string[];
  /** seed of the session's answer order (@blok/domain/answer-order) */
  answerSeed: number;
  /** key of the session's answer ids (./answer-ids.ts) */
  answerKey: string;
}

export interface SessionStatePatch {
  current_index?: number;
  skipped_mode?: number;
  review_index?: number | null;
  finished_at?: string | null;
}

const now = () => new Date().toISOString();

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

// ------------------------------------------------------------------ fixed queries
// The queries of the session paths (next, save-answer, overview), built and compiled once per
// dialect by fixedQuery; every call binds its own arguments. Same SQL as the builders made anew.

/** `in` lists of up to this many values run as fixed queries (one per length); longer ones are built anew. */
const FIXED_IN_LIST_MAX = 8;

const findListQuery = fixedQuery((db: Executor, id: string) => db.selectFrom('question_lists').selectAll().where('id', '=', id));

const findSessionQuery = fixedQuery((db: Executor, id: string, userId: string) =>
  db.selectFrom('question_sessions').selectAll().where('id', '=', id).where('user_id', '=', userId),
);

/** latestSessionOfList: [any session, only unfinished ones] */
const latestSessionOfListQueries = [false, true].map((onlyUnfinished) =>
  fixedQuery((db: Executor, userId: string, listId: string) => {
    let q = db.selectFrom('question_sessions').selectAll().where('user_id', '=', userId).where('question_list_id', '=', listId);
    if (onlyUnfinished) q = q.where('finished_at', 'is', null);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1);
  }),
) as [ReturnType<typeof fixedQuery<[string, string], SessionRow>>, ReturnType<typeof fixedQuery<[string, string], SessionRow>>];

const sessionQuestionsQuery = fixedQuery((db: Executor, sessionId: string) =>
  db
    .selectFrom('session_questions as sq')
    .innerJoin('questions as q', 'q.id', 'sq.question_id')
    .select([
      'sq.id',
      'sq.session_id',
      'sq.question_index',
      'sq.question_id',
      'sq.status',
      'sq.answer_ids',
      'sq.text_answer',
      'sq.answered_at',
      'sq.answer_version',
      'q.answer_version as current_version',
      'q.question_list_id',
      'q.subject_id',
      'q.type',
      'q.question_text',
      'q.picture',
      'q.feedback_text',
      'q.feedback_picture',
      'q.model_answer',
      'q.spec',
    ])
    .where('sq.session_id', '=', sessionId)
    .orderBy('sq.question_index'),
);

const answersOfQuery = fixedInListQuery(FIXED_IN_LIST_MAX, (db, questionIds) =>
  db.selectFrom('answers').selectAll().where('question_id', 'in', questionIds).orderBy('question_id').orderBy('sort_index'),
);

/** updateSessionState with a navigation step's patch (moveTo), without and with finished_at. */
const updateNavigationQuery = fixedQuery((db: Executor, id: string, currentIndex: number, skippedMode: number, reviewIndex: number | null, updatedAt: string) =>
  db
    .updateTable('question_sessions')
    .set({ current_index: currentIndex, skipped_mode: skippedMode, review_index: reviewIndex, updated_at: updatedAt })
    .where('id', '=', id),
);
const updateNavigationFinishedQuery = fixedQuery(
  (db: Executor, id: string, currentIndex: number, skippedMode: number, reviewIndex: number | null, finishedAt: string | null, updatedAt: string) =>
    db
      .updateTable('question_sessions')
      .set({ current_index: currentIndex, skipped_mode: skippedMode, review_index: reviewIndex, finished_at: finishedAt, updated_at: updatedAt })
      .where('id', '=', id),
);

/** saveAnswer: `returning id` tells whether the row was updated (one row or none), alike on both dialects. */
const saveAnswerQuery = fixedQuery((db: Executor, rowId: string, status: number, answerIds: string | null, textAnswer: string | null, answeredAt: string, version: number) =>
  db
    .updateTable('session_questions')
    .set({ status, answer_ids: answerIds, text_answer: textAnswer, answered_at: answeredAt, answer_version: version })
    .where('id', '=', rowId)
    .where('status', 'in', [...ANSWERABLE_STATUSES])
    .returning('id'),
);

const assessQuery = fixedQuery((db: Executor, rowId: string, status: number) =>
  db.updateTable('session_questions').set({ status }).where('id', '=', rowId).where('status', '=', 4).returning('id'),
);

const markSkippedQuery = fixedQuery((db: Executor, rowId: string) =>
  db.updateTable('session_questions').set({ status: 3 }).where('id', '=', rowId).where('status', '=', -1),
);

const touchQuery = fixedQuery((db: Executor, sessionId: string, updatedAt: string) =>
  db.updateTable('question_sessions').set({ updated_at: updatedAt }).where('id', '=', sessionId),
);

const resetAnswersQuery = fixedQuery((db: Executor, sessionId: string) =>
  db.updateTable('session_questions').set({ status: -1, answer_ids: null, text_answer: null, answered_at: null, answer_version: null }).where('session_id', '=', sessionId),
);
const resetSessionQuery = fixedQuery((db: Executor, sessionId: string, updatedAt: string) =>
  db
    .updateTable('question_sessions')
    .set({ current_index: 0, skipped_mode: 0, review_index: null, finished_at: null, updated_at: updatedAt })
    .where('id', '=', sessionId),
);

/**
 * openQuestionSessions (Home's continue cards): her unfinished sessions, the limit a bound
 * parameter. A session of a list that she started a newer round of is superseded (issue 26): it is
 * no longer hers to continue, finished or not the newer one.
 */
const unfinishedSessionsQuery = fixedQuery((db: Executor, userId: string, limit: number) =>
  db
    .selectFrom('question_sessions as s')
    .selectAll('s')
    .where('s.user_id', '=', userId)
    .where('s.finished_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('question_sessions as newer')
            .select('newer.id')
            .where('newer.user_id', '=', userId)
            .whereRef('newer.question_list_id', '=', 's.question_list_id')
            .where((eb) => eb.or([eb('newer.created_at', '>', eb.ref('s.created_at')), eb.and([eb('newer.created_at', '=', eb.ref('s.created_at')), eb('newer.id', '>', eb.ref('s.id'))])])),
        ),
      ),
    )
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit),
);
const sessionQuestionCountsQuery = fixedInListQuery(FIXED_IN_LIST_MAX, (db, sessionIds) =>
  db
    .selectFrom('session_questions')
    .select(['session_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('session_id', 'in', sessionIds)
    .groupBy('session_id'),
);

/** The only place that touches the questions feature's tables. */
export class QuestionsRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  // ------------------------------------------------------------------ content

  async findList(id: string): Promise<QuestionListRow | undefined> {
    return (await findListQuery(this.db, id))[0];
  }

  findLists(ids: string[]): Promise<QuestionListRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('question_lists').selectAll().where('id', 'in', ids).orderBy('sort_index').orderBy('id').execute();
  }

  listsOfSubject(subjectId: string): Promise<QuestionListRow[]> {
    return this.db.selectFrom('question_lists').selectAll().where('subject_id', '=', subjectId).orderBy('sort_index').orderBy('id').execute();
  }

  async questionExists(id: string): Promise<boolean> {
    return (await this.db.selectFrom('questions').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** Questions of a list in their order. */
  questionsOfList(listId: string): Promise<QuestionRow[]> {
    return this.db.selectFrom('questions').selectAll().where('question_list_id', '=', listId).orderBy('sort_index').orderBy('id').execute();
  }

  /** Number of questions per list. */
  async questionCounts(listIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (listIds.length === 0) return counts;
    const rows = await this.db
      .selectFrom('questions')
      .select(['question_list_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('question_list_id', 'in', listIds)
      .groupBy('question_list_id')
      .execute();
    for (const r of rows) counts.set(r.question_list_id, Number(r.n));
    return counts;
  }

  /** Answers of the given questions, in their order. */
  async answersOf(questionIds: string[]): Promise<Map<string, AnswerRow[]>> {
    const byQuestion = new Map<string, AnswerRow[]>();
    if (questionIds.length === 0) return byQuestion;
    const unique = [...new Set(questionIds)];
    const rows = await answersOfQuery(this.db, unique);
    for (const r of rows) {
      const list = byQuestion.get(r.question_id) ?? [];
      list.push(r);
      byQuestion.set(r.question_id, list);
    }
    return byQuestion;
  }

  // ------------------------------------------------------------------ sessions

  async createSession(s: NewSession): Promise<string> {
    const id = uuidv7();
    const ts = now();
    {
      // part of the caller's unit of work (one transaction)
      const trx = this.db;
      await trx
        .insertInto('question_sessions')
        .values({
          id,
          user_id: s.userId,
          subject_id: s.subjectId,
          question_list_id: s.questionListId,
          title: s.title,
          show_answers: s.showAnswers ? 1 : 0,
          mode: s.mode,
          current_index: 0,
          skipped_mode: 0,
          review_index: null,
          created_at: ts,
          updated_at: ts,
          finished_at: null,
          answer_seed: s.answerSeed,
          answer_key: s.answerKey,
        })
        .execute();
      // Chunked so that long sessions stay below the bound-parameter limits of both dialects.
      const rows = s.questionIds.map((questionId, index) => ({
        id: uuidv7(),
        session_id: id,
        question_index: index,
        question_id: questionId,
        status: -1,
        answer_ids: null,
        text_answer: null,
        answered_at: null,
        answer_version: null,
      }));
      for (let i = 0; i < rows.length; i += 100) {
        await trx.insertInto('session_questions').values(rows.slice(i, i + 100)).execute();
      }
    }
    return id;
  }

  /** The session, only when it belongs to the user. */
  async findSession(id: string, userId: string): Promise<SessionRow | undefined> {
    return (await findSessionQuery(this.db, id, userId))[0];
  }

  /** The user's latest session of a list (single-list sessions only), optionally only unfinished ones. */
  async latestSessionOfList(userId: string, listId: string, onlyUnfinished = false): Promise<SessionRow | undefined> {
    return (await latestSessionOfListQueries[onlyUnfinished ? 1 : 0](this.db, userId, listId))[0];
  }

  /** The questions of a session with their content, in order. */
  sessionQuestions(sessionId: string): Promise<SessionQuestionRow[]> {
    return sessionQuestionsQuery(this.db, sessionId);
  }

  async updateSessionState(id: string, patch: SessionStatePatch): Promise<void> {
    const { current_index, skipped_mode, review_index, finished_at } = patch;
    // a navigation step's patch (every field but maybe finished_at) runs as a fixed query; undefined fields are left out of the SQL
    if (current_index !== undefined && skipped_mode !== undefined && review_index !== undefined) {
      if (finished_at === undefined) await updateNavigationQuery(this.db, id, current_index, skipped_mode, review_index, now());
      else await updateNavigationFinishedQuery(this.db, id, current_index, skipped_mode, review_index, finished_at, now());
      return;
    }
    await this.db
      .updateTable('question_sessions')
      .set({ ...patch, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Stores an answer only while the question can still be answered (never answered, or skipped).
   * The condition makes the lock hold under concurrent requests too. False when it was locked.
   */
  async saveAnswer(rowId: string, status: number, answerIds: string[] | null, textAnswer: string | null, version: number): Promise<boolean> {
    const updated = await saveAnswerQuery(this.db, rowId, status, answerIds ? JSON.stringify(answerIds) : null, textAnswer, now(), version);
    return updated.length === 1;
  }

  /** Sets the status of an open answer in review (4). False when it was not in review. */
  async assess(rowId: string, status: number): Promise<boolean> {
    return (await assessQuery(this.db, rowId, status)).length === 1;
  }

  /** Marks a question skipped when it was not answered yet. */
  async markSkipped(rowId: string): Promise<void> {
    await markSkippedQuery(this.db, rowId);
  }

  async touch(sessionId: string): Promise<void> {
    await touchQuery(this.db, sessionId, now());
  }

  /** Clears every answer of the session and puts it back at its first question. */
  async resetSession(sessionId: string): Promise<void> {
    {
      // part of the caller's unit of work (one transaction)
      const trx = this.db;
      await resetAnswersQuery(trx, sessionId);
      await resetSessionQuery(trx, sessionId, now());
    }
  }

  /**
   * Restart of a list: deletes the user's sessions of this list, and clears the answers to this
   * list's questions in her sessions over several lists. Other users are untouched.
   */
  async deleteListAnswers(userId: string, listId: string): Promise<void> {
    {
      // part of the caller's unit of work (one transaction)
      const trx = this.db;
      await trx.deleteFrom('question_sessions').where('user_id', '=', userId).where('question_list_id', '=', listId).execute();
      const multi = trx.selectFrom('question_sessions').select('id').where('user_id', '=', userId).where('question_list_id', 'is', null);
      const listQuestions = trx.selectFrom('questions').select('id').where('question_list_id', '=', listId);
      const touched = await trx
        .selectFrom('session_questions')
        .select('session_id')
        .distinct()
        .where('session_id', 'in', multi)
        .where('question_id', 'in', listQuestions)
        .execute();
      if (touched.length === 0) return;
      const ids = touched.map((t) => t.session_id);
      await trx
        .updateTable('session_questions')
        .set({ status: -1, answer_ids: null, text_answer: null, answered_at: null, answer_version: null })
        .where('session_id', 'in', ids)
        .where('question_id', 'in', listQuestions)
        .execute();
      await trx.updateTable('question_sessions').set({ finished_at: null, updated_at: now() }).where('id', 'in', ids).execute();
    }
  }

  // ------------------------------------------------------------------ progress (rows; the rules are @blok/domain/list-progress)

  /** Per list: how many distinct questions of it she answered (0, 1 or 2) in any of her sessions. */
  async answeredCounts(userId: string, listIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (listIds.length === 0) return counts;
    const rows = await this.db
      .selectFrom('session_questions as sq')
      .innerJoin('question_sessions as s', 's.id', 'sq.session_id')
      .innerJoin('questions as q', 'q.id', 'sq.question_id')
      .select(['q.question_list_id', (eb) => eb.fn.count<number>('sq.question_id').distinct().as('n')])
      .where('s.user_id', '=', userId)
      .where('q.question_list_id', 'in', listIds)
      .where('sq.status', 'in', [...ANSWERED_STATUSES])
      .where((eb) => eb.or([eb('sq.answer_version', 'is', null), eb('sq.answer_version', '=', eb.ref('q.answer_version'))]))
      .groupBy('q.question_list_id')
      .execute();
    for (const r of rows) counts.set(r.question_list_id, Number(r.n));
    return counts;
  }

  /** Of these questions, the ones she answered right in any of her sessions (on the question's current version). */
  async answeredRight(userId: string, questionIds: string[]): Promise<Set<string>> {
    if (questionIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('session_questions as sq')
      .innerJoin('question_sessions as s', 's.id', 'sq.session_id')
      .innerJoin('questions as q', 'q.id', 'sq.question_id')
      .select('sq.question_id')
      .distinct()
      .where('s.user_id', '=', userId)
      .where('sq.question_id', 'in', questionIds)
      .where('sq.status', '=', 1)
      .where((eb) => eb.or([eb('sq.answer_version', 'is', null), eb('sq.answer_version', '=', eb.ref('q.answer_version'))]))
      .execute();
    return new Set(rows.map((r) => r.question_id));
  }

  /** Her sessions of these lists (single-list sessions), newest first. */
  sessionsOfLists(userId: string, listIds: string[]): Promise<Array<Pick<SessionRow, 'id' | 'question_list_id' | 'finished_at'>>> {
    if (listIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('question_sessions')
      .select(['id', 'question_list_id', 'finished_at'])
      .where('user_id', '=', userId)
      .where('question_list_id', 'in', listIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The statuses of the questions of each session, leaving out answers given on an earlier version of a question (decision 029). */
  async statusesOfSessions(sessionIds: string[]): Promise<Map<string, number[]>> {
    const statuses = new Map<string, number[]>();
    if (sessionIds.length === 0) return statuses;
    const rows = await this.db
      .selectFrom('session_questions as sq')
      .innerJoin('questions as q', 'q.id', 'sq.question_id')
      .select(['sq.session_id', 'sq.status'])
      .where('sq.session_id', 'in', sessionIds)
      .where((eb) => eb.or([eb('sq.answer_version', 'is', null), eb('sq.answer_version', '=', eb.ref('q.answer_version'))]))
      .execute();
    for (const r of rows) statuses.set(r.session_id, [...(statuses.get(r.session_id) ?? []), r.status]);
    return statuses;
  }

  /**
   * Her unfinished sessions that no newer session of their list superseded (issue 26), most
   * recently used first, at most `limit`.
   */
  unfinishedSessions(userId: string, limit: number): Promise<SessionRow[]> {
    return unfinishedSessionsQuery(this.db, userId, limit);
  }

  /**
   * Per session: how many of its rows lie before the place she stands at, i.e. her position among
   * the questions left (decision 029; without removals, her current_index). Sessions at 0 are absent.
   */
  async sessionPositions(sessionIds: string[]): Promise<Map<string, number>> {
    if (sessionIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('session_questions as sq')
      .innerJoin('question_sessions as s', 's.id', 'sq.session_id')
      .select(['sq.session_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('sq.session_id', 'in', sessionIds)
      .whereRef('sq.question_index', '<', 's.current_index')
      .groupBy('sq.session_id')
      .execute();
    return new Map(rows.map((r) => [r.session_id, Number(r.n)]));
  }

  /** Number of questions per session. */
  async sessionQuestionCounts(sessionIds: string[]): Promise<Map<string, number>> {
    if (sessionIds.length === 0) return new Map();
    const counts = await sessionQuestionCountsQuery(this.db, sessionIds);
    return new Map(counts.map((c) => [c.session_id, Number(c.n)]));
  }
}
