import { PostgresAdapter } from 'kysely';
import { sql, uuidv7, type Executor } from '@blok/db';

export interface CourseRow {
  id: string;
  user_id: string;
  name: string;
  code: string;
  period: string;
  exam_date: string | null;
  /** its exam plan's own minutes per day and study days ('1,3,5'); null: her day's (migration 0051) */
  minutes_per_day: number | null;
  study_days: string | null;
  created_at: string;
  updated_at: string;
}

export interface CourseListRow extends CourseRow {
  file_count: number;
}

export interface CourseFileRow {
  id: string;
  course_id: string;
  user_id: string;
  name: string;
  bytes: number;
  pages: number;
  chunk_bytes: number;
  sha256: string;
  /** 1: hers; 0: its upload is staged (migration 0050), seen only in her storage */
  ready: number;
  /** the byte ranges pdf.js reads for its first pages (migration 0052, decision 050); null: kept before */
  opening: string | null;
  created_at: string;
}

export interface NewCourse {
  userId: string;
  name: string;
  code: string;
  period: string;
  examDate: string | null;
}

/** Pages inserted per statement (PostgreSQL takes at most 65,535 parameters; SQLite 32,766). */
export const PAGES_PER_STATEMENT = 200;

/**
 * The one code that names the tables of her own courses (decision 020). Every read of hers is
 * scoped by her id: another student's course or file is not found. A file whose upload is still
 * staged (`ready = 0`, decision 039's addendum on staged uploads) is not hers yet: no read finds it
 * but her storage (`usedBytes`) and the staging's own statements.
 */
export class CoursesRepository {
  constructor(private readonly db: Executor) {}

