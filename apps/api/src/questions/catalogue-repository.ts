import { fixedInListQuery, type Executor } from '@blok/db';

/** Lists longer than this run the builder itself (fixedInListQuery). */
const FIXED_IN_LIST_MAX = 32;

const listCountsQuery = fixedInListQuery(FIXED_IN_LIST_MAX, (db, subjectIds) =>
  db
    .selectFrom('question_lists')
    .select((eb) => ['subject_id as key', eb.fn.countAll().as('n')])
    .where('subject_id', 'in', subjectIds)
    .groupBy('subject_id'),
);

const toNumber = (n: number | string | bigint) => Number(n);

/**
 * The practice catalogue as other features see it (the library's subject pages and lists): the
 * question lists of subjects and their sizes. The questions feature's tables, named here only.
 */
export class QuestionCatalogueRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  /** Per subject: how many question lists it has (subjects without lists are absent). */
  async listCounts(subjectIds: string[]): Promise<Map<string, number>> {
    if (subjectIds.length === 0) return new Map();
    const rows = (await listCountsQuery(this.db, subjectIds)) as Array<{ key: string; n: number | string | bigint }>;
    return new Map(rows.map((r) => [r.key, toNumber(r.n)]));
  }

  /** A subject's question lists in their order, each with its number of questions. */
  async listsOfSubject(subjectId: string) {
    const lists = await this.db
      .selectFrom('question_lists')
      .select(['id', 'title', 'description', 'sort_index', 'chapter_id'])
      .where('subject_id', '=', subjectId)
      .orderBy('sort_index')
      .orderBy('id')
      .execute();
    const counts = (await this.db
      .selectFrom('questions')
      .select((eb) => ['question_list_id as key', eb.fn.countAll().as('n')])
      .where('subject_id', '=', subjectId)
      .groupBy('question_list_id')
      .execute()) as Array<{ key: string; n: number | string | bigint }>;
    const byList = new Map(counts.map((r) => [r.key, toNumber(r.n)]));
    return lists.map((l) => ({ ...l, total_questions: byList.get(l.id) ?? 0 }));
  }

  /** A question's subject and text, for a report of a mistake in it (decision 029). */
  questionPlace(id: string): Promise<{ id: string; subject_id: string; question_text: string } | undefined> {
    return this.db.selectFrom('questions').select(['id', 'subject_id', 'question_text']).where('id', '=', id).executeTakeFirst();
  }

  /** A subject's questions of every type, each with the chapter of its list, in list and question order (a mock exam's pool). */
  examPool(subjectId: string): Promise<Array<{ id: string; chapter_id: string | null; type: string }>> {
    return this.db
      .selectFrom('questions as q')
      .innerJoin('question_lists as l', 'l.id', 'q.question_list_id')
      .select(['q.id', 'l.chapter_id', 'q.type'])
      .where('q.subject_id', '=', subjectId)
      .where('q.type', 'in', ['SELECT', 'OPEN', 'TYPED', 'NUMERIC', 'ORDERING', 'MATCHING', 'CLOZE'])
      .orderBy('l.sort_index')
      .orderBy('l.id')
      .orderBy('q.sort_index')
      .orderBy('q.id')
      .execute();
  }

  /** Questions with their answers in written order, by id. */
  async questionsWithAnswers(ids: string[]) {
    if (ids.length === 0) return [];
    const [questions, answers] = await Promise.all([
      this.db
        .selectFrom('questions')
        .select(['id', 'subject_id', 'type', 'question_text', 'picture', 'feedback_text', 'feedback_picture', 'model_answer', 'answer_version', 'spec'])
        .where('id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('answers')
        .select(['id', 'question_id', 'sort_index', 'answer_text', 'is_correct', 'pinned'])
        .where('question_id', 'in', ids)
        .orderBy('question_id')
        .orderBy('sort_index')
        .execute(),
    ]);
    const byQuestion = new Map<string, typeof answers>();
    for (const a of answers) {
      const list = byQuestion.get(a.question_id);
      if (list) list.push(a);
      else byQuestion.set(a.question_id, [a]);
    }
    return questions.map((q) => ({ ...q, answers: byQuestion.get(q.id) ?? [] }));
  }

  /**
   * A subject's questions the app grades (every type but OPEN) with their choices' answers, and every
   * graded practice answer to them on their current version, oldest first: the studio's item
   * analysis (issue 40).
   */
  async itemAnalysisData(subjectId: string) {
    const [questions, options, answers] = await Promise.all([
      this.db
        .selectFrom('questions as q')
        .innerJoin('question_lists as l', 'l.id', 'q.question_list_id')
        .select(['q.id', 'q.type', 'q.question_text', 'q.question_list_id', 'l.title as list_title'])
        .where('q.subject_id', '=', subjectId)
        .where('q.type', '!=', 'OPEN')
        .orderBy('l.sort_index')
        .orderBy('l.id')
        .orderBy('q.sort_index')
        .execute(),
      this.db
        .selectFrom('answers as a')
        .innerJoin('questions as q', 'q.id', 'a.question_id')
        .select(['a.id', 'a.question_id', 'a.answer_text', 'a.is_correct'])
        .where('q.subject_id', '=', subjectId)
        .orderBy('a.question_id')
        .orderBy('a.sort_index')
        .execute(),
      this.db
        .selectFrom('session_questions as sq')
        .innerJoin('question_sessions as s', 's.id', 'sq.session_id')
        .innerJoin('questions as q', 'q.id', 'sq.question_id')
        .select(['s.user_id', 'sq.question_id', 'sq.status', 'sq.answer_ids', 'sq.answered_at'])
        .where('q.subject_id', '=', subjectId)
        .where('q.type', '!=', 'OPEN')
        .where('sq.status', 'in', [0, 1, 2])
        .where((eb) => eb.or([eb('sq.answer_version', 'is', null), eb('sq.answer_version', '=', eb.ref('q.answer_version'))]))
        .orderBy('sq.answered_at')
        .orderBy('sq.id')
        .execute(),
    ]);
    return { questions, options, answers };
  }

  /** The answer_version of these questions now (decision 029); a removed question is absent. */
  async answerVersions(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('questions').select(['id', 'answer_version']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.answer_version]));
  }
}
