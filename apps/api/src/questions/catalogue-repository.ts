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
}
