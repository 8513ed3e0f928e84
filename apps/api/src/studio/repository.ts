import { uuidv7, type Executor, type StudioAuditTable, type StudioDraftsTable, type StudioReleasesTable } from '@blok/db';

export type DraftRow = StudioDraftsTable;
export type ReleaseRow = StudioReleasesTable;
export type AuditRow = StudioAuditTable;

/** The studio's tables: assignments, drafts, releases, audit log (issue 29). */
export class StudioRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  async isAssigned(userId: string, subjectId: string): Promise<boolean> {
    const row = await this.db.selectFrom('studio_assignments').select('subject_id').where('user_id', '=', userId).where('subject_id', '=', subjectId).executeTakeFirst();
    return row !== undefined;
  }

  async assignedSubjects(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('studio_assignments').select('subject_id').where('user_id', '=', userId).orderBy('subject_id').execute();
    return rows.map((r) => r.subject_id);
  }

  async assignmentsOf(userIds: string[]): Promise<Array<{ user_id: string; subject_id: string }>> {
    if (userIds.length === 0) return [];
    return this.db.selectFrom('studio_assignments').select(['user_id', 'subject_id']).where('user_id', 'in', userIds).orderBy('subject_id').execute();
  }

  async assign(userId: string, subjectId: string): Promise<void> {
    await this.db
      .insertInto('studio_assignments')
      .values({ user_id: userId, subject_id: subjectId, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'subject_id']).doNothing())
      .execute();
  }

  async unassign(userId: string, subjectId: string): Promise<void> {
    await this.db.deleteFrom('studio_assignments').where('user_id', '=', userId).where('subject_id', '=', subjectId).execute();
  }

  draft(subjectId: string): Promise<DraftRow | undefined> {
    return this.db.selectFrom('studio_drafts').selectAll().where('subject_id', '=', subjectId).executeTakeFirst();
  }

  drafts(subjectIds: string[]): Promise<Array<Pick<DraftRow, 'subject_id' | 'status' | 'updated_at'>>> {
    if (subjectIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('studio_drafts').select(['subject_id', 'status', 'updated_at']).where('subject_id', 'in', subjectIds).execute();
  }

  async saveDraft(row: DraftRow): Promise<void> {
    const { subject_id: _id, ...rest } = row;
    await this.db
      .insertInto('studio_drafts')
      .values(row)
      .onConflict((oc) => oc.column('subject_id').doUpdateSet(rest))
      .execute();
  }

  async setDraftStatus(subjectId: string, status: string, comment: string, by: string): Promise<void> {
    await this.db.updateTable('studio_drafts').set({ status, comment, updated_by: by, updated_at: new Date().toISOString() }).where('subject_id', '=', subjectId).execute();
  }

  async deleteDraft(subjectId: string): Promise<void> {
    await this.db.deleteFrom('studio_drafts').where('subject_id', '=', subjectId).execute();
  }

  latestRelease(subjectId: string): Promise<ReleaseRow | undefined> {
    return this.db.selectFrom('studio_releases').selectAll().where('subject_id', '=', subjectId).orderBy('number', 'desc').limit(1).executeTakeFirst();
  }

  release(subjectId: string, number: number): Promise<ReleaseRow | undefined> {
    return this.db.selectFrom('studio_releases').selectAll().where('subject_id', '=', subjectId).where('number', '=', number).executeTakeFirst();
  }

  releases(subjectId: string): Promise<Array<Omit<ReleaseRow, 'document'>>> {
    return this.db
      .selectFrom('studio_releases')
      .select(['id', 'subject_id', 'number', 'changes', 'restored_from', 'published_by', 'published_at'])
      .where('subject_id', '=', subjectId)
      .orderBy('number', 'desc')
      .execute();
  }

  async latestNumbers(subjectIds: string[]): Promise<Map<string, number>> {
    if (subjectIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('studio_releases')
      .select(['subject_id', (eb) => eb.fn.max('number').as('n')])
      .where('subject_id', 'in', subjectIds)
      .groupBy('subject_id')
      .execute();
    return new Map(rows.map((r) => [r.subject_id, Number(r.n)]));
  }

  async addRelease(row: Omit<ReleaseRow, 'id'>): Promise<void> {
    await this.db.insertInto('studio_releases').values({ id: uuidv7(), ...row }).execute();
  }

  async audit(entry: Omit<AuditRow, 'id' | 'created_at'>): Promise<void> {
    await this.db.insertInto('studio_audit').values({ id: uuidv7(), created_at: new Date().toISOString(), ...entry }).execute();
  }

  auditLog(subjectId: string | undefined, limit: number): Promise<AuditRow[]> {
    let q = this.db.selectFrom('studio_audit').selectAll();
    if (subjectId) q = q.where('subject_id', '=', subjectId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }
}
