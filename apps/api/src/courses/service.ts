import { open } from 'node:fs/promises';
import type { CourseDetail, CourseFile, CourseFilePages, CourseFileReading, CourseLimits, CourseList, CourseSummary, CreateCourseBody, MarkPagesReadBody, UpdateCourseBody } from '@blok/contract';
import { uuidv7, type Executor } from '@blok/db';
import { AppError } from '../errors.ts';
import type { SpooledFile } from '../uploads/spooled-file.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import type { PdfChecker, PdfTicket } from './pdf-checker.ts';
import { CoursesRepository, type CourseFileRow, type CourseListRow, type CourseRow } from './repository.ts';

/** A file's bytes are stored and read in chunks of this size (the last one shorter). */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks read per query when a file is sent: 2 MB in memory at most per response. */
const CHUNKS_PER_READ = 8;

/** Her limits (env.ts COURSE*; decision 039). */
export interface CourseLimitOptions {
  coursesFree: number;
  coursesPremium: number;
  storageFreeBytes: number;
  storagePremiumBytes: number;
  fileBytes: number;
  filePages: number;
}

/** What her courses need of her account (decision 020). */
export interface CoursesAccounts {
  isPremium(executor: Executor, userId: string): Promise<boolean>;
}

/** What search keeps of a file's pages, told in the upload's own transaction (search owns its index). */
export interface CoursesSearchIndex {
  pagesAdded(tx: Executor, entry: { userId: string; courseId: string; courseName: string; fileId: string; fileName: string; pages: string[] }): Promise<void>;
  courseRenamed(tx: Executor, userId: string, courseId: string, name: string): Promise<void>;
  fileRemoved(tx: Executor, userId: string, fileId: string): Promise<void>;
  courseRemoved(tx: Executor, userId: string, fileIds: string[]): Promise<void>;
}

/** What the courses feature tells in a write's own transaction (write/events.ts), for the features that keep something of a course. */
export interface CoursesEvents {
  courseDeleted(tx: Executor, e: { userId: string; courseId: string }): Promise<void>;
}

/** A course's study days as kept ('1,3,5'), and back; none: null / []. */
const daysToText = (days: readonly number[] | null) => (days && days.length > 0 ? [...new Set(days)].sort((a, b) => a - b).join(',') : null);
export const daysOfText = (text: string | null) => (text ? text.split(',').filter(Boolean).map(Number) : []);

const courseNotFound = () => new AppError('not_found', 'Dit vak bestaat niet.');
const fileNotFound = () => new AppError('not_found', 'Dit bestand bestaat niet.');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A file of hers opened for sending: its row, and its bytes as a stream of chunks. */
export interface OpenedFile {
  file: CourseFileRow;
  /** bytes `start` to `end` (inclusive), read from the database a few chunks at a time */
  read(start: number, end: number): AsyncGenerator<Uint8Array>;
}

/**
 * Her own courses (issue 41, decision 039): a course with a name, code, period and exam date, and
 * the PDFs she uploads to it, checked on a thread of their own before they are kept, stored in
 * chunks and read back as streams. Every write is one unit of work; another student's course or
 * file answers 404 like an unknown one.
 */
