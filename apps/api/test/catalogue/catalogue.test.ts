import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '@blok/content/catalogue';
import { CatalogueSchema, type AdminCatalogue, type AuditList, type Catalogue, type CourseInfoInput, type Library, type StudioDocument, type StudioDraft } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { withAvailability } from '../../src/library/catalogue-availability.ts';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { DIALECTS, createTestApp, fixedResolver, registerUser, signedInUser, type TestApp, type TestContext } from '../helpers.ts';

/** fx-psychologie (psychologie, bachelor 1), fx-recht (rechtsgeleerdheid, bachelor 1), fx-economie (economie, bachelor 2). */
const LIBRARY_DIR = join(import.meta.dirname, '..', 'fixtures', 'library-courses');
const BASE = '/universities/uva/studies/psychologie';

const COURSE: CourseInfoInput = {
  vaknaam: 'Brugvak statistiek',
  percentage: 40,
  header_afbeelding: 'laptop',
  titeltekst: 'Haal je premaster',
  bodytekst: 'Met Blok haal je de premaster in één keer.',
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function member(app: TestApp) {
  const u = await signedInUser(app);
  /** a call below /api/studio/catalogue, a write with its own Idempotency-Key */
  const call = (method: Method, url: string, payload?: unknown, key: string = randomUUID()) =>
    app.inject({
      method,
      url: `/api/studio/catalogue${url}`,
      headers: { ...u.headers, ...(method === 'GET' ? {} : { 'idempotency-key': key }) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (method: Method, url: string, payload?: unknown) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json() as AdminCatalogue;
  };
  return { ...u, call, ok };
}

const yearOf = (c: AdminCatalogue, u: string, s: string, y: string) => c.universities.find((x) => x.id === u)?.studies.find((x) => x.id === s)?.years.find((x) => x.id === y);

describe.each(DIALECTS)('the catalogue in the studio on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, LIBRARY_DIR, { dialect });
    admin = await member(ctx.app);
    await ctx.app.services.studio.setRole(null, admin.email, 'admin');
  });
  afterAll(async () => ctx?.close());

  it('seeds the demo catalogue once, and GET /api/catalogue answers exactly what the code held', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/catalogue' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const expected = withAvailability(CatalogueSchema.parse({ universities: CATALOGUE }), await ctx.app.services.library.layersWithContent());
    expect(res.json()).toEqual(expected);
    // the seed runs once: a second start (or a second process) puts nothing in again
    expect(await ctx.app.services.catalogue.seed(CATALOGUE)).toBe(false);
  });

  it('answers 404 to students, authors and editors on every call, and 401 without a sign-in', async () => {
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', '/'],
      ['POST', '/universities', { id: 'nope', name: 'Nee', shortName: 'N' }],
      ['PUT', '/universities/uva', { name: 'Nee', shortName: 'N' }],
      ['DELETE', '/universities/uva'],
      ['POST', '/universities/uva/studies', { id: 'nope', name: 'Nee' }],
      ['PUT', BASE, { name: 'Nee' }],
      ['DELETE', BASE],
      ['POST', `${BASE}/years`, { id: 'nope', name: 'Nee', courseInfo: COURSE }],
      ['PUT', `${BASE}/years/bachelor-1`, { name: 'Nee' }],
      ['PUT', `${BASE}/years/bachelor-1/course`, { courseInfo: COURSE }],
      ['PUT', `${BASE}/years/bachelor-1/subjects`, { subjectIds: [] }],
      ['DELETE', `${BASE}/years/bachelor-1`],
    ];
    const student = await member(ctx.app);
    const author = await member(ctx.app);
    const editor = await member(ctx.app);
    await ctx.app.services.studio.setRole(null, author.email, 'author');
    await ctx.app.services.studio.setRole(null, editor.email, 'editor');
    for (const who of [student, author, editor]) {
      for (const [method, url, payload] of calls) {
        const res = await who.call(method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    for (const [method, url, payload] of calls) {
      const res = await ctx.app.inject({ method, url: `/api/studio/catalogue${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    // nothing changed
    const view = await admin.ok('GET', '/');
    expect(view.universities.some((u) => u.id === 'nope')).toBe(false);
    expect(yearOf(view, 'uva', 'psychologie', 'bachelor-1')!.name).toBe('Bachelor 1');
  });

  it('creates, renames and removes universities, studies and years; a choice a student made is not removed (409)', async () => {
    let view = await admin.ok('POST', '/universities', { id: 'ou', name: 'Open Universiteit', shortName: 'OU' });
    expect(view.universities.at(-1)).toMatchObject({ id: 'ou', name: 'Open Universiteit', shortName: 'OU', studies: [] });
    expect((await admin.call('POST', '/universities', { id: 'ou', name: 'Dubbel', shortName: 'D' })).json()).toMatchObject({ error: 'catalogue_exists' });
    view = await admin.ok('PUT', '/universities/ou', { name: 'Open Universiteit Nederland', shortName: 'OUNL' });
    expect(view.universities.find((u) => u.id === 'ou')).toMatchObject({ name: 'Open Universiteit Nederland', shortName: 'OUNL' });
    await admin.ok('POST', '/universities/ou/studies', { id: 'psychologie', name: 'Psychologie' });
    expect((await admin.call('POST', '/universities/ou/studies', { id: 'psychologie', name: 'Nog eens' })).statusCode).toBe(409);
    view = await admin.ok('PUT', '/universities/ou/studies/psychologie', { name: 'Psychologie (deeltijd)' });
    expect(view.universities.find((u) => u.id === 'ou')!.studies[0]!.name).toBe('Psychologie (deeltijd)');
    view = await admin.ok('POST', '/universities/ou/studies/psychologie/years', { id: 'bachelor-1', name: 'Bachelor 1', courseInfo: COURSE });
    // the study year is psychologie bachelor 1 everywhere: the library's subjects come with it
    expect(yearOf(view, 'ou', 'psychologie', 'bachelor-1')).toMatchObject({ name: 'Bachelor 1', courseInfo: COURSE, subjectIds: ['fx-psychologie'] });
    view = await admin.ok('PUT', '/universities/ou/studies/psychologie/years/bachelor-1', { name: 'Propedeuse' });
    expect(yearOf(view, 'ou', 'psychologie', 'bachelor-1')!.name).toBe('Propedeuse');

    // bad input: 400 with a code, never a 500
    for (const [method, url, payload] of [
      ['POST', '/universities', { id: 'Met Spaties', name: 'X', shortName: 'X' }],
      ['POST', '/universities', { id: 'leeg', name: '   ', shortName: 'X' }],
      ['PUT', '/universities/ou/studies/psychologie/years/bachelor-1/course', { courseInfo: { ...COURSE, percentage: 101 } }],
      ['PUT', '/universities/ou/studies/psychologie/years/bachelor-1/course', { courseInfo: { ...COURSE, header_afbeelding: 'kat' } }],
    ] as Array<[Method, string, unknown]>) {
      const res = await admin.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
    expect((await admin.call('PUT', '/universities/nergens', { name: 'X', shortName: 'X' })).statusCode).toBe(404);
    expect((await admin.call('DELETE', '/universities/ou/studies/psychologie/years/master')).statusCode).toBe(404);

    // a student chooses it: the year, its study and its university stay
    const { res } = await registerUser(ctx.app, { university: 'ou', study: 'psychologie', year: 'bachelor-1' });
    expect(res.statusCode).toBe(200);
    for (const url of ['/universities/ou/studies/psychologie/years/bachelor-1', '/universities/ou/studies/psychologie', '/universities/ou']) {
      const refused = await admin.call('DELETE', url);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'catalogue_in_use' });
      expect(refused.json().error_description).toContain('1 student');
    }
    // a year nobody chose goes; a study and university nobody chose go with their years
    await admin.ok('POST', '/universities/ou/studies/psychologie/years', { id: 'master', name: 'Master', courseInfo: COURSE });
    view = await admin.ok('DELETE', '/universities/ou/studies/psychologie/years/master');
    expect(yearOf(view, 'ou', 'psychologie', 'master')).toBeUndefined();
    await admin.ok('POST', '/universities', { id: 'leeg', name: 'Lege Universiteit', shortName: 'LU' });
    await admin.ok('POST', '/universities/leeg/studies', { id: 'informatica', name: 'Informatica' });
    await admin.ok('POST', '/universities/leeg/studies/informatica/years', { id: 'bachelor-1', name: 'Bachelor 1', courseInfo: COURSE });
    view = await admin.ok('DELETE', '/universities/leeg/studies/informatica');
    expect(view.universities.find((u) => u.id === 'leeg')!.studies).toEqual([]);
    view = await admin.ok('DELETE', '/universities/leeg');
    expect(view.universities.some((u) => u.id === 'leeg')).toBe(false);
    // the Welcome step sees the change at once
    const welcome = (await ctx.app.inject({ method: 'GET', url: '/api/catalogue' })).json() as Catalogue;
    expect(welcome.universities.find((u) => u.id === 'ou')!.studies[0]!.years.map((y) => y.name)).toEqual(['Propedeuse']);
    expect(welcome.universities.some((u) => u.id === 'leeg')).toBe(false);
  });

  it("edits a year's sample course: the Welcome step shows it", async () => {
    const course = { ...COURSE, vaknaam: 'Inleiding in de psychologie', titeltekst: 'Haal je eerste tentamen', bodytekst: 'Nieuwe tekst voor UvA-studenten.', percentage: 80 };
    const view = await admin.ok('PUT', `${BASE}/years/bachelor-1/course`, { courseInfo: course });
    expect(yearOf(view, 'uva', 'psychologie', 'bachelor-1')!.courseInfo).toEqual(course);
    const welcome = (await ctx.app.inject({ method: 'GET', url: '/api/catalogue' })).json() as Catalogue;
    const year = welcome.universities.find((u) => u.id === 'uva')!.studies.find((s) => s.id === 'psychologie')!.years.find((y) => y.id === 'bachelor-1')!;
    expect(year.courseInfo).toEqual({ ...course, available: true });
    // another university's same study year keeps its own course
    const vu = welcome.universities.find((u) => u.id === 'vu')!.studies.find((s) => s.id === 'psychologie')!.years.find((y) => y.id === 'bachelor-1')!;
    expect(vu.courseInfo.bodytekst).toContain('aan de VU');
  });

  it('registers a student into a newly added year, refuses one that is gone, and lets her move into it', async () => {
    const choice = { university: 'uva', study: 'psychologie', year: 'premaster' };
    expect((await registerUser(ctx.app, choice)).res.statusCode).toBe(400);
    await admin.ok('POST', `${BASE}/years`, { id: 'premaster', name: 'Premaster', courseInfo: COURSE });
    const welcome = (await ctx.app.inject({ method: 'GET', url: '/api/catalogue' })).json() as Catalogue;
    const year = welcome.universities.find((u) => u.id === 'uva')!.studies.find((s) => s.id === 'psychologie')!.years.at(-1)!;
    // no subject yet: the Welcome step says so honestly
    expect(year).toMatchObject({ id: 'premaster', name: 'Premaster', courseInfo: { available: false, vaknaam: COURSE.vaknaam } });
    expect((await registerUser(ctx.app, choice)).res.statusCode).toBe(200);
    // the profile's study choice accepts it too
    const other = await signedInUser(ctx.app);
    const moved = await ctx.app.inject({ method: 'PUT', url: '/api/user/profile', headers: other.headers, payload: { firstName: 'Sam', middleName: '', lastName: 'Jansen', ...choice } });
    expect(moved.statusCode, moved.body).toBe(200);
    await admin.ok('POST', `${BASE}/years`, { id: 'schakeljaar', name: 'Schakeljaar', courseInfo: COURSE });
    await admin.ok('DELETE', `${BASE}/years/schakeljaar`);
    expect((await registerUser(ctx.app, { ...choice, year: 'schakeljaar' })).res.statusCode).toBe(400);
  });

  it("puts a subject added to a study year in that student's library, and keeps every subject in some year", async () => {
    await admin.ok('POST', `${BASE}/years`, { id: 'msc-forensisch', name: 'MSc Forensisch', courseInfo: COURSE });
    const student = await registerUser(ctx.app, { university: 'uva', study: 'psychologie', year: 'msc-forensisch' });
    const library = async () =>
      ((await ctx.app.inject({ method: 'GET', url: '/api/library', headers: { authorization: `Bearer ${student.tokens!.access_token}` } })).json() as Library).subjects.map((s) => s.id);
    expect(await library()).toEqual([]);

    const view = await admin.ok('PUT', `${BASE}/years/msc-forensisch/subjects`, { subjectIds: ['fx-recht', 'fx-psychologie', 'fx-recht'] });
    expect(yearOf(view, 'uva', 'psychologie', 'msc-forensisch')!.subjectIds.sort()).toEqual(['fx-psychologie', 'fx-recht']);
    // the same study year at another university holds them too: the library matches study and year
    expect(yearOf(view, 'uva', 'psychologie', 'bachelor-1')!.subjectIds).toEqual(['fx-psychologie']);
    expect((await library()).sort()).toEqual(['fx-psychologie', 'fx-recht']);
    const welcome = (await ctx.app.inject({ method: 'GET', url: '/api/catalogue' })).json() as Catalogue;
    expect(welcome.universities.find((u) => u.id === 'uva')!.studies.find((s) => s.id === 'psychologie')!.years.find((y) => y.id === 'msc-forensisch')!.courseInfo.available).toBe(true);

    await admin.ok('PUT', `${BASE}/years/msc-forensisch/subjects`, { subjectIds: ['fx-psychologie'] });
    expect(await library()).toEqual(['fx-psychologie']);
    // fx-psychologie's only other year is bachelor 1: taking it from both would leave it in none
    await admin.ok('PUT', `${BASE}/years/msc-forensisch/subjects`, { subjectIds: [] });
    const refused = await admin.call('PUT', `${BASE}/years/bachelor-1/subjects`, { subjectIds: [] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'subject_needs_a_year' });
    expect((await admin.call('PUT', `${BASE}/years/msc-forensisch/subjects`, { subjectIds: ['bestaat-niet'] })).statusCode).toBe(404);
  });

  it("carries a study year's change into the subject's open draft and the studio's view, so a publish keeps it", async () => {
    const draft = (await ctx.app.inject({ method: 'GET', url: '/api/studio/subjects/fx-economie/draft', headers: admin.headers })).json() as StudioDraft;
    expect(draft.document.audiences).toEqual([{ study: 'economie-en-bedrijfseconomie', year: 'bachelor-2' }]);
    const doc: StudioDocument = { ...draft.document, title: `${draft.document.title} (herzien)` };
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/studio/subjects/fx-economie/draft', headers: { ...admin.headers, 'idempotency-key': randomUUID() }, payload: { document: doc } });
    expect(saved.statusCode, saved.body).toBe(200);
    await admin.ok('PUT', '/universities/uva/studies/economie-en-bedrijfseconomie/years/bachelor-3/subjects', { subjectIds: ['fx-economie'] });
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/studio/subjects/fx-economie/draft', headers: admin.headers })).json() as StudioDraft;
    expect(after.document.audiences).toEqual([
      { study: 'economie-en-bedrijfseconomie', year: 'bachelor-2' },
      { study: 'economie-en-bedrijfseconomie', year: 'bachelor-3' },
    ]);
    expect(after.document.title).toContain('(herzien)');
    for (const step of ['submit', 'publish']) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/studio/subjects/fx-economie/${step}`, headers: { ...admin.headers, 'idempotency-key': randomUUID() } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const view = await admin.ok('GET', '/');
    expect(yearOf(view, 'uva', 'economie-en-bedrijfseconomie', 'bachelor-3')!.subjectIds).toEqual(['fx-economie']);
    // after the release, a change of its years shows in the studio's document too
    await admin.ok('PUT', '/universities/uva/studies/economie-en-bedrijfseconomie/years/bachelor-3/subjects', { subjectIds: [] });
    const published = (await ctx.app.inject({ method: 'GET', url: '/api/studio/subjects/fx-economie/draft', headers: admin.headers })).json() as StudioDraft;
    expect(published.document.audiences).toEqual([{ study: 'economie-en-bedrijfseconomie', year: 'bachelor-2' }]);
  });

  it('writes every change to the audit log and answers a repeated command from its Idempotency-Key', async () => {
    const key = randomUUID();
    const first = await admin.call('POST', '/universities', { id: 'tue', name: 'TU Eindhoven', shortName: 'TU/e' }, key);
    expect(first.statusCode).toBe(200);
    const again = await admin.call('POST', '/universities', { id: 'tue', name: 'TU Eindhoven', shortName: 'TU/e' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    await admin.ok('PUT', `${BASE}/years/bachelor-2/course`, { courseInfo: COURSE });
    const audit = (await ctx.app.inject({ method: 'GET', url: '/api/studio/audit', headers: admin.headers })).json() as AuditList;
    const actions = audit.entries.map((e) => e.action);
    expect(actions.filter((a) => a === 'catalogue.university.add').length).toBeGreaterThanOrEqual(3);
    for (const action of ['catalogue.university.rename', 'catalogue.university.remove', 'catalogue.study.add', 'catalogue.study.rename', 'catalogue.study.remove', 'catalogue.year.add', 'catalogue.year.rename', 'catalogue.year.course', 'catalogue.year.remove', 'catalogue.year.subjects']) {
      expect(actions, action).toContain(action);
    }
    expect(audit.entries.find((e) => e.action === 'catalogue.year.course')).toMatchObject({ who: admin.email, detail: `uva/psychologie/bachelor-2: ${COURSE.vaknaam}` });
    // the refused 409s and 404s above left no entry
    expect(audit.entries.filter((e) => e.action === 'catalogue.university.add' && e.detail.startsWith('tue')).length).toBe(1);
  });

  it("shows another API process's change within seconds (its copy is versioned)", async () => {
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'error', SEED_DEMO: 'false', JOBS: 'off' });
    const second = await buildApp({ env, database: ctx.handle, serveWeb: false, pushResolver: fixedResolver() });
    await second.ready();
    try {
      const names = async (app: TestApp) => ((await app.inject({ method: 'GET', url: '/api/catalogue' })).json() as Catalogue).universities.map((u) => u.id);
      expect(await names(second)).not.toContain('uvt');
      await admin.ok('POST', '/universities', { id: 'uvt', name: 'Universiteit voor Tests', shortName: 'UvT' });
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect(await names(second)).toContain('uvt');
      expect(await second.services.catalogue.isValidChoice('uvt', 'psychologie', 'bachelor-1')).toBe(false);
    } finally {
      await second.close();
    }
  });
});