  listCourses(userId: string): Promise<CourseListRow[]> {
    return this.db
      .selectFrom('courses as c')
      .selectAll('c')
      .select((eb) => eb.selectFrom('course_files as f').whereRef('f.course_id', '=', 'c.id').where('f.ready', '=', 1).select((e) => e.fn.countAll<number>().as('n')).as('file_count'))
      .where('c.user_id', '=', userId)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, file_count: Number(r.file_count ?? 0) })));
  }

  findCourse(userId: string, id: string): Promise<CourseRow | undefined> {
    return this.db.selectFrom('courses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  }

  async countCourses(userId: string): Promise<number> {
    const row = await this.db.selectFrom('courses').select((e) => e.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertCourse(c: NewCourse): Promise<string> {
    const id = uuidv7();
    const now = new Date().toISOString();
    await this.db
      .insertInto('courses')
      .values({ id, user_id: c.userId, name: c.name, code: c.code, period: c.period, exam_date: c.examDate, created_at: now, updated_at: now })
      .execute();
    return id;
  }

  async updateCourse(id: string, change: { name: string; code: string; period: string; examDate: string | null; minutesPerDay: number | null; studyDays: string | null }): Promise<void> {
    await this.db
      .updateTable('courses')
      .set({
        name: change.name,
        code: change.code,
        period: change.period,
        exam_date: change.examDate,
        minutes_per_day: change.minutesPerDay,
        study_days: change.studyDays,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a course; its files, their chunks and pages go with it (foreign keys, on delete cascade). */
  async deleteCourse(id: string): Promise<void> {
    await this.db.deleteFrom('courses').where('id', '=', id).execute();
  }

  /** What all her files take together, bytes: staged ones too (two uploads at once cannot both fit in the room of one). */
  async usedBytes(userId: string): Promise<number> {
    const row = await this.db.selectFrom('course_files').select((e) => e.fn.sum<number>('bytes').as('n')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Her ready files of a course, newest first. */
  filesOfCourse(courseId: string): Promise<CourseFileRow[]> {
    return this.db.selectFrom('course_files').selectAll().where('course_id', '=', courseId).where('ready', '=', 1).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** Every file of a course, staged ones too (the course is deleted: search forgets them all). */
  async allFileIdsOfCourse(courseId: string): Promise<string[]> {
    return (await this.db.selectFrom('course_files').select('id').where('course_id', '=', courseId).execute()).map((r) => r.id);
  }

  findFile(userId: string, courseId: string, fileId: string): Promise<CourseFileRow | undefined> {
    return this.db
      .selectFrom('course_files')
      .selectAll()
      .where('id', '=', fileId)
      .where('course_id', '=', courseId)
      .where('user_id', '=', userId)
      .where('ready', '=', 1)
      .executeTakeFirst();
  }

  async insertFile(f: Omit<CourseFileRow, 'created_at'>): Promise<void> {
    await this.db.insertInto('course_files').values({ ...f, created_at: new Date().toISOString() }).execute();
  }

  /**
   * PostgreSQL: waits for, then holds to the end of the transaction, her lock on her storage (an
   * advisory lock), so that two uploads staged at once in two processes cannot both find room for
   * themselves in what is room for one. SQLite has one writer at a time: the transaction is the lock.
   */
  async lockStorage(userId: string): Promise<void> {
    if (this.db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(hashtext(${`courses:${userId}`}), hashtext('storage'))`.execute(this.db);
    }
  }

  /** Chunks `first`, `first + 1`, … of a file, in one statement. */
  async insertChunks(fileId: string, first: number, data: readonly Buffer[]): Promise<void> {
    await this.db
      .insertInto('course_file_chunks')
      .values(data.map((d, i) => ({ file_id: fileId, idx: first + i, data: d })))
      .execute();
  }

  /** Pages `first`, `first + 1`, … of a file with their text, in one statement (at most PAGES_PER_STATEMENT). */
  async insertPages(fileId: string, userId: string, first: number, texts: readonly string[]): Promise<void> {
    if (texts.length > PAGES_PER_STATEMENT) throw new Error(`at most ${PAGES_PER_STATEMENT} pages per statement`);
    if (texts.length === 0) return;
    await this.db
      .insertInto('course_file_pages')
      .values(texts.map((text, i) => ({ file_id: fileId, user_id: userId, page: first + i, text })))
      .execute();
  }

  /** A file by id alone, staged or ready (its staging's own bookkeeping; never an answer to her). */
  fileById(id: string): Promise<CourseFileRow | undefined> {
    return this.db.selectFrom('course_files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Makes a staged file hers, dated now. false: it is not staged any more (its course went with it). */
  async markReady(id: string, nowIso: string): Promise<boolean> {
    const result = await this.db.updateTable('course_files').set({ ready: 1, created_at: nowIso }).where('id', '=', id).where('ready', '=', 0).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Staged files whose staging began before `before`, oldest first (what the sweep removes). */
  stagedFilesBefore(before: string, limit: number): Promise<Array<{ id: string; user_id: string }>> {
    return this.db.selectFrom('course_files').select(['id', 'user_id']).where('ready', '=', 0).where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
  }

  /** Removes a file's chunks `from` to `to` (inclusive). */
  async deleteChunks(fileId: string, from: number, to: number): Promise<void> {
    await this.db.deleteFrom('course_file_chunks').where('file_id', '=', fileId).where('idx', '>=', from).where('idx', '<=', to).execute();
  }

  /** Removes a file's pages `from` to `to` (inclusive). */
  async deletePages(fileId: string, from: number, to: number): Promise<void> {
    await this.db.deleteFrom('course_file_pages').where('file_id', '=', fileId).where('page', '>=', from).where('page', '<=', to).execute();
  }

  /** Removes a staged file's row (its chunks and pages with it); a ready file stays. */
  async deleteStagedFile(id: string): Promise<void> {
    await this.db.deleteFrom('course_files').where('id', '=', id).where('ready', '=', 0).execute();
  }

  /** Chunks `from` to `to` (inclusive) of a file, in order. */
  async chunks(fileId: string, from: number, to: number): Promise<Array<{ idx: number; data: Uint8Array }>> {
    const rows = await this.db.selectFrom('course_file_chunks').select(['idx', 'data']).where('file_id', '=', fileId).where('idx', '>=', from).where('idx', '<=', to).orderBy('idx').execute();
    return rows as Array<{ idx: number; data: Uint8Array }>;
  }

  pagesOfFile(fileId: string): Promise<Array<{ page: number; text: string }>> {
    return this.db.selectFrom('course_file_pages').select(['page', 'text']).where('file_id', '=', fileId).orderBy('page').execute();
  }

  // ------------------------------------------------------------ pages read (issue 41, migration 0047)

  /** Keeps pages of her file as read; a page read before keeps its first time. */
  async markRead(fileId: string, userId: string, pages: readonly number[], nowIso: string): Promise<void> {
    if (pages.length === 0) return;
    await this.db
      .insertInto('course_pages_read')
      .values(pages.map((page) => ({ file_id: fileId, user_id: userId, page, read_at: nowIso })))
      .onConflict((oc) => oc.columns(['file_id', 'page']).doNothing())
      .execute();
  }

  /** The pages of a file she read, ascending. */
  async pagesRead(fileId: string): Promise<number[]> {
    const rows = await this.db.selectFrom('course_pages_read').select('page').where('file_id', '=', fileId).orderBy('page').execute();
    return rows.map((r) => Number(r.page));
  }

  /** Per file: the pages she read, ascending (files without any are absent). */
  async pagesReadOf(fileIds: readonly string[]): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>();
    if (fileIds.length === 0) return out;
    const rows = await this.db.selectFrom('course_pages_read').select(['file_id', 'page']).where('file_id', 'in', [...fileIds]).orderBy('file_id').orderBy('page').execute();
    for (const r of rows) {
      const list = out.get(r.file_id);
      if (list) list.push(Number(r.page));
      else out.set(r.file_id, [Number(r.page)]);
    }
    return out;
  }

  /** Per file of a course: how many different pages she read. */
  async readCounts(courseId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('course_pages_read as r')
      .innerJoin('course_files as f', 'f.id', 'r.file_id')
      .select((eb) => ['r.file_id', eb.fn.countAll<number>().as('n')])
      .where('f.course_id', '=', courseId)
      .where('f.ready', '=', 1)
      .groupBy('r.file_id')
      .execute();
    return new Map(rows.map((r) => [r.file_id, Number(r.n)]));
  }

  /** Her courses with an exam date on or after `from` (YYYY-MM-DD). */
  coursesWithExam(userId: string, from: string): Promise<CourseRow[]> {
    return this.db.selectFrom('courses').selectAll().where('user_id', '=', userId).where('exam_date', 'is not', null).where('exam_date', '>=', from).orderBy('exam_date').orderBy('id').execute();
  }

  /** Her ready files of these courses, oldest first. */
  filesOfCourses(courseIds: readonly string[]): Promise<CourseFileRow[]> {
    if (courseIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('course_files').selectAll().where('course_id', 'in', [...courseIds]).where('ready', '=', 1).orderBy('created_at').orderBy('id').execute();
  }

  /** Per file: the characters of its pages' text together (its words, for the minutes a page takes). */
  async textLengths(fileIds: readonly string[]): Promise<Map<string, number>> {
    if (fileIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('course_file_pages')
      .select((eb) => ['file_id', eb.fn.sum<number>(eb.fn('length', ['text'])).as('n')])
      .where('file_id', 'in', [...fileIds])
      .groupBy('file_id')
      .execute();
    return new Map(rows.map((r) => [r.file_id, Number(r.n ?? 0)]));
  }

  async deleteFile(id: string): Promise<void> {
    await this.db.deleteFrom('course_files').where('id', '=', id).execute();
  }
}
