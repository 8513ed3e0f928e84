import { createHash, randomUUID } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CourseDetail, CourseFile, CourseList, SearchResult } from '@blok/contract';
import { courseDirectory } from '../../src/courses/directory.ts';
import { CoursesRepository } from '../../src/courses/repository.ts';
import { STAGED_FILE_HOURS } from '../../src/courses/service.ts';
import { SearchService } from '../../src/search/service.ts';
import { SpooledFile } from '../../src/uploads/spooled-file.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { makePdf, pdfClaimingPages, pdfNestedWithoutEnd } from './pdf-maker.ts';

// The service reads the spooled upload through `open`: a test can hold an upload between two of its
// chunks (the spies call through).
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return { ...real, open: vi.fn(real.open) };
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function student(app: TestApp) {
  const { headers } = await signedInUser(app);
  const call = (method: Method, url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: { ...headers, ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }), ...extra },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (courseId: string, bytes: Buffer, name = 'Hoorcollege 1.pdf', key: string = randomUUID()) =>
    app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/files?name=${encodeURIComponent(name)}`,
      headers: { ...headers, 'idempotency-key': key, 'content-type': 'application/pdf' },
      payload: bytes,
    });
  const search = async (q: string): Promise<SearchResult> => {
    const res = await call('GET', `/api/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const id: string = (await call('GET', '/api/user/profile')).json().id;
  return { id, call, upload, search };
}
type Student = Awaited<ReturnType<typeof student>>;

