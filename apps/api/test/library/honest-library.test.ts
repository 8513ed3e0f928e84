import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue, LibrarySuggestions, SubjectSearchResult } from '@blok/contract';
import { CATALOGUE } from '@blok/content/catalogue';
import { DEMO_COURSES_DIR } from '@blok/content/load';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, bearer, createTestApp, registerUser, type TestContext } from '../helpers.ts';

// Issue 13 with the demo content the seed imports: a student of a later year of every study finds
// suggestions instead of an empty library, the search finds every subject, and the Welcome step
// promises a course only where Blok has one.

const STUDIES: Array<{ study: string; university: string }> = [];
for (const university of CATALOGUE) {
  for (const study of university.studies) {
    if (!STUDIES.some((s) => s.study === study.id)) STUDIES.push({ study: study.id, university: university.id });
  }
}

describe.each(DIALECTS)('the honest library with the demo content on %s', (dialect) => {
  let ctx: TestContext;
  let layers: Array<{ study: string; year: string }>;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_IP: '1000' });
    await importContent(ctx.handle.db, DEMO_COURSES_DIR, { dialect });
    layers = await ctx.handle.db.selectFrom('subject_audiences').select(['study', 'year']).execute();
  }, 180_000);
  afterAll(async () => ctx?.close());

  it.each(STUDIES)('a Master student of $study finds her Bachelor 1 subjects suggested', async ({ study, university }) => {
    const r = await registerUser(ctx.app, { university, study, year: 'master' });
    expect(r.res.statusCode, r.res.body).toBe(200);
    const headers = bearer(r.tokens!.access_token);
    const suggestions = (await ctx.app.inject({ method: 'GET', url: '/api/library/suggestions', headers })).json() as LibrarySuggestions;
    const firstYear = await ctx.handle.db.selectFrom('subject_audiences').select('subject_id').where('study', '=', study).where('year', '=', 'bachelor-1').execute();
    expect(firstYear.length).toBeGreaterThan(0);
    for (const { subject_id } of firstYear) {
      expect(suggestions.subjects.find((s) => s.id === subject_id)?.reason, subject_id).toBe('earlier_year');
    }
  });

  it('finds every subject by its title, whatever the case and accents', async () => {
    const r = await registerUser(ctx.app, { university: 'uva', study: 'psychologie', year: 'master' });
    const headers = bearer(r.tokens!.access_token);
    const subjects = await ctx.handle.db.selectFrom('subjects').select(['id', 'title']).execute();
    expect(subjects.length).toBeGreaterThanOrEqual(13);
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/subjects?limit=50', headers })).json() as SubjectSearchResult;
    expect(all.total).toBe(subjects.length);
    for (const s of subjects) {
      const query = s.title.toUpperCase();
      const found = (await ctx.app.inject({ method: 'GET', url: `/api/subjects?${new URLSearchParams({ query, limit: '50' })}`, headers })).json() as SubjectSearchResult;
      expect(found.subjects.map((x) => x.id), query).toContain(s.id);
    }
    // 'theorieën' in a description: found without the diaeresis too
    const folded = (await ctx.app.inject({ method: 'GET', url: '/api/subjects?query=theorieen', headers })).json() as SubjectSearchResult;
    expect(folded.subjects.map((x) => x.id)).toContain('inleiding-communicatiewetenschap');
  });

  it('promises a sample course in the catalogue exactly for the years that have a subject', async () => {
    const catalogue = (await ctx.app.inject({ method: 'GET', url: '/api/catalogue' })).json() as Catalogue;
    const has = new Set(layers.map((l) => `${l.study}|${l.year}`));
    let available = 0;
    for (const university of catalogue.universities) {
      for (const study of university.studies) {
        for (const year of study.years) {
          const info = year.courseInfo;
          expect(info.available, `${university.id} ${study.id} ${year.id}`).toBe(has.has(`${study.id}|${year.id}`));
          if (info.available) {
            available++;
            expect(info.titeltekst).toBe(`Haal je tentamen ${info.vaknaam}`);
          } else {
            expect(`${info.titeltekst} ${info.bodytekst}`).not.toMatch(/Haal je tentamen|medestudenten|in één keer/);
          }
        }
      }
    }
    // every Bachelor 1 layer of the catalogue has its subject
    for (const university of catalogue.universities) {
      for (const study of university.studies) expect(study.years.find((y) => y.id === 'bachelor-1')!.courseInfo.available).toBe(true);
    }
    expect(available).toBeGreaterThan(0);
  });
});
