import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Library } from '@blok/contract';
import { CATALOGUE } from '@blok/content/catalogue';
import { DEMO_COURSES_DIR, listSubjectFolders, loadSubjectFolder, type LoadedSubject } from '@blok/content/load';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, bearer, createTestApp, registerUser, type TestContext } from '../helpers.ts';

/**
 * Issue 13: every study in the onboarding catalogue gets its Bachelor 1 sample course as a real
 * subject. This reads the demo courses shipped in packages/content/courses (the folder the seed
 * imports on start), so a study without a first-year subject, or a subject below the issue's
 * minimum, fails here.
 */

const FIRST_YEAR = 'bachelor-1';

/** Every study id in the catalogue, with the first university that offers it. */
const STUDIES: Array<{ study: string; university: string }> = [];
for (const university of CATALOGUE) {
  for (const study of university.studies) {
    if (!STUDIES.some((s) => s.study === study.id)) STUDIES.push({ study: study.id, university: university.id });
  }
}

const FOLDERS = listSubjectFolders(DEMO_COURSES_DIR);
/** Throws a ContentError naming file and field when any demo folder is invalid. */
const SUBJECTS: LoadedSubject[] = FOLDERS.map((dir) => loadSubjectFolder(dir));

const servesFirstYear = (subject: LoadedSubject, study: string) =>
  subject.manifest.audiences.some((a) => a.study === study && a.year === FIRST_YEAR);
const firstYearSubjects = (study: string) => SUBJECTS.filter((s) => servesFirstYear(s, study));

describe('demo content covers the catalogue', () => {
  it('knows the catalogue studies and every demo folder loads', () => {
    expect(STUDIES.length).toBe(13);
    expect(SUBJECTS.length).toBe(FOLDERS.length);
    for (const university of CATALOGUE) {
      for (const study of university.studies) expect(study.years.map((y) => y.id)).toContain(FIRST_YEAR);
    }
  });

  it.each(STUDIES.map((s) => s.study))('%s has a demo subject for its Bachelor 1 layer', (study) => {
    expect(firstYearSubjects(study).map((s) => s.manifest.id)).not.toEqual([]);
  });

  it.each(SUBJECTS.filter((s) => s.manifest.audiences.some((a) => a.year === FIRST_YEAR)).map((s) => [s.manifest.id, s] as const))(
    '%s meets the minimum of a first-year subject',
    (_id, subject) => {
      for (const audience of subject.manifest.audiences) {
        expect(STUDIES.map((s) => s.study), `onbekende studie ${audience.study}`).toContain(audience.study);
      }
      for (const summary of subject.summaries) expect(summary.source.trim().length).toBeGreaterThan(20);

      const chapters = subject.summaries.flatMap((s) => s.chapters);
      expect(chapters.length).toBeGreaterThanOrEqual(4);
      expect(chapters[0]!.access).toBe('free');
      for (const chapter of chapters) expect(chapter.wordCount, chapter.file).toBeGreaterThanOrEqual(700);
      const hasTableOrDiagram = chapters.some((c) => /^\|.*\|\s*$/m.test(c.markdown) || /!\[[^\]]+\]\(images\/[^)]+\)/.test(c.markdown));
      expect(hasTableOrDiagram).toBe(true);

      const questions = subject.questionLists.flatMap((l) => l.questions);
      expect(questions.length).toBeGreaterThanOrEqual(20);
      const correctCount = (q: (typeof questions)[number]) => (q.type === 'SELECT' ? q.answers.filter((a) => a.correct).length : 0);
      expect(questions.some((q) => q.type === 'SELECT' && correctCount(q) === 1)).toBe(true);
      expect(questions.some((q) => q.type === 'SELECT' && correctCount(q) > 1)).toBe(true);
      expect(questions.some((q) => q.type === 'OPEN')).toBe(true);

      const cards = subject.flashcardSets.flatMap((s) => s.cards);
      expect(cards.length).toBeGreaterThanOrEqual(40);
    },
  );

  // Issue 26: the importer warns when correct answers pile up at one written position; our own
  // demo content must not need that warning.
  it.each(SUBJECTS.map((s) => [s.manifest.id, s] as const))('%s loads without content warnings', (_id, subject) => {
    expect(subject.warnings).toEqual([]);
  });
});

describe.each(DIALECTS)('a Bachelor 1 student of every study finds her subject on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_IP: '1000' });
    // What the seed does on start (SEED_DEMO), called directly so a slow machine cannot trip
    // Fastify's plugin start-up timeout.
    await importContent(ctx.handle.db, DEMO_COURSES_DIR, { dialect });
  }, 180_000);
  afterAll(async () => ctx?.close());

  it('imported every demo folder, and importing again changes nothing', async () => {
    const rows = await ctx.handle.db.selectFrom('subjects').select('id').orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual(SUBJECTS.map((s) => s.manifest.id).sort());
    const again = await importContent(ctx.handle.db, DEMO_COURSES_DIR, { dialect });
    expect(again.subjects.filter((s) => s.status !== 'unchanged')).toEqual([]);
  }, 120_000);

  it.each(STUDIES)("$study at $university: the library holds the study's first-year subjects", async ({ study, university }) => {
    const r = await registerUser(ctx.app, { university, study, year: FIRST_YEAR });
    expect(r.res.statusCode, r.res.body).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/library', headers: bearer(r.tokens!.access_token) });
    expect(res.statusCode).toBe(200);
    const library = res.json() as Library;
    const expected = firstYearSubjects(study);
    expect(expected.length).toBeGreaterThan(0);
    for (const subject of expected) {
      const chapterCount = subject.summaries.reduce((n, s) => n + s.chapters.length, 0);
      expect(library.subjects.find((s) => s.id === subject.manifest.id)).toMatchObject({ origin: 'study', chapterCount });
    }
  });
});
