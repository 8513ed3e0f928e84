import type { AnnotationsTable, CourseFileAnnotationsTable, Executor } from '@blok/db';

/** Her highlights and notes: the only code that names the annotations and course_file_annotations tables. */
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

  // ---------------------------------------------------------------- in her PDFs (issue 41)

  /** Hers in one course, any order (the service orders them by file, page and place). */
  ofCourse(userId: string, courseId: string): Promise<CourseFileAnnotationsTable[]> {
    return this.db.selectFrom('course_file_annotations').selectAll().where('course_id', '=', courseId).where('user_id', '=', userId).execute();
  }

  async countOfFile(userId: string, fileId: string): Promise<number> {
    const row = await this.db
      .selectFrom('course_file_annotations')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('file_id', '=', fileId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Anyone's, by id: to tell an id already taken from a free one. */
  findPdf(id: string): Promise<CourseFileAnnotationsTable | undefined> {
    return this.db.selectFrom('course_file_annotations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Hers, by id; another student's is not found. */
  findOwnPdf(userId: string, id: string): Promise<CourseFileAnnotationsTable | undefined> {
    return this.db.selectFrom('course_file_annotations').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  async insertPdf(row: CourseFileAnnotationsTable): Promise<void> {
    await this.db.insertInto('course_file_annotations').values(row).execute();
  }

  async updatePdf(userId: string, id: string, changes: Partial<Pick<CourseFileAnnotationsTable, 'color' | 'note' | 'updated_at'>>): Promise<void> {
    await this.db.updateTable('course_file_annotations').set(changes).where('id', '=', id).where('user_id', '=', userId).execute();
  }

  async deletePdf(userId: string, id: string): Promise<number> {
    const result = await this.db.deleteFrom('course_file_annotations').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
