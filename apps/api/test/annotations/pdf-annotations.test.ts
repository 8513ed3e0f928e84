import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseAnnotations, CourseDetail, CourseFile, CreatePdfAnnotationBody, PdfAnnotation } from '@blok/contract';
import { describeRange } from '@blok/domain/anchoring';
import { DIALECTS, PASSWORD, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { makePdf } from '../courses/pdf-maker.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function student(app: TestApp) {
  const { headers } = await signedInUser(app);
  const call = (method: Method, url: string, payload?: unknown, key?: string) =>
    app.inject({ method, url, headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const write = (method: Exclude<Method, 'GET'>, url: string, payload?: unknown, key: string = randomUUID()) => call(method, url, payload, key);
  return { call, write, headers, app };
}
type Student = Awaited<ReturnType<typeof student>>;

const PAGES = ['Hoorcollege 3: sociale cognitie', 'Cognitieve dissonantie ontstaat wanneer gedrag en overtuiging botsen. Daarna volgt attributie.'];

async function courseWithFile(s: Student, pages = PAGES): Promise<{ course: CourseDetail['course']; file: CourseFile }> {
  const created = await s.write('POST', '/api/courses', { name: 'Sociale psychologie' });
  expect(created.statusCode, created.body).toBe(201);
  const { course } = created.json() as CourseDetail;
  const upload = await s.app.inject({
    method: 'POST',
    url: `/api/courses/${course.id}/files?name=${encodeURIComponent('Hoorcollege 3.pdf')}`,
    headers: { ...s.headers, 'idempotency-key': randomUUID(), 'content-type': 'application/pdf' },
    payload: makePdf(pages),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  return { course, file: upload.json() as CourseFile };
}

/** A highlight of `quote` on a page, anchored in that page's text as the viewer's text layer has it. */
function body(page: number, quote: string, extra: Partial<CreatePdfAnnotationBody> = {}): CreatePdfAnnotationBody {
  const text = PAGES[page - 1] ?? PAGES[0]!;
  const start = Math.max(0, text.indexOf(quote));
  return { id: randomUUID(), color: 'yellow', anchor: { page, ...describeRange(text, start, start + quote.length) }, ...extra };
}

describe.each(DIALECTS)('highlights and notes in her PDFs on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { COURSES_FREE: '3', COURSE_PDF_TIMEOUT_S: '20' });
  });
  afterAll(async () => ctx?.close());

  const count = async (column: 'file_id' | 'course_id' | 'user_id', value: string) =>
    (await ctx.handle.db.selectFrom('course_file_annotations').select('id').where(column, '=', value).execute()).length;

  it('creates, lists, edits and deletes her highlights and notes, each key once', async () => {
    const s = await student(ctx.app);
    const { course, file } = await courseWithFile(s);
    const url = `/api/courses/${course.id}/files/${file.id}/annotations`;

    const noted = body(2, 'Cognitieve dissonantie', { color: 'blue', note: '  Vraag op het tentamen!  ' });
    const key = randomUUID();
    const created = await s.write('POST', url, noted, key);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id: noted.id, courseId: course.id, fileId: file.id, color: 'blue', note: 'Vraag op het tentamen!', anchor: noted.anchor });
    const again = await s.write('POST', url, noted, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(created.json());
    // the same id again under another key is her app's mistake
    expect((await s.write('POST', url, noted)).statusCode).toBe(409);

    const title = body(1, 'sociale cognitie');
    const later = body(2, 'attributie', { color: 'green' });
    expect((await s.write('POST', url, later)).statusCode).toBe(201);
    expect((await s.write('POST', url, title)).statusCode).toBe(201);

    let listed = (await s.call('GET', `/api/courses/${course.id}/annotations`)).json() as CourseAnnotations;
    // by page, then by place on the page
    expect(listed.annotations.map((a) => [a.id, a.anchor.page, a.fileName])).toEqual([
      [title.id, 1, 'Hoorcollege 3.pdf'],
      [noted.id, 2, 'Hoorcollege 3.pdf'],
      [later.id, 2, 'Hoorcollege 3.pdf'],
    ]);

    const patched = await s.write('PATCH', `/api/pdf-annotations/${noted.id}`, { note: 'Herlezen voor het tentamen', color: 'pink' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json() as PdfAnnotation).toMatchObject({ note: 'Herlezen voor het tentamen', color: 'pink', anchor: noted.anchor });
    expect((await s.write('PATCH', `/api/pdf-annotations/${noted.id}`, { note: '' })).json().note).toBeNull();
    expect((await s.write('PATCH', `/api/pdf-annotations/${noted.id}`, {})).statusCode).toBe(400);

    const deleteKey = randomUUID();
    expect((await s.write('DELETE', `/api/pdf-annotations/${later.id}`, undefined, deleteKey)).statusCode).toBe(204);
    const repeat = await s.write('DELETE', `/api/pdf-annotations/${later.id}`, undefined, deleteKey);
    expect([repeat.statusCode, repeat.headers['idempotent-replayed']]).toEqual([204, 'true']);
    expect((await s.write('DELETE', `/api/pdf-annotations/${later.id}`)).statusCode).toBe(404);

    listed = (await s.call('GET', `/api/courses/${course.id}/annotations`)).json() as CourseAnnotations;
    expect(listed.annotations.map((a) => [a.id, a.color, a.note])).toEqual([
      [title.id, 'yellow', null],
      [noted.id, 'pink', null],
    ]);
  });

  it('refuses bad anchors with 400 and stores nothing', async () => {
    const s = await student(ctx.app);
    const { course, file } = await courseWithFile(s);
    const url = `/api/courses/${course.id}/files/${file.id}/annotations`;
    const good = body(2, 'gedrag');
    const bad: Array<[string, unknown]> = [
      ['a page past the end', { ...good, anchor: { ...good.anchor, page: 3 } }],
      ['page 0', { ...good, anchor: { ...good.anchor, page: 0 } }],
      ['no page', { ...good, anchor: { quote: good.anchor.quote, position: good.anchor.position } }],
      ['an empty quote', { ...good, anchor: { ...good.anchor, quote: { ...good.anchor.quote, exact: '   ' } } }],
      ['the end before the start', { ...good, anchor: { ...good.anchor, position: { start: 10, end: 4 } } }],
      ['a quote longer than its place', { ...good, anchor: { ...good.anchor, position: { start: good.anchor.position.start, end: good.anchor.position.start + 2 } } }],
      ['a colour not offered', { ...good, color: 'red' }],
      ['an id not made by the app', { ...good, id: 'mijn-markering' }],
    ];
    for (const [what, payload] of bad) {
      const res = await s.write('POST', url, payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error, what).toMatch(/^(validation_failed|invalid_request)$/);
    }
    const past = await s.write('POST', url, { ...good, anchor: { ...good.anchor, page: 3 } });
    expect(past.json().error_description).toContain("2 pagina's");
    expect(await count('file_id', file.id)).toBe(0);
    expect((await s.write('POST', url, good)).statusCode).toBe(201);
  });

  it("answers 404 for another student's course, file and highlight", async () => {
    const owner = await student(ctx.app);
    const other = await student(ctx.app);
    const { course, file } = await courseWithFile(owner);
    const mine = body(1, 'sociale cognitie', { note: 'Alleen van mij' });
    expect((await owner.write('POST', `/api/courses/${course.id}/files/${file.id}/annotations`, mine)).statusCode).toBe(201);

    expect((await other.call('GET', `/api/courses/${course.id}/annotations`)).statusCode).toBe(404);
    expect((await other.write('POST', `/api/courses/${course.id}/files/${file.id}/annotations`, body(1, 'sociale'))).statusCode).toBe(404);
    expect((await other.write('PATCH', `/api/pdf-annotations/${mine.id}`, { note: 'Van mij' })).statusCode).toBe(404);
    expect((await other.write('DELETE', `/api/pdf-annotations/${mine.id}`)).statusCode).toBe(404);
    // her file under a course of the other student's is not found either
    const { course: theirs } = await courseWithFile(other);
    expect((await other.write('POST', `/api/courses/${theirs.id}/files/${file.id}/annotations`, body(1, 'sociale'))).statusCode).toBe(404);
    // and a file id that is no file at all
    expect((await owner.write('POST', `/api/courses/${course.id}/files/${randomUUID()}/annotations`, body(1, 'sociale'))).statusCode).toBe(404);
    expect((await other.call('GET', `/api/courses/${theirs.id}/annotations`)).json().annotations).toEqual([]);
    // untouched
    const listed = (await owner.call('GET', `/api/courses/${course.id}/annotations`)).json() as CourseAnnotations;
    expect(listed.annotations.map((a) => [a.id, a.note])).toEqual([[mine.id, 'Alleen van mij']]);
  });

  it('goes with her file, her course and her account', async () => {
    const s = await student(ctx.app);
    const { course, file } = await courseWithFile(s);
    const url = (fileId: string) => `/api/courses/${course.id}/files/${fileId}/annotations`;
    expect((await s.write('POST', url(file.id), body(1, 'Hoorcollege'))).statusCode).toBe(201);
    const second = (await s.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/files?name=tweede.pdf`,
      headers: { ...s.headers, 'idempotency-key': randomUUID(), 'content-type': 'application/pdf' },
      payload: makePdf(PAGES),
    })).json() as CourseFile;
    expect((await s.write('POST', url(second.id), body(2, 'attributie'))).statusCode).toBe(201);
    expect((await s.write('POST', url(second.id), body(1, 'sociale'))).statusCode).toBe(201);
    // the newest file first, as the course lists its files
    const listed = (await s.call('GET', `/api/courses/${course.id}/annotations`)).json() as CourseAnnotations;
    expect(listed.annotations.map((a) => [a.fileName, a.anchor.page])).toEqual([
      ['tweede.pdf', 1],
      ['tweede.pdf', 2],
      ['Hoorcollege 3.pdf', 1],
    ]);

    // the file deleted: its highlights go, the other file's stay
    expect((await s.write('DELETE', `/api/courses/${course.id}/files/${file.id}`)).statusCode).toBe(204);
    expect([await count('file_id', file.id), await count('file_id', second.id)]).toEqual([0, 2]);
    // the course deleted: all of its highlights go
    expect((await s.write('DELETE', `/api/courses/${course.id}`)).statusCode).toBe(204);
    expect(await count('course_id', course.id)).toBe(0);
    expect((await s.call('GET', `/api/courses/${course.id}/annotations`)).statusCode).toBe(404);

    // her account deleted: every highlight in her PDFs goes with it
    const again = await courseWithFile(s);
    expect((await s.write('POST', `/api/courses/${again.course.id}/files/${again.file.id}/annotations`, body(2, 'gedrag'))).statusCode).toBe(201);
    const me = (await s.call('GET', '/api/user/profile')).json() as { id: string };
    expect(await count('user_id', me.id)).toBe(1);
    const gone = await s.write('DELETE', '/api/user/profile', { password: PASSWORD });
    expect([200, 204]).toContain(gone.statusCode);
    expect(await count('user_id', me.id)).toBe(0);
  });
});
