import { open } from 'node:fs/promises';
import type { CourseDetail, CourseFile, CourseFilePages, CourseFileReading, CourseLimits, CourseList, CourseSummary, CreateCourseBody, MarkPagesReadBody, UpdateCourseBody } from '@blok/contract';
import { PDF_OPENING_CHUNK_BYTES, parseRanges, type ByteRange } from '@blok/contract';
import { uuidv7, type Executor, type Tx } from '@blok/db';
import { AppError } from '../errors.ts';
import { yieldToLoop } from '../threads/yield.ts';
import type { SpooledFile } from '../uploads/spooled-file.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import type { PdfChecker, PdfTicket } from './pdf-checker.ts';
import { CoursesRepository, PAGES_PER_STATEMENT, type CourseFileRow, type CourseListRow, type CourseRow } from './repository.ts';

/** A file's bytes are stored and read in chunks of this size (the last one shorter). */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks read per query when a file is sent: 2 MB in memory at most per response. */
const CHUNKS_PER_READ = 8;

/** The opening of a file kept before openings were recorded: its first and last 64 KB (its header, its cross-reference table). */
const HEAD_AND_TAIL_BYTES = 64 * 1024;
function headAndTail(bytes: number): ByteRange[] {
  if (bytes <= 2 * HEAD_AND_TAIL_BYTES) return [{ start: 0, end: bytes - 1 }];
  const tail = Math.floor((bytes - HEAD_AND_TAIL_BYTES) / PDF_OPENING_CHUNK_BYTES) * PDF_OPENING_CHUNK_BYTES;
  return [{ start: 0, end: HEAD_AND_TAIL_BYTES - 1 }, { start: tail, end: bytes - 1 }];
}
/**
 * Chunks written per statement while an upload is staged (decision 039's addendum on staged
 * uploads): each statement is a short transaction of its own; one 256 KB chunk is about a
 * millisecond of SQLite's connection, and the event loop is given back between statements.
 */
const CHUNKS_PER_STAGED_STATEMENT = 1;
/** Chunks removed per statement when a staged upload goes (each a transaction of its own). */
const CHUNKS_PER_REMOVAL = 4;
/** A staged page statement holds at most this many characters of text (and PAGES_PER_STATEMENT pages). */
const PAGE_CHARS_PER_STATEMENT = 200_000;
/** Staged uploads whose command never came (a process that stopped) are removed after this many hours. */
export const STAGED_FILE_HOURS = 1;
/** Staged files the sweep takes per query. */
const SWEEP_BATCH = 20;

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

/**
 * What search keeps of a file's pages (search owns its index): staged before the upload's command in
 * short transactions of its own, found from the command's transaction on, removed with the file.
 */
export interface CoursesSearchIndex {
  pagesStaged(entry: { userId: string; courseId: string; courseName: string; fileId: string; fileName: string; pages: string[] }): Promise<void>;
  pagesReady(tx: Executor, fileId: string): Promise<void>;
  stagedPagesRemoved(fileId: string): Promise<void>;
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

