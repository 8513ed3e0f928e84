import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue, HomeBanner, Library, LibrarySuggestions, SubjectSearchResult } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, bearer, createTestApp, registerUser, type TestContext } from '../helpers.ts';

// Issue 13: the honest library of later years ('Populair bij jouw studie'), a search that folds
// accents and case on both dialects, and a Welcome step that promises no course Blok lacks.

const FIXTURES = resolve(import.meta.dirname, '../fixtures/library-later-years');

describe.each(DIALECTS)('library for later years on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_IP: '1000' });
    await importContent(ctx.handle.db, FIXTURES, { dialect });
  });
  afterAll(async () => ctx?.close());

  async function student(study: string, year: string) {
    const r = await registerUser(ctx.app, { university: 'uu', study, year });
    if (!r.tokens) throw new Error(`register failed: ${r.res.body}`);
    const headers = bearer(r.tokens.access_token);
    return (method: 'GET' | 'PUT' | 'DELETE', url: string) => ctx.app.inject({ method, url, headers });
  }
  const ids = (body: { subjects: Array<{ id: string }> }) => body.subjects.map((s) => s.id);

  it('tells a student with an empty library so on Home, without selling her Premium chapters (issue 26)', async () => {
    const call = await student('psychologie', 'bachelor-3');
    expect(ids((await call('GET', '/api/library')).json() as Library)).toEqual([]);
    const banner = (await call('GET', '/api/home-banner/')).json() as HomeBanner;
    expect(banner).toEqual({ message: 'empty', firstName: '', readChapterCount: 0, link: '/shop' });
    expect(ids((await call('GET', '/api/library/suggestions')).json() as LibrarySuggestions)).toEqual(['fx-ethiek', 'fx-ontwikkeling', 'fx-opvoeding']);
    // once she adds a subject, the banner is the usual one again, with the offer
    expect((await call('PUT', '/api/library/fx-ethiek')).statusCode).toBe(204);
    expect((await call('GET', '/api/home-banner/')).json()).toMatchObject({ message: 'start', userMessage: { code: 'premium' } });
  });

  it('suggests a Master student the earlier years of her study first, then related studies, never an unrelated one', async () => {
    const call = await student('psychologie', 'master');
    expect(ids((await call('GET', '/api/library')).json() as Library)).toEqual(['fx-interventies']);
    const res = await call('GET', '/api/library/suggestions');
    expect(res.statusCode).toBe(200);
    const body = res.json() as LibrarySuggestions;
    expect(body.subjects.map((s) => [s.id, s.reason])).toEqual([
      ['fx-ethiek', 'earlier_year'],
      ['fx-ontwikkeling', 'earlier_year'],
      ['fx-jeugdzorg', 'related'],
      ['fx-opvoeding', 'related'],
    ]);
    expect(body.subjects[0]).toEqual({
      id: 'fx-ethiek',
      title: 'Ethiek en Sociale filosofie',
      description: 'Morele theorieën van Aristoteles tot Rawls.',
      summaryCount: 1,
      questionListCount: 0,
      reason: 'earlier_year',
    });
  });

  it('drops a suggestion once she adds it, and suggests it again when she removes it', async () => {
    const call = await student('psychologie', 'master');
    expect((await call('PUT', '/api/library/fx-ethiek')).statusCode).toBe(204);
    expect(ids((await call('GET', '/api/library/suggestions')).json())).not.toContain('fx-ethiek');
    expect(ids((await call('GET', '/api/library')).json())).toEqual(['fx-ethiek', 'fx-interventies']);
    expect((await call('DELETE', '/api/library/fx-ethiek')).statusCode).toBe(204);
    expect(ids((await call('GET', '/api/library/suggestions')).json())).toContain('fx-ethiek');
  });

  it('gives a Bachelor 2 student only the years before hers and related subjects up to her year', async () => {
    const call = await student('psychologie', 'bachelor-2');
    expect(ids((await call('GET', '/api/library')).json())).toEqual(['fx-ontwikkeling']);
    expect(((await call('GET', '/api/library/suggestions')).json() as LibrarySuggestions).subjects.map((s) => [s.id, s.reason])).toEqual([
      ['fx-ethiek', 'earlier_year'],
      ['fx-opvoeding', 'related'],
    ]);
  });

  it('gives a student of a year without subjects an empty library but suggestions', async () => {
    const call = await student('psychologie', 'bachelor-3');
    expect(ids((await call('GET', '/api/library')).json())).toEqual([]);
    expect(ids((await call('GET', '/api/library/suggestions')).json())).toEqual(['fx-ethiek', 'fx-ontwikkeling', 'fx-opvoeding']);
  });

  it('does not suggest her own subjects to a Bachelor 1 student, only related ones', async () => {
    const call = await student('pedagogische-wetenschappen', 'bachelor-1');
    expect(((await call('GET', '/api/library/suggestions')).json() as LibrarySuggestions).subjects.map((s) => [s.id, s.reason])).toEqual([
      ['fx-ethiek', 'related'],
    ]);
  });

  it('requires a signed-in user for suggestions', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/library/suggestions' })).statusCode).toBe(401);
  });

  it('searches with accents and case folded', async () => {
    const call = await student('psychologie', 'master');
    const search = async (query: string) => ids((await call('GET', `/api/subjects?${new URLSearchParams({ query })}`)).json() as SubjectSearchResult);
    expect(await search('ETHIEK')).toEqual(['fx-ethiek']);
    expect(await search('ethiek')).toEqual(['fx-ethiek']);
    expect(await search('sociale')).toEqual(['fx-ethiek']);
    expect(await search('theorieen')).toEqual(['fx-ethiek']);
    expect(await search('THEORIEËN')).toEqual(['fx-ethiek']);
    expect(await search('cafe-exp')).toEqual(['fx-ontwikkeling']);
    expect(await search('Café')).toEqual(['fx-ontwikkeling']);
    expect(await search('pédagogiek')).toEqual(['fx-jeugdzorg', 'fx-opvoeding']);
    expect(await search('  sociale   filosofie ')).toEqual(['fx-ethiek']);
    // an empty query lists every subject
    const all = (await call('GET', '/api/subjects?limit=50')).json() as SubjectSearchResult;
    expect(all.total).toBe(6);
  });

  it('keeps the sample course of a year with subjects, and tells the truth for a year without', async () => {
    const catalogue = (await ctx.app.inject({ method: 'GET', url: '/api/catalogue' })).json() as Catalogue;
    const years = catalogue.universities.find((u) => u.id === 'uu')!.studies.find((s) => s.id === 'psychologie')!.years;
    const master = years.find((y) => y.id === 'master')!.courseInfo;
    expect(master.available).toBe(true);
    expect(master.titeltekst).toBe('Haal je tentamen Psychologische interventies');

    const third = years.find((y) => y.id === 'bachelor-3')!.courseInfo;
    expect(third.available).toBe(false);
    expect(third.titeltekst).toBe('Nog geen samenvatting voor Psychopathologie');
    expect(third.bodytekst).toContain('Voor Psychopathologie heeft Blok nog geen samenvatting');
    expect(third.bodytekst).toContain('eerdere jaren van je studie');
    expect(`${third.titeltekst} ${third.bodytekst}`).not.toMatch(/Haal je tentamen|medestudenten/);

    // a study without any subject at all: no earlier years to promise either
    const informatica = catalogue.universities.find((u) => u.id === 'uu')!.studies.find((s) => s.id === 'informatica')!.years[0]!.courseInfo;
    expect(informatica.available).toBe(false);
    expect(informatica.bodytekst).not.toContain('eerdere jaren');
  });
});
