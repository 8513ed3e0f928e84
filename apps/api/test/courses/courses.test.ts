import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, CourseFile, CourseList } from '@blok/contract';
import { DIALECTS, PASSWORD, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { makePdf, pdfClaimingPages, pdfNestedWithoutEnd, pdfWithCyclicPageTree, pdfWithJavaScript } from './pdf-maker.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';

async function student(app: TestApp) {
  const { headers, email } = await signedInUser(app);
  const call = (method: Method, url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, key: string = randomUUID()) => call(method, url, payload, { 'idempotency-key': key });
  const upload = (courseId: string, bytes: Buffer, name = 'Hoorcollege 1.pdf', key: string = randomUUID()) =>
    app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/files?name=${encodeURIComponent(name)}`,
      headers: { ...headers, 'idempotency-key': key, 'content-type': 'application/pdf' },
      payload: bytes,
    });
  return { email, headers, call, write, upload };
}

type Student = Awaited<ReturnType<typeof student>>;

async function newCourse(s: Student, body: Record<string, unknown> = {}): Promise<CourseDetail> {
  const res = await s.write('POST', '/api/courses', { name: 'Sociale psychologie', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function uploaded(s: Student, courseId: string, bytes: Buffer, name?: string): Promise<CourseFile> {
  const res = await s.upload(courseId, bytes, name);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe.each(DIALECTS)('her own courses on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { COURSE_FILE_MAX_MB: '2', COURSE_STORAGE_FREE_MB: '3', COURSE_FILE_MAX_PAGES: '50', COURSE_PDF_TIMEOUT_S: '20' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const premium = async (s: Student) => {
    await ctx.handle.db.updateTable('users').set({ has_subscription: 1 }).where('email', '=', s.email).execute();
  };

  it('adds, renames, dates and deletes a course; a free student has one, Premium more', async () => {
    const s = await student(ctx.app);
    expect((await s.call('GET', '/api/courses')).json()).toMatchObject({ courses: [], limits: { courses: 1, courseCount: 0, premium: false, fileBytes: 2 * 1024 * 1024, filePages: 50 } });

    const key = randomUUID();
    const first = await s.write('POST', '/api/courses', { name: '  Sociale psychologie ', code: 'PSY1023', period: 'Periode 2', examDate: '2031-01-20' }, key);
    const again = await s.write('POST', '/api/courses', { name: '  Sociale psychologie ', code: 'PSY1023', period: 'Periode 2', examDate: '2031-01-20' }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const course: CourseDetail = first.json();
    expect(course.course).toMatchObject({ name: 'Sociale psychologie', code: 'PSY1023', period: 'Periode 2', examDate: '2031-01-20', fileCount: 0 });
    expect(again.json().course.id).toBe(course.course.id);

    // the second course is Premium's
    const second = await s.write('POST', '/api/courses', { name: 'Statistiek' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'limit_reached' });
    expect(second.json().error_description).toContain('Premium');
    await premium(s);
    expect((await s.write('POST', '/api/courses', { name: 'Statistiek' })).statusCode).toBe(201);
    const list: CourseList = (await s.call('GET', '/api/courses')).json();
    expect(list.courses.map((c) => c.name)).toEqual(['Sociale psychologie', 'Statistiek']);
    expect(list.limits).toMatchObject({ courses: 15, courseCount: 2, premium: true });

    const renamed = await s.write('PUT', `/api/courses/${course.course.id}`, { name: 'Sociale psychologie 1', examDate: null });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().course).toMatchObject({ name: 'Sociale psychologie 1', code: 'PSY1023', examDate: null });

    const bad = await s.write('POST', '/api/courses', { name: '   ', examDate: '2031-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Geef het vak een naam.');

    expect((await s.write('DELETE', `/api/courses/${course.course.id}`)).statusCode).toBe(204);
    expect((await s.call('GET', `/api/courses/${course.course.id}`)).statusCode).toBe(404);
  });

  it('keeps a PDF in chunks, reads its pages, and answers Range requests with headers that run nothing', async () => {
    const s = await student(ctx.app);
    const { course } = await newCourse(s);
    const pages = ['Hoorcollege één: de cognitieve dissonantie', 'Tweede pagina over attributie', 'Derde pagina: het fundamentele attributiefout'];
    // a large one: about 600 KB (three chunks), with padding in a comment
    const pdf = Buffer.concat([makePdf(pages), Buffer.from(`%${'x'.repeat(600 * 1024)}\n`)]);
    const key = randomUUID();
    const file = await (async () => {
      const res = await s.upload(course.id, pdf, 'Hoorcollege 1 – sociale cognitie.pdf', key);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as CourseFile;
    })();
    expect(file).toMatchObject({ courseId: course.id, name: 'Hoorcollege 1 – sociale cognitie.pdf', bytes: pdf.length, pages: 3 });
    // the same upload retried is the same file, kept once
    const replay = await s.upload(course.id, pdf, 'Hoorcollege 1 – sociale cognitie.pdf', key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await s.call('GET', `/api/courses/${course.id}`)).json().files).toHaveLength(1);

    const text = await s.call('GET', `/api/courses/${course.id}/files/${file.id}/pages`);
    expect(text.json().pages.map((p: { text: string }) => p.text)).toEqual(pages);

    const base = `/api/courses/${course.id}/files/${file.id}/file`;
    const whole = await s.call('GET', base);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-length': String(pdf.length),
    });
    expect(whole.headers['content-disposition']).toBe(`inline; filename="Hoorcollege 1 - sociale cognitie.pdf"; filename*=UTF-8''Hoorcollege%201%20%E2%80%93%20sociale%20cognitie.pdf`);
    expect((await s.call('GET', `${base}?download=1`)).headers['content-disposition']).toMatch(/^attachment; /);

    // a range across a chunk boundary, an open range, a suffix range
    const across = await s.call('GET', base, undefined, { range: `bytes=${256 * 1024 - 10}-${256 * 1024 + 9}` });
    expect(across.statusCode).toBe(206);
    expect(across.headers['content-range']).toBe(`bytes ${256 * 1024 - 10}-${256 * 1024 + 9}/${pdf.length}`);
    expect(across.rawPayload.equals(pdf.subarray(256 * 1024 - 10, 256 * 1024 + 10))).toBe(true);
    const tail = await s.call('GET', base, undefined, { range: 'bytes=-100' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 100))).toBe(true);
    const open = await s.call('GET', base, undefined, { range: `bytes=${pdf.length - 5}-` });
    expect(open.rawPayload.equals(pdf.subarray(pdf.length - 5))).toBe(true);
    const past = await s.call('GET', base, undefined, { range: `bytes=${pdf.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
    expect(past.json()).toMatchObject({ error: 'range_not_satisfiable' });

    // deleting the file frees her storage
    expect((await s.write('DELETE', `/api/courses/${course.id}/files/${file.id}`)).statusCode).toBe(204);
    expect((await s.call('GET', base)).statusCode).toBe(404);
    expect((await s.call('GET', '/api/courses')).json().limits.usedBytes).toBe(0);
  });

  it('refuses what is not a PDF, too large, too many pages, built to exhaust a reader, or past her storage, in Dutch with a code', async () => {
    const s = await student(ctx.app);
    const { course } = await newCourse(s);
    const refused = async (bytes: Buffer, status: number, code: string, words: string) => {
      const res = await s.upload(course.id, bytes);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ error: code });
      expect(res.json().error_description).toContain(words);
    };
    await refused(Buffer.from('<html><script>alert(1)</script></html>'), 415, 'pdf_not_a_pdf', 'geen pdf');
    await refused(Buffer.from('PK\u0003\u0004 a zip file'), 415, 'pdf_not_a_pdf', 'geen pdf');
    await refused(Buffer.alloc(0), 415, 'pdf_not_a_pdf', 'leeg');
    await refused(Buffer.concat([makePdf(['x']), Buffer.alloc(2 * 1024 * 1024)]), 413, 'file_too_large', '2 MB');
    await refused(pdfClaimingPages(1_000_000), 413, 'pdf_too_many_pages', "meer dan 50 pagina's");
    await refused(makePdf(Array.from({ length: 51 }, (_, i) => `Pagina ${i + 1}`)), 413, 'pdf_too_many_pages', "meer dan 50 pagina's");
    await refused(pdfNestedWithoutEnd(200_000), 422, 'pdf_damaged', 'pdf');
    await refused(pdfWithCyclicPageTree(), 422, 'pdf_damaged', 'pdf');
    await refused(Buffer.from('%PDF-1.7\nnothing else here'), 422, 'pdf_damaged', 'pdf');
    expect((await s.call('GET', `/api/courses/${course.id}`)).json().files).toEqual([]);

    // JavaScript inside is kept as bytes, never run; the text is read
    const js = await uploaded(s, course.id, pdfWithJavaScript('Tekst naast een script'));
    expect((await s.call('GET', `/api/courses/${course.id}/files/${js.id}/pages`)).json().pages[0].text).toBe('Tekst naast een script');

    // storage: 3 MB free; two files of 1.5 MB fit... the third does not
    const big = (label: string) => Buffer.concat([makePdf([label]), Buffer.from(`%${'y'.repeat(1.4 * 1024 * 1024)}\n`)]);
    await uploaded(s, course.id, big('een'));
    await uploaded(s, course.id, big('twee'));
    const over = await s.upload(course.id, big('drie'));
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json()).toMatchObject({ error: 'storage_quota_exceeded' });
    expect(over.json().error_description).toContain('Premium');
  }, 120_000);

  it("answers 404 for another student's course, file and upload, and forgets her files with her account", async () => {
    const owner = await student(ctx.app);
    const other = await student(ctx.app);
    const { course } = await newCourse(owner);
    const file = await uploaded(owner, course.id, makePdf(['Alleen van haar']));
    const base = `/api/courses/${course.id}`;
    for (const [method, url] of [
      ['GET', base],
      ['GET', `${base}/files/${file.id}/file`],
      ['GET', `${base}/files/${file.id}/pages`],
    ] as const) {
      expect((await other.call(method, url)).statusCode, url).toBe(404);
    }
    expect((await other.write('PUT', base, { name: 'Van mij' })).statusCode).toBe(404);
    expect((await other.write('DELETE', `${base}/files/${file.id}`)).statusCode).toBe(404);
    expect((await other.write('DELETE', base)).statusCode).toBe(404);
    expect((await other.upload(course.id, makePdf(['Indringer']))).statusCode).toBe(404);
    // her file id under another course of the other student's is not found either
    const { course: theirs } = await newCourse(other);
    expect((await other.call('GET', `/api/courses/${theirs.id}/files/${file.id}/file`)).statusCode).toBe(404);
    expect((await owner.call('GET', `${base}/files/${file.id}/file`)).statusCode).toBe(200);

    // her account goes: her courses, files, chunks and pages go with it
    const me = (await owner.call('GET', '/api/user/profile')).json();
    const del = await owner.write('DELETE', '/api/user/profile', { password: PASSWORD });
    expect([200, 204]).toContain(del.statusCode);
    const left = await ctx.handle.db.selectFrom('course_files').select('id').where('user_id', '=', me.id).execute();
    const chunks = await ctx.handle.db.selectFrom('course_file_chunks').select('idx').where('file_id', '=', file.id).execute();
    expect([left.length, chunks.length]).toEqual([0, 0]);
  });
});
