import { uuidv7, type Executor, type ReportsTable } from '@blok/db';

export type ReportRow = ReportsTable;

/** The only code that names the reports table (decision 020). */
export class ReportsRepository {
  constructor(private readonly db: Executor) {}

  async addReport(row: Omit<ReportRow, 'id'>): Promise<ReportRow> {
    const report = { id: uuidv7(), ...row };
    await this.db.insertInto('reports').values(report).execute();
    return report;
  }

  /** How many reports she sent since `since` (her daily allowance). */
  async reportsSince(userId: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  reportsOf(userId: string, limit: number): Promise<ReportRow[]> {
    return this.db.selectFrom('reports').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** A subject's reports, the open ones first, newest first within each. */
  reportsOfSubject(subjectId: string, limit: number): Promise<ReportRow[]> {
    return this.db
      .selectFrom('reports')
      .selectAll()
      .where('subject_id', '=', subjectId)
      .orderBy('status', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  report(id: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async handleReport(id: string, by: string, at: string): Promise<void> {
    await this.db.updateTable('reports').set({ status: 'handled', handled_by: by, handled_at: at }).where('id', '=', id).where('status', '=', 'open').execute();
  }
}