export class CoursesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: CoursesAccounts,
    private readonly limits: CourseLimitOptions,
    private readonly checker: PdfChecker | null,
    private readonly search: CoursesSearchIndex | null = null,
    private readonly events: CoursesEvents | null = null,
  ) {}

  private get repo(): CoursesRepository {
    return new CoursesRepository(this.uow.executor);
  }

  private async limitsOf(repo: CoursesRepository, userId: string): Promise<CourseLimits> {
    const premium = await this.accounts.isPremium(this.uow.executor, userId);
    const [courseCount, usedBytes] = await Promise.all([repo.countCourses(userId), repo.usedBytes(userId)]);
    return {
      courses: premium ? this.limits.coursesPremium : this.limits.coursesFree,
      courseCount,
      storageBytes: premium ? this.limits.storagePremiumBytes : this.limits.storageFreeBytes,
      usedBytes,
      fileBytes: this.limits.fileBytes,
      filePages: this.limits.filePages,
      premium,
    };
  }

  private summary(row: CourseRow | CourseListRow, fileCount?: number): CourseSummary {
    return {
      id: row.id,
      name: row.name,
      code: row.code,
      period: row.period,
      examDate: row.exam_date,
      minutesPerDay: row.minutes_per_day ?? null,
      studyDays: daysOfText(row.study_days ?? null),
      fileCount: fileCount ?? ('file_count' in row ? row.file_count : 0),
      createdAt: row.created_at,
    };
  }

  private fileOf(row: CourseFileRow, pagesRead = 0): CourseFile {
    return { id: row.id, courseId: row.course_id, name: row.name, bytes: row.bytes, pages: row.pages, pagesRead, createdAt: row.created_at };
  }

  // ------------------------------------------------------------------ reads

  async list(userId: string): Promise<CourseList> {
    const repo = this.repo;
    const [rows, limits] = await Promise.all([repo.listCourses(userId), this.limitsOf(repo, userId)]);
    return { courses: rows.map((r) => this.summary(r)), limits };
  }

  async detail(userId: string, courseId: string): Promise<CourseDetail> {
    return this.detailOf(this.repo, userId, courseId);
  }

  private async detailOf(repo: CoursesRepository, userId: string, courseId: string): Promise<CourseDetail> {
    const course = await repo.findCourse(userId, courseId);
    if (!course) throw courseNotFound();
    const [files, limits, read] = await Promise.all([repo.filesOfCourse(course.id), this.limitsOf(repo, userId), repo.readCounts(course.id)]);
    return { course: this.summary(course, files.length), files: files.map((f) => this.fileOf(f, read.get(f.id) ?? 0)), limits };
  }

  /** A file of hers, to send (all or a range of it). */
  async openFile(userId: string, courseId: string, fileId: string): Promise<OpenedFile> {
    const repo = this.repo;
    const file = await repo.findFile(userId, courseId, fileId);
    if (!file) throw fileNotFound();
    return {
      file,
      read: async function* (start: number, end: number) {
        const first = Math.floor(start / file.chunk_bytes);
        const last = Math.floor(end / file.chunk_bytes);
        for (let from = first; from <= last; from += CHUNKS_PER_READ) {
          const chunks = await repo.chunks(file.id, from, Math.min(last, from + CHUNKS_PER_READ - 1));
          for (const chunk of chunks) {
            const offset = chunk.idx * file.chunk_bytes;
            const a = Math.max(0, start - offset);
            const b = Math.min(chunk.data.length, end - offset + 1);
            yield chunk.data.subarray(a, b);
          }
        }
      },
    };
  }

  async pages(userId: string, courseId: string, fileId: string): Promise<CourseFilePages> {
    const repo = this.repo;
    const file = await repo.findFile(userId, courseId, fileId);
    if (!file) throw fileNotFound();
    return { pages: await repo.pagesOfFile(file.id) };
  }

  /**
   * Pages of her file she read (issue 41): the viewer reports them in batches once each was in view
   * long enough. One command; a page reported again stays read once (its first time kept). A page the
   * file does not have is refused (400), another student's file is not found (404).
   */
  markRead(userId: string, courseId: string, fileId: string, body: MarkPagesReadBody): Promise<CourseFileReading> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const file = await repo.findFile(userId, courseId, fileId);
      if (!file) throw fileNotFound();
      const pages = [...new Set(body.pages)];
      if (pages.some((p) => p > file.pages)) throw new AppError('invalid_request', `Dit bestand heeft ${file.pages} ${file.pages === 1 ? 'pagina' : "pagina's"}.`);
      await repo.markRead(file.id, userId, pages, new Date().toISOString());
      const read = await repo.pagesRead(file.id);
      return { fileId: file.id, pages: file.pages, pagesRead: read.length, read };
    });
  }

  // ------------------------------------------------------------------ courses

  create(userId: string, body: CreateCourseBody): Promise<CourseDetail> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const limits = await this.limitsOf(repo, userId);
      if (limits.courseCount >= limits.courses) {
        throw new AppError(
          'limit_reached',
          limits.premium
            ? `Je hebt al ${limits.courses} eigen vakken. Verwijder er een voordat je een nieuw vak toevoegt.`
            : `Zonder Premium heb je ${limits.courses === 1 ? 'één eigen vak' : `${limits.courses} eigen vakken`}. Met Premium voeg je er tot ${this.limits.coursesPremium} toe.`,
        );
      }
      const id = await repo.insertCourse({ userId, name: body.name, code: body.code ?? '', period: body.period ?? '', examDate: body.examDate ?? null });
      return this.detailOf(repo, userId, id);
    });
  }

  update(userId: string, courseId: string, body: UpdateCourseBody): Promise<CourseDetail> {
    return this.uow.run(async (tx) => {
      const repo = this.repo;
      const course = await repo.findCourse(userId, courseId);
      if (!course) throw courseNotFound();
      await repo.updateCourse(course.id, {
        name: body.name ?? course.name,
        code: body.code ?? course.code,
        period: body.period ?? course.period,
        examDate: body.examDate === undefined ? course.exam_date : body.examDate,
        // the exam plan's own time (issue 41); null: none, the course shares her day's
        minutesPerDay: body.minutesPerDay === undefined ? course.minutes_per_day : body.minutesPerDay,
        studyDays: body.studyDays === undefined ? course.study_days : daysToText(body.studyDays),
      });
      if (body.name !== undefined && body.name !== course.name) await this.search?.courseRenamed(tx, userId, course.id, body.name);
      return this.detailOf(repo, userId, course.id);
    });
  }

  /**
   * Deletes a course with its files, their bytes, pages and search entries; `course.deleted` in the
   * same unit of work tells what others keep of it by id (where she stands in it, its plan's days).
   */
  delete(userId: string, courseId: string): Promise<null> {
    return this.uow.run(async (tx) => {
      const repo = this.repo;
      const course = await repo.findCourse(userId, courseId);
      if (!course) throw courseNotFound();
      const files = await repo.filesOfCourse(course.id);
      await this.search?.courseRemoved(tx, userId, files.map((f) => f.id));
      await this.events?.courseDeleted(tx, { userId, courseId: course.id });
      await repo.deleteCourse(course.id);
      return null;
    });
  }

  // ------------------------------------------------------------------ files

  /**
   * Her place to upload a PDF of `declaredBytes` (its Content-Length) to a course, before a byte of
   * it is read: the course is hers, the file within the size and her storage, and her previous PDF
   * done. The ticket is released when the request ends.
   */
  async admitUpload(userId: string, courseId: string, declaredBytes: number | null): Promise<PdfTicket> {
    if (!this.checker) throw new AppError('not_found', 'Niet gevonden');
    const repo = this.repo;
    if (!(await repo.findCourse(userId, courseId))) throw courseNotFound();
    if (declaredBytes !== null) {
      if (declaredBytes > this.limits.fileBytes) throw this.tooLarge();
      await this.checkQuota(repo, userId, declaredBytes);
    }
    return this.checker.admit(userId);
  }

  /** the largest PDF she may upload, bytes */
  get maxFileBytes(): number {
    return this.limits.fileBytes;
  }

  tooLarge(): AppError {
    return new AppError('file_too_large', `Deze pdf is groter dan ${mb(this.limits.fileBytes)}.`);
  }

  private async checkQuota(repo: CoursesRepository, userId: string, bytes: number): Promise<void> {
    const limits = await this.limitsOf(repo, userId);
    if (limits.usedBytes + bytes > limits.storageBytes) {
      throw new AppError(
        'storage_quota_exceeded',
        `Je bestanden nemen dan meer dan ${mb(limits.storageBytes)} in. Verwijder eerst een bestand${limits.premium ? '' : ', of neem Premium voor meer ruimte'}.`,
      );
    }
  }

  /**
   * Keeps an uploaded PDF in a course: checked first on a thread of its own (pages, each page's
   * text, within time and memory), then written in chunks from the spooled file with its pages in
   * one transaction.
   */
  async upload(userId: string, courseId: string, name: string, upload: SpooledFile): Promise<CourseFile> {
    if (!this.checker) throw new AppError('not_found', 'Niet gevonden');
    const pages = await this.checker.check(upload.path);
    return this.uow.run(async (tx) => {
      const repo = this.repo;
      const course = await repo.findCourse(userId, courseId);
      if (!course) throw courseNotFound();
      await this.checkQuota(repo, userId, upload.size);
      const id = uuidv7();
      await repo.insertFile({ id, course_id: course.id, user_id: userId, name, bytes: upload.size, pages: pages.length, chunk_bytes: CHUNK_BYTES, sha256: upload.sha256 });
      const handle = await open(upload.path, 'r');
      try {
        for (let idx = 0; idx * CHUNK_BYTES < upload.size; idx++) {
          const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, upload.size - idx * CHUNK_BYTES));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, idx * CHUNK_BYTES);
          await repo.insertChunk(id, idx, buffer.subarray(0, bytesRead));
        }
      } finally {
        await handle.close();
      }
      await repo.insertPages(id, userId, pages);
      await this.search?.pagesAdded(tx, { userId, courseId: course.id, courseName: course.name, fileId: id, fileName: name, pages });
      return this.fileOf((await repo.findFile(userId, course.id, id))!);
    });
  }

  deleteFile(userId: string, courseId: string, fileId: string): Promise<null> {
    return this.uow.run(async (tx) => {
      const repo = this.repo;
      const file = await repo.findFile(userId, courseId, fileId);
      if (!file) throw fileNotFound();
      await this.search?.fileRemoved(tx, userId, file.id);
      await repo.deleteFile(file.id);
      return null;
    });
  }
}