async function newCourse(s: Student, name = 'Sociale psychologie'): Promise<CourseDetail['course']> {
  const res = await s.call('POST', '/api/courses', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CourseDetail>().course;
}

/** A PDF of these pages padded to about `kb` kilobytes (a 256 KB chunk each). */
const padded = (pages: string[], kb: number) => Buffer.concat([makePdf(pages), Buffer.from(`%${'x'.repeat(kb * 1024)}\n`)]);

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Whether `work` settles within `ms` (a request that waits for a transaction to end does not). */
async function within<T>(work: Promise<T>, ms: number): Promise<{ value: T } | 'waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'waiting'>((r) => (timer = setTimeout(() => r('waiting'), ms)));
  try {
    return await Promise.race([work.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Holds the next upload after its first chunk was read from the spooled file (before the second is
 * read): `reached` once there, `release()` to go on.
 */
function holdAfterFirstChunk() {
  const reached = deferred();
  const gate = deferred();
  vi.mocked(fsp.open).mockImplementationOnce(async (...args: Parameters<typeof fsp.open>) => {
    const actual = await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises');
    const handle = await actual.open(...args);
    const read = handle.read.bind(handle) as (...a: unknown[]) => Promise<unknown>;
    let reads = 0;
    (handle as { read: unknown }).read = async (...a: unknown[]) => {
      if (++reads === 2) {
        reached.resolve();
        await gate.promise;
      }
      return read(...a);
    };
    return handle;
  });
  return { reached: reached.promise, release: gate.resolve };
}

/** Holds the next upload once everything is staged, before its command: `reached`, then `release()`. */
function holdBeforeCommand() {
  const reached = deferred();
  const gate = deferred();
  const real = SearchService.prototype.pagesStaged;
  vi.spyOn(SearchService.prototype, 'pagesStaged').mockImplementationOnce(async function (this: SearchService, e) {
    await real.call(this, e);
    reached.resolve();
    await gate.promise;
  });
  return { reached: reached.promise, release: gate.resolve };
}

describe.each(DIALECTS)('a PDF upload staged before its command on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { COURSE_FILE_MAX_MB: '2', COURSE_STORAGE_FREE_MB: '3', COURSE_FILE_MAX_PAGES: '50', COURSE_PDF_TIMEOUT_S: '20' });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** What the database holds of a file, staged or ready, in every table an upload writes. */
  const traces = async (fileIds: string[], userId: string) => {
    const db = ctx.handle.db;
    const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) => Number((await q.executeTakeFirstOrThrow()).n);
    const ids = fileIds.length === 0 ? ['-'] : fileIds;
    return {
      files: await count(db.selectFrom('course_files').select((e) => e.fn.countAll().as('n')).where('user_id', '=', userId)),
      staged: await count(db.selectFrom('course_files').select((e) => e.fn.countAll().as('n')).where('user_id', '=', userId).where('ready', '=', 0)),
      chunks: await count(db.selectFrom('course_file_chunks').select((e) => e.fn.countAll().as('n')).where('file_id', 'in', ids)),
      pages: await count(db.selectFrom('course_file_pages').select((e) => e.fn.countAll().as('n')).where('user_id', '=', userId)),
      entries: await count(db.selectFrom('search_entries').select((e) => e.fn.countAll().as('n')).where('user_id', '=', userId).where('kind', '=', 'page')),
      marks: await count(db.selectFrom('search_staged').select((e) => e.fn.countAll().as('n')).where('user_id', '=', userId)),
    };
  };
  const stagedIds = async (userId: string) =>
    (await ctx.handle.db.selectFrom('course_files').select('id').where('user_id', '=', userId).where('ready', '=', 0).execute()).map((r) => r.id);

  it("answers another student while her upload's chunks are written, and counts them in her storage meanwhile", async () => {
    const s = await student(ctx.app);
    const other = await student(ctx.app);
    const course = await newCourse(s);
    const pdf = padded(['Hoorcollege over groepsdruk'], 600);
    const hold = holdAfterFirstChunk();
    const uploading = s.upload(course.id, pdf);
    await hold.reached;
    // one chunk written, two to go: the connection is free (one transaction of the whole upload held it)
    const theirs = await within(other.call('GET', '/api/courses'), 5_000);
    const mine = await within(s.call('GET', '/api/courses'), 5_000);
    hold.release();
    expect(theirs, 'another student waited for the upload').not.toBe('waiting');
    expect(mine).not.toBe('waiting');
    const list = (mine as { value: { json(): CourseList } }).value.json();
    // not hers yet, but its bytes are counted: a second upload cannot take the same room
    expect(list.courses[0]!.fileCount).toBe(0);
    expect(list.limits.usedBytes).toBe(pdf.length);
    const done = await uploading;
    expect(done.statusCode, done.body).toBe(201);
    expect((await s.call('GET', '/api/courses')).json<CourseList>()).toMatchObject({ courses: [{ fileCount: 1 }], limits: { usedBytes: pdf.length } });
  });

  it('shows a staged upload nowhere until its command: not listed, served, read, found or counted', async () => {
    const s = await student(ctx.app);
    const other = await student(ctx.app);
    const course = await newCourse(s);
    const pdf = padded(['Inleiding', 'De zuurstofschuld van Wiebenga'], 300);
    const hold = holdBeforeCommand();
    const uploading = s.upload(course.id, pdf, 'Hoorcollege 4.pdf');
    await hold.reached;
    try {
      const [id] = await stagedIds(s.id);
      expect(id).toBeDefined();
      // everything is in the database, under a file that is not ready
      expect(await traces([id!], s.id)).toEqual({ files: 1, staged: 1, chunks: 2, pages: 2, entries: 2, marks: 1 });
      const base = `/api/courses/${course.id}`;
      const detail = (await s.call('GET', base)).json<CourseDetail>();
      expect(detail.files).toEqual([]);
      expect(detail.course.fileCount).toBe(0);
      expect(detail.limits.usedBytes).toBe(pdf.length);
      expect((await s.call('GET', '/api/courses')).json<CourseList>().courses[0]!.fileCount).toBe(0);
      for (const url of [`${base}/files/${id}/file`, `${base}/files/${id}/pages`]) {
        expect((await s.call('GET', url)).statusCode, url).toBe(404);
        expect((await other.call('GET', url)).statusCode, url).toBe(404);
      }
      expect((await s.call('GET', `${base}/files/${id}/file`, undefined, { range: 'bytes=0-99' })).statusCode).toBe(404);
      expect((await s.call('POST', `${base}/files/${id}/read`, { pages: [1] })).statusCode).toBe(404);
      expect((await s.call('DELETE', `${base}/files/${id}`)).statusCode).toBe(404);
      expect((await s.search('zuurstofschuld')).hits).toEqual([]);
      expect(await courseDirectory(ctx.app.services.uow).filesOf(s.id, course.id)).toEqual([]);
    } finally {
      hold.release();
    }
    const done = await uploading;
    expect(done.statusCode, done.body).toBe(201);
    const file = done.json<CourseFile>();
    expect(await stagedIds(s.id)).toEqual([]);
    expect(await traces([file.id], s.id)).toMatchObject({ files: 1, staged: 0, chunks: 2, pages: 2, entries: 2, marks: 0 });
    const whole = await s.call('GET', `/api/courses/${course.id}/files/${file.id}/file`);
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const range = await s.call('GET', `/api/courses/${course.id}/files/${file.id}/file`, undefined, { range: 'bytes=262140-262149' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(pdf.subarray(262140, 262150))).toBe(true);
    expect((await s.search('zuurstofschuld')).hits[0]).toMatchObject({ kind: 'page', fileId: file.id, page: 2, courseName: 'Sociale psychologie' });
    expect((await other.search('zuurstofschuld')).hits).toEqual([]);
    expect((await other.call('GET', `/api/courses/${course.id}/files/${file.id}/file`)).statusCode).toBe(404);
  });

  it('takes her storage as it stages: of two uploads that fit only alone, one is kept (two processes at once)', async () => {
    const s = await student(ctx.app);
    // two courses (Premium's), then free again: 3 MB of room
    await ctx.handle.db.updateTable('users').set({ has_subscription: 1 }).where('id', '=', s.id).execute();
    const c1 = await newCourse(s);
    const c2 = await newCourse(s, 'Statistiek');
    await ctx.handle.db.updateTable('users').set({ has_subscription: 0 }).where('id', '=', s.id).execute();
    // 1.8 MB twice does not fit. Straight to the service, as two API processes would
    // (one process admits one upload of hers at a time before reading its body).
    const spooled = async (label: string) => {
      const bytes = padded([label], 1800);
      const dir = await fsp.mkdtemp(join(tmpdir(), 'blok-test-upload-'));
      await fsp.writeFile(join(dir, 'upload'), bytes);
      return new SpooledFile(join(dir, 'upload'), dir, createHash('sha256').update(bytes).digest('base64url'), bytes.length, 'application/pdf');
    };
    const files = [await spooled('een'), await spooled('twee')];
    // each reads her storage and waits (up to half a second) for the other to read it too: without a
    // lock on her storage both find room, and both are kept
    const real = CoursesRepository.prototype.usedBytes;
    let other: (() => void) | null = null;
    const read = vi.spyOn(CoursesRepository.prototype, 'usedBytes').mockImplementation(async function (this: CoursesRepository, userId: string) {
      const n = await real.call(this, userId);
      if (other) other();
      else await new Promise<void>((r) => ((other = r), setTimeout(r, 500)));
      return n;
    });
    try {
      const results = await Promise.allSettled([ctx.app.services.courses.upload(s.id, c1.id, 'een.pdf', files[0]!), ctx.app.services.courses.upload(s.id, c2.id, 'twee.pdf', files[1]!)]);
      read.mockRestore();
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ code: 'storage_quota_exceeded' });
      const kept = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<CourseFile>).value;
      expect(await traces([kept.id], s.id)).toMatchObject({ files: 1, staged: 0, chunks: 8, marks: 0 });
      expect((await s.call('GET', '/api/courses')).json<CourseList>().limits.usedBytes).toBe(kept.bytes);
    } finally {
      for (const f of files) await f.discard();
    }
  });

  it('answers a retried upload with its first answer, staging nothing again', async () => {
    const s = await student(ctx.app);
    const course = await newCourse(s);
    const pdf = padded(['Herhaald'], 300);
    const key = randomUUID();
    const first = await s.upload(course.id, pdf, 'Hoorcollege 2.pdf', key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await s.upload(course.id, pdf, 'Hoorcollege 2.pdf', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await traces([first.json<CourseFile>().id], s.id)).toMatchObject({ files: 1, staged: 0, chunks: 2, pages: 1, entries: 1, marks: 0 });
  });

  it('leaves nothing of a refused PDF, nor of an upload whose course was deleted while it was staged', async () => {
    const s = await student(ctx.app);
    const course = await newCourse(s);
    for (const hostile of [pdfClaimingPages(1_000_000), pdfNestedWithoutEnd(200_000), Buffer.from('%PDF-1.7\nnothing else here')]) {
      const res = await s.upload(course.id, hostile);
      expect([413, 422]).toContain(res.statusCode);
    }
    expect(await traces([], s.id)).toEqual({ files: 0, staged: 0, chunks: 0, pages: 0, entries: 0, marks: 0 });

    // deleted while its pages were staged: the upload answers 404 and its staging goes
    const hold = holdBeforeCommand();
    const uploading = s.upload(course.id, padded(['Weggegooid college'], 300));
    await hold.reached;
    const [id] = await stagedIds(s.id);
    expect((await s.call('DELETE', `/api/courses/${course.id}`)).statusCode).toBe(204);
    hold.release();
    const res = await uploading;
    expect(res.statusCode, res.body).toBe(404);
    expect(await traces([id!], s.id)).toEqual({ files: 0, staged: 0, chunks: 0, pages: 0, entries: 0, marks: 0 });
    expect((await s.search('weggegooid')).hits).toEqual([]);
  });

  it('sweeps an upload whose command never came once it is older than the window, never a file of hers', async () => {
    const s = await student(ctx.app);
    const course = await newCourse(s);
    const kept = (await s.upload(course.id, padded(['Blijft staan'], 300), 'Blijft.pdf')).json<CourseFile>();
    // a process that stopped between staging and its command: held there while the sweep runs
    const hold = holdBeforeCommand();
    const uploading = s.upload(course.id, padded(['Achtergelaten college'], 300), 'Weg.pdf');
    await hold.reached;
    const [id] = await stagedIds(s.id);
    const courses = ctx.app.services.courses;
    // within the window: kept (its command may still come)
    expect(await courses.sweepStagedFiles(Date.now())).toBe(0);
    expect((await traces([id!], s.id)).staged).toBe(1);
    // past it: gone, in every table; her own file stays whole
    expect(await courses.sweepStagedFiles(Date.now() + (STAGED_FILE_HOURS + 1) * 3600_000)).toBe(1);
    expect(await traces([id!], s.id)).toEqual({ files: 1, staged: 0, chunks: 0, pages: 1, entries: 1, marks: 0 });
    const whole = await s.call('GET', `/api/courses/${course.id}/files/${kept.id}/file`);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(kept.bytes);
    expect((await s.call('GET', '/api/courses')).json<CourseList>().limits.usedBytes).toBe(kept.bytes);
    // its command, late, finds nothing to make hers
    hold.release();
    const late = await uploading;
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ error: 'conflict' });
    expect((await s.call('GET', `/api/courses/${course.id}`)).json<CourseDetail>().files.map((f) => f.name)).toEqual(['Blijft.pdf']);
    // the sweep is a leased job of every process
    expect(ctx.app.jobs.names).toContain('maintenance.sweep-staged-course-files');
  });
});