  /**
   * Her file's opening (decision 050): the byte ranges pdf.js reads to show its first pages (recorded
   * at upload; for a file kept before that, its first and last 64 KB), and their bytes in order, each
   * chunk read from the database once.
   */
  async opening(userId: string, courseId: string, fileId: string): Promise<{ file: CourseFileRow; ranges: ByteRange[]; read(): AsyncGenerator<Uint8Array> }> {
    const repo = this.repo;
    const file = await repo.findFile(userId, courseId, fileId);
    if (!file) throw fileNotFound();
    const ranges = parseRanges(file.opening, file.bytes) ?? headAndTail(file.bytes);
    return {
      file,
      ranges,
      read: async function* () {
        let held: { idx: number; data: Uint8Array } | undefined;
        for (const { start, end } of ranges) {
          for (let idx = Math.floor(start / file.chunk_bytes); idx <= Math.floor(end / file.chunk_bytes); idx++) {
            if (held?.idx !== idx) held = (await repo.chunks(file.id, idx, idx))[0];
            if (!held) return;
            const offset = idx * file.chunk_bytes;
            yield held.data.subarray(Math.max(0, start - offset), Math.min(held.data.length, end - offset + 1));
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
      // staged files too: an upload under way finds its staging gone and answers 404
      await this.search?.courseRemoved(tx, userId, await repo.allFileIdsOfCourse(course.id));
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
   * text, within time and memory; a refused file leaves nothing), then staged and made hers
   * (decision 039's addendum on staged uploads). Staging writes a file row that is not ready (her
   * storage checked and taken in the same short transaction), its chunks from the spooled file, its
   * pages and their search entries, each statement a short transaction of its own with the event
   * loop given back between them: one transaction of 50 MB held SQLite's one connection, and every
   * other student's request, for about 250 ms. The command's unit of work (where its response is
   * stored for the Idempotency-Key) then only makes the file ready and its pages found. Whatever
   * fails after staging began removes what was staged; what a stopped process leaves, the sweep
   * removes after STAGED_FILE_HOURS.
   */
  async upload(userId: string, courseId: string, name: string, upload: SpooledFile): Promise<CourseFile> {
    if (!this.checker) throw new AppError('not_found', 'Niet gevonden');
    const { pages, opening } = await this.checker.check(upload.path);
    const { id, course } = await this.stageFile(userId, courseId, name, upload, pages.length, opening);
    try {
      await this.stageChunks(id, upload);
      await this.stagePages(id, userId, pages);
      await this.search?.pagesStaged({ userId, courseId: course.id, courseName: course.name, fileId: id, fileName: name, pages });
      return await this.uow.run(async (tx) => {
        const repo = this.repo;
        const now = await repo.findCourse(userId, course.id);
        // the course was deleted meanwhile: its files went with it, this one too
        if (!now) throw courseNotFound();
        // its staging was swept (a command hours late): nothing to make hers
        if (!(await repo.markReady(id, new Date().toISOString()))) throw new AppError('conflict', 'Deze pdf is niet bewaard. Upload hem opnieuw.');
        await this.search?.pagesReady(tx, id);
        // renamed while the pages were staged: their entries carry the name of now
        if (now.name !== course.name) await this.search?.courseRenamed(tx, userId, course.id, now.name);
        return this.fileOf((await repo.findFile(userId, course.id, id))!);
      });
    } catch (err) {
      await this.removeStaged(id).catch(() => undefined);
      // a statement that failed because the course (and so the staged file) went meanwhile
      if (!(err instanceof AppError) && !(await this.repo.findCourse(userId, courseId))) throw courseNotFound();
      throw err;
    }
  }

  /** A short transaction of its own, or the caller's unit of work when one is open. */
  private short<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.uow.inUnitOfWork ? fn(this.uow.executor as Tx) : this.uow.apart(fn);
  }

  /** The file's row, not ready, in a short transaction that checks her course and her storage (staged files counted). */
  private stageFile(userId: string, courseId: string, name: string, upload: SpooledFile, pages: number, opening: string | null): Promise<{ id: string; course: CourseRow }> {
    return this.short(async () => {
      const repo = this.repo;
      await repo.lockStorage(userId);
      const course = await repo.findCourse(userId, courseId);
      if (!course) throw courseNotFound();
      await this.checkQuota(repo, userId, upload.size);
      const id = uuidv7();
      await repo.insertFile({ id, course_id: course.id, user_id: userId, name, bytes: upload.size, pages, chunk_bytes: CHUNK_BYTES, sha256: upload.sha256, ready: 0, opening });
      return { id, course };
    });
  }

  /**
   * The spooled file's bytes into the staged file's chunks, CHUNKS_PER_STAGED_STATEMENT per statement.
   * One buffer is read into again and again (each statement has sent its bytes when it returns): a
   * new one per chunk was 50 MB of memory outside the heap, and the collections it set off held the
   * event loop tens of milliseconds at a time.
   */
  private async stageChunks(id: string, upload: SpooledFile): Promise<void> {
    const count = Math.ceil(upload.size / CHUNK_BYTES);
    const buffer = Buffer.allocUnsafe(Math.min(upload.size, CHUNK_BYTES * CHUNKS_PER_STAGED_STATEMENT));
    const handle = await open(upload.path, 'r');
    try {
      for (let first = 0; first < count; first += CHUNKS_PER_STAGED_STATEMENT) {
        const data: Buffer[] = [];
        for (let idx = first; idx < Math.min(count, first + CHUNKS_PER_STAGED_STATEMENT); idx++) {
          const at = (idx - first) * CHUNK_BYTES;
          const { bytesRead } = await handle.read(buffer, at, Math.min(CHUNK_BYTES, upload.size - idx * CHUNK_BYTES), idx * CHUNK_BYTES);
          data.push(buffer.subarray(at, at + bytesRead));
        }
        await yieldToLoop();
        await this.short(() => this.repo.insertChunks(id, first, data));
      }
    } finally {
      await handle.close();
    }
  }

  /** The staged file's page texts, a few hundred kilobytes of text per statement at most. */
  private async stagePages(id: string, userId: string, pages: readonly string[]): Promise<void> {
    for (let i = 0; i < pages.length; ) {
      let j = i + 1;
      for (let chars = pages[i]!.length; j < pages.length && j - i < PAGES_PER_STATEMENT && chars + pages[j]!.length <= PAGE_CHARS_PER_STATEMENT; j++) chars += pages[j]!.length;
      const texts = pages.slice(i, j);
      const first = i + 1;
      await yieldToLoop();
      await this.short(() => this.repo.insertPages(id, userId, first, texts));
      i = j;
    }
  }

  /**
   * Removes a staged file in short statements: its search entries (found by none meanwhile), its
   * chunks and pages, then its row. A ready file is never touched; a file already gone leaves only
   * search entries, if any, to remove.
   */
  private async removeStaged(id: string): Promise<void> {
    const file = await this.repo.fileById(id);
    if (file?.ready === 1) return;
    await this.search?.stagedPagesRemoved(id);
    if (!file) return;
    const chunks = Math.ceil(file.bytes / file.chunk_bytes);
    for (let from = 0; from < chunks; from += CHUNKS_PER_REMOVAL) {
      await yieldToLoop();
      await this.short(() => this.repo.deleteChunks(id, from, from + CHUNKS_PER_REMOVAL - 1));
    }
    for (let from = 1; from <= file.pages; from += PAGES_PER_STATEMENT) {
      await yieldToLoop();
      await this.short(() => this.repo.deletePages(id, from, from + PAGES_PER_STATEMENT - 1));
    }
    await this.short(() => this.repo.deleteStagedFile(id));
  }

  /**
   * The sweep (a leased job, hourly): staged uploads whose staging began more than STAGED_FILE_HOURS
   * before `nowMs` and whose command never came (a process stopped in between), removed in short
   * statements. Returns how many went.
   */
  async sweepStagedFiles(nowMs = Date.now()): Promise<number> {
    const before = new Date(nowMs - STAGED_FILE_HOURS * 3600_000).toISOString();
    let removed = 0;
    for (;;) {
      const files = await this.repo.stagedFilesBefore(before, SWEEP_BATCH);
      for (const f of files) await this.removeStaged(f.id);
      removed += files.length;
      if (files.length < SWEEP_BATCH) return removed;
    }
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
