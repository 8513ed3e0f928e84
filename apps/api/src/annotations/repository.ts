import type { AnnotationsTable, Executor } from '@blok/db';

/** Her highlights and notes: the only code that names the annotations table. */
export class AnnotationsRepository {
  constructor(private readonly db: Executor) {}

  /** Hers in one summary. */
  ofSummary(userId: string, summaryId: string): Promise<AnnotationsTable[]> {
    return this.db
      .selectFrom('annotations')
      .selectAll()
      .where('user_id', '=', userId)
      .where('summary_id', '=', summaryId)
      .orderBy('position_start')
      .orderBy('id')
      .execute();
  }

  async countOfSummary(userId: string, summaryId: string): Promise<number> {
    const row = await this.db
      .selectFrom('annotations')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('summary_id', '=', summaryId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Anyone's, by id: to tell an id already taken from a free one. */
  find(id: string): Promise<AnnotationsTable | undefined> {
    return this.db.selectFrom('annotations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Hers, by id; another student's is not found. */
  findOwn(userId: string, id: string): Promise<AnnotationsTable | undefined> {
    return this.db.selectFrom('annotations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  async insert(row: AnnotationsTable): Promise<void> {
    await this.db.insertInto('annotations').values(row).execute();
  }

  async update(userId: string, id: string, changes: Partial<Pick<AnnotationsTable, 'color' | 'note' | 'updated_at'>>): Promise<void> {
    await this.db.updateTable('annotations').set(changes).where('id', '=', id).where('user_id', '=', userId).execute();
  }

  async delete(userId: string, id: string): Promise<number> {
    const result = await this.db.deleteFrom('annotations').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
