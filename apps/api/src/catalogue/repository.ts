import type { CatalogueStudiesTable, CatalogueUniversitiesTable, CatalogueYearsTable, Executor } from '@blok/db';

export type UniversityRow = CatalogueUniversitiesTable;
export type StudyRow = CatalogueStudiesTable;
export type YearRow = CatalogueYearsTable;

/** The catalogue's tables (decision 031): the only code that names them. */
export class CatalogueRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  async version(): Promise<number> {
    const row = await this.db.selectFrom('catalogue_meta').select('version').where('id', '=', 1).executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  /** A change: the version grows, so every process's cache reloads (in the change's transaction). */
  async bumpVersion(): Promise<void> {
    await this.db.updateTable('catalogue_meta').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute();
  }

  /**
   * Claims the one-time seed: true for the one caller that turned `seeded` from 0 to 1 (on
   * PostgreSQL a second process waits for the row and then finds it seeded).
   */
  async claimSeed(): Promise<boolean> {
    const result = await this.db
      .updateTable('catalogue_meta')
      .set((eb) => ({ seeded: 1, version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .where('seeded', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  universities(): Promise<UniversityRow[]> {
    return this.db.selectFrom('catalogue_universities').selectAll().orderBy('position').orderBy('id').execute();
  }

  studies(): Promise<StudyRow[]> {
    return this.db.selectFrom('catalogue_studies').selectAll().orderBy('university_id').orderBy('position').orderBy('id').execute();
  }

  years(): Promise<YearRow[]> {
    return this.db.selectFrom('catalogue_years').selectAll().orderBy('university_id').orderBy('study_id').orderBy('position').orderBy('id').execute();
  }

  university(id: string): Promise<UniversityRow | undefined> {
    return this.db.selectFrom('catalogue_universities').selectAll().where('id', '=', id).executeTakeFirst();
  }

  study(universityId: string, id: string): Promise<StudyRow | undefined> {
    return this.db.selectFrom('catalogue_studies').selectAll().where('university_id', '=', universityId).where('id', '=', id).executeTakeFirst();
  }

  year(universityId: string, studyId: string, id: string): Promise<YearRow | undefined> {
    return this.db
      .selectFrom('catalogue_years')
      .selectAll()
      .where('university_id', '=', universityId)
      .where('study_id', '=', studyId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async nextUniversityPosition(): Promise<number> {
    const row = await this.db.selectFrom('catalogue_universities').select((eb) => eb.fn.max('position').as('p')).executeTakeFirst();
    return Number(row?.p ?? -1) + 1;
  }

  async nextStudyPosition(universityId: string): Promise<number> {
    const row = await this.db.selectFrom('catalogue_studies').select((eb) => eb.fn.max('position').as('p')).where('university_id', '=', universityId).executeTakeFirst();
    return Number(row?.p ?? -1) + 1;
  }

  async nextYearPosition(universityId: string, studyId: string): Promise<number> {
    const row = await this.db
      .selectFrom('catalogue_years')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('university_id', '=', universityId)
      .where('study_id', '=', studyId)
      .executeTakeFirst();
    return Number(row?.p ?? -1) + 1;
  }

  async insertUniversity(row: UniversityRow): Promise<void> {
    await this.db.insertInto('catalogue_universities').values(row).execute();
  }

  async insertStudy(row: StudyRow): Promise<void> {
    await this.db.insertInto('catalogue_studies').values(row).execute();
  }

  async insertYear(row: YearRow): Promise<void> {
    await this.db.insertInto('catalogue_years').values(row).execute();
  }

  async renameUniversity(id: string, name: string, shortName: string): Promise<void> {
    await this.db.updateTable('catalogue_universities').set({ name, short_name: shortName }).where('id', '=', id).execute();
  }

  async renameStudy(universityId: string, id: string, name: string): Promise<void> {
    await this.db.updateTable('catalogue_studies').set({ name }).where('university_id', '=', universityId).where('id', '=', id).execute();
  }

  async renameYear(universityId: string, studyId: string, id: string, name: string): Promise<void> {
    await this.db.updateTable('catalogue_years').set({ name }).where('university_id', '=', universityId).where('study_id', '=', studyId).where('id', '=', id).execute();
  }

  async setCourse(universityId: string, studyId: string, id: string, course: Pick<YearRow, 'vaknaam' | 'percentage' | 'header_image' | 'title' | 'body'>): Promise<void> {
    await this.db.updateTable('catalogue_years').set(course).where('university_id', '=', universityId).where('study_id', '=', studyId).where('id', '=', id).execute();
  }

  /** Removes a university with its studies and years (children first: no reliance on cascades). */
  async deleteUniversity(id: string): Promise<void> {
    await this.db.deleteFrom('catalogue_years').where('university_id', '=', id).execute();
    await this.db.deleteFrom('catalogue_studies').where('university_id', '=', id).execute();
    await this.db.deleteFrom('catalogue_universities').where('id', '=', id).execute();
  }

  async deleteStudy(universityId: string, id: string): Promise<void> {
    await this.db.deleteFrom('catalogue_years').where('university_id', '=', universityId).where('study_id', '=', id).execute();
    await this.db.deleteFrom('catalogue_studies').where('university_id', '=', universityId).where('id', '=', id).execute();
  }

  async deleteYear(universityId: string, studyId: string, id: string): Promise<void> {
    await this.db.deleteFrom('catalogue_years').where('university_id', '=', universityId).where('study_id', '=', studyId).where('id', '=', id).execute();
  }
}
