import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError, loadSubjectFolder } from '@blok/content/load';
import { migrateToLatest, openDatabase, type DB } from '@blok/db';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, type TestContext } from '../helpers.ts';

const FIXTURES = resolve(import.meta.dirname, '../fixtures');
const COURSES = join(FIXTURES, 'library-courses');
const BROKEN = join(FIXTURES, 'library-broken');
const INVALID_TITLE = join(FIXTURES, 'library-invalid-title');
const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

const TABLES = ['subjects', 'subject_audiences', 'summaries', 'chapters', 'content_images', 'question_lists', 'questions', 'answers'] as const;

type Counts = Record<(typeof TABLES)[number], number>;

async function rowCounts(db: DB): Promise<Counts> {
  const counts = {} as Counts;
  for (const t of TABLES) {
    const row = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[t] = Number(row.n);
  }
  return counts;
}

async function problemsOf(promise: Promise<unknown>): Promise<ContentError['problems']> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ContentError);
  return (err as ContentError).problems;
}

describe.each(DIALECTS)('content import on %s', (dialect) => {
  let ctx: TestContext;
  let work: string;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
    work = mkdtempSync(join(tmpdir(), 'blok-content-'));
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses a folder with one valid and one broken subject, naming file, field and problem, and imports neither', async () => {
    const before = await rowCounts(ctx.handle.db);
    const problems = await problemsOf(importContent(ctx.handle.db, BROKEN, { dialect }));
    expect(problems).toEqual([
      { file: 'b-broken/subject.yaml', field: 'summaries.0.chapters.1.file', message: 'bestand chapters/02-ontbreekt.md bestaat niet' },
    ]);
    expect(await rowCounts(ctx.handle.db)).toEqual(before);
    const valid = await ctx.handle.db.selectFrom('subjects').select('id').where('id', '=', 'fx-broken-valid').executeTakeFirst();
    expect(valid).toBeUndefined();
  });

  it('refuses a chapter whose title is only markup', async () => {
    expect(() => loadSubjectFolder(join(INVALID_TITLE, 'fx-invalid-title'))).toThrow(ContentError);
    const problems = await problemsOf(importContent(ctx.handle.db, INVALID_TITLE, { dialect }));
    expect(problems).toEqual([{ file: 'fx-invalid-title/subject.yaml', field: 'summaries.0.chapters.1.title', message: 'titel is leeg zonder opmaak' }]);
    const chapters = await ctx.handle.db.selectFrom('chapters').select('id').where('subject_id', '=', 'fx-invalid-title').execute();
    expect(chapters).toEqual([]);
  });

  it('reports every problem of a manifest that does not match the schema', async () => {
    const dir = join(work, 'schema-errors', 'fx-schema');
    cpSync(join(COURSES, 'fx-recht'), dir, { recursive: true });
    const manifest = readFileSync(join(dir, 'subject.yaml'), 'utf8').replace('access: premium', 'access: gratis').replace('priority: 2', 'priority: 7');
    writeFileSync(join(dir, 'subject.yaml'), manifest);
    const problems = await problemsOf(importContent(ctx.handle.db, join(work, 'schema-errors'), { dialect }));
    expect(problems.map((p) => [p.file, p.field])).toEqual(
      expect.arrayContaining([
        ['fx-schema/subject.yaml', 'summaries.0.chapters.1.priority'],
        ['fx-schema/subject.yaml', 'summaries.0.chapters.1.access'],
      ]),
    );
    expect(problems.every((p) => p.message.length > 0)).toBe(true);
  });

  it('imports once and re-imports idempotently: no duplicates, unchanged subjects skipped, changes applied', async () => {
    const dir = join(work, 'courses');
    cpSync(COURSES, dir, { recursive: true });
    const before = await rowCounts(ctx.handle.db);

    const first = await importContent(ctx.handle.db, dir, { dialect });
    expect(first.subjects.map((s) => [s.id, s.status])).toEqual([
      ['fx-economie', 'imported'],
      ['fx-psychologie', 'imported'],
      ['fx-recht', 'imported'],
    ]);
    const afterFirst = await rowCounts(ctx.handle.db);
    expect(afterFirst.subjects - before.subjects).toBe(3);
    expect(afterFirst.chapters - before.chapters).toBe(6);
    expect(afterFirst.questions - before.questions).toBe(2);
    expect(afterFirst.answers - before.answers).toBe(2);
    expect(afterFirst.content_images - before.content_images).toBe(1);

    const second = await importContent(ctx.handle.db, dir, { dialect });
    expect(second.subjects.every((s) => s.status === 'unchanged')).toBe(true);
    expect(second.warnings).toEqual([]);
    expect(await rowCounts(ctx.handle.db)).toEqual(afterFirst);

    // A changed chapter re-imports only its subject, in place.
    const chapterFile = join(dir, 'fx-recht/chapters/01-bronnen.md');
    writeFileSync(chapterFile, readFileSync(chapterFile, 'utf8') + '\nOok *gewoonterecht* is een rechtsbron.\n');
    const third = await importContent(ctx.handle.db, dir, { dialect });
    expect(third.subjects.map((s) => [s.id, s.status])).toEqual([
      ['fx-economie', 'unchanged'],
      ['fx-psychologie', 'unchanged'],
      ['fx-recht', 'imported'],
    ]);
    expect(await rowCounts(ctx.handle.db)).toEqual(afterFirst);
    const html = await ctx.handle.db.selectFrom('chapters').select('html').where('id', '=', 'fx-recht-h1').executeTakeFirstOrThrow();
    expect(html.html).toContain('<em>gewoonterecht</em>');

    // --force imports unchanged subjects again, still without duplicates
    const forced = await importContent(ctx.handle.db, dir, { dialect, force: true });
    expect(forced.subjects.every((s) => s.status === 'imported')).toBe(true);
    expect(await rowCounts(ctx.handle.db)).toEqual(afterFirst);
  });

  it('refuses ids that another subject already owns, in the folder or in the database, and changes nothing', async () => {
    await importContent(ctx.handle.db, COURSES, { dialect });
    const before = await rowCounts(ctx.handle.db);
    // A new subject that reuses fx-recht's chapter id would silently move that chapter.
    const dir = join(work, 'thief');
    cpSync(join(COURSES, 'fx-recht'), join(dir, 'fx-dief'), { recursive: true });
    const manifestFile = join(dir, 'fx-dief/subject.yaml');
    writeFileSync(
      manifestFile,
      readFileSync(manifestFile, 'utf8').replace('id: fx-recht\n', 'id: fx-dief\n').replace('id: fx-recht-samenvatting', 'id: fx-dief-samenvatting'),
    );
    const problems = await problemsOf(importContent(ctx.handle.db, dir, { dialect }));
    expect(problems).toContainEqual({ file: 'fx-dief/subject.yaml', field: 'hoofdstuk', message: 'id fx-recht-h1 hoort al bij vak fx-recht' });
    expect(await rowCounts(ctx.handle.db)).toEqual(before);
    // Two subjects in one folder claiming the same id are refused before the database is asked.
    cpSync(join(COURSES, 'fx-recht'), join(dir, 'fx-recht'), { recursive: true });
    const both = await problemsOf(importContent(ctx.handle.db, dir, { dialect }));
    expect(both.some((p) => p.message === 'id fx-recht-h1 wordt ook gebruikt door fx-dief')).toBe(true);
    expect(await rowCounts(ctx.handle.db)).toEqual(before);
  });

  it('removes a chapter that vanished from the manifest, keeping the rest', async () => {
    const dir = join(work, 'shrink');
    cpSync(join(COURSES, 'fx-psychologie'), join(dir, 'fx-psychologie'), { recursive: true });
    await importContent(ctx.handle.db, dir, { dialect, force: true });
    const manifestFile = join(dir, 'fx-psychologie/subject.yaml');
    const manifest = readFileSync(manifestFile, 'utf8');
    const withoutH3 = manifest.slice(0, manifest.indexOf('      - id: fx-psy-h3')) + manifest.slice(manifest.indexOf('questionLists:'));
    writeFileSync(manifestFile, withoutH3);
    await importContent(ctx.handle.db, dir, { dialect });
    const chapters = await ctx.handle.db.selectFrom('chapters').select('id').where('subject_id', '=', 'fx-psychologie').orderBy('sort_index').execute();
    expect(chapters.map((c) => c.id)).toEqual(['fx-psy-h1', 'fx-psy-h2']);
  });

  /** A copy of fx-psychologie under a fresh folder whose only question list holds `questions` (YAML). */
  function subjectWithQuestions(name: string, questions: string): string {
    const root = join(work, name);
    cpSync(join(COURSES, 'fx-psychologie'), join(root, 'fx-psychologie'), { recursive: true });
    const listFile = join(root, 'fx-psychologie/questions/h1.yaml');
    const head = readFileSync(listFile, 'utf8').split('questions:\n')[0]!;
    writeFileSync(listFile, `${head}questions:\n${questions}`);
    return root;
  }

  /** A SELECT question in the fixture's YAML layout. */
  const select = (id: string, answers: string, extra = '', feedback = `    feedback: Toelichting bij ${id}.\n`) =>
    `  - id: ${id}\n    type: SELECT\n${extra}    text: Vraag ${id}?\n    answers:\n${answers}${feedback}`;

  it('refuses SELECT questions with the wrong number of correct answers for their kind, naming file, question and reason', async () => {
    const root = subjectWithQuestions(
      'kinds',
      select('fx-k1', '      - text: Een\n        correct: true\n      - text: Twee\n        correct: true\n      - text: Drie\n') +
        select('fx-k2', '      - text: Een\n      - text: Twee\n') +
        select('fx-k3', '      - text: Een\n        correct: true\n      - text: Twee\n', '    multiple: true\n') +
        select('fx-k4', '      - text: Een\n        correct: true\n      - text: Twee\n        correct: true\n', '    multiple: true\n') +
        select('fx-k5', '      - text: Een\n        correct: true\n      - text: Twee\n        correct: true\n      - text: Drie\n', '    multiple: true\n'),
    );
    const before = await rowCounts(ctx.handle.db);
    const problems = await problemsOf(importContent(ctx.handle.db, root, { dialect }));
    expect(problems).toEqual([
      {
        file: 'fx-psychologie/questions/h1.yaml',
        question: 'fx-k1',
        field: 'questions.0.answers',
        message: '2 antwoorden zijn juist, maar de vraag heeft er één (zet multiple: true als meerdere antwoorden juist zijn)',
      },
      {
        file: 'fx-psychologie/questions/h1.yaml',
        question: 'fx-k2',
        field: 'questions.1.answers',
        message: 'geen enkel antwoord is juist; een vraag met één juist antwoord heeft er precies één',
      },
      {
        file: 'fx-psychologie/questions/h1.yaml',
        question: 'fx-k3',
        field: 'questions.2.answers',
        message: 'maar één antwoord is juist; een vraag met multiple: true heeft er minstens twee',
      },
      {
        file: 'fx-psychologie/questions/h1.yaml',
        question: 'fx-k4',
        field: 'questions.3.answers',
        message: 'alle antwoorden zijn juist; een vraag met multiple: true heeft minstens één onjuist antwoord',
      },
    ]);
    expect(await rowCounts(ctx.handle.db)).toEqual(before);
  });

  it('refuses duplicate answer texts, a reused answer id and missing feedback, naming file, question and reason', async () => {
    const root = subjectWithQuestions(
      'answers',
      select('fx-d1', '      - text: Gedrag\n        correct: true\n      - text: Alleen de hersenen\n      - text: "  Gedrag "\n') +
        select('fx-d2', '      - id: a2\n        text: Een\n        correct: true\n      - text: Twee\n      - id: a4\n        text: Drie\n') +
        select('fx-d3', '      - text: Een\n        correct: true\n      - text: Twee\n', '', '') +
        select('fx-d4', '      - text: Een\n        correct: true\n      - text: Twee\n', '', '    feedback: "  "\n'),
    );
    const before = await rowCounts(ctx.handle.db);
    const problems = await problemsOf(importContent(ctx.handle.db, root, { dialect }));
    expect(problems).toEqual([
      { file: 'fx-psychologie/questions/h1.yaml', question: 'fx-d3', field: 'questions.2.feedback', message: 'toelichting (feedback) ontbreekt' },
      { file: 'fx-psychologie/questions/h1.yaml', question: 'fx-d4', field: 'questions.3.feedback', message: 'toelichting (feedback) ontbreekt' },
      { file: 'fx-psychologie/questions/h1.yaml', question: 'fx-d1', field: 'questions.0.answers.2.text', message: 'antwoord C heeft dezelfde tekst als antwoord A' },
      { file: 'fx-psychologie/questions/h1.yaml', question: 'fx-d2', field: 'questions.1.answers.1.id', message: 'antwoord-id a2 wordt al gebruikt door antwoord A' },
    ]);
    expect(await rowCounts(ctx.handle.db)).toEqual(before);
  });

  it('keeps an answer\'s row when it moves with its id, so earlier picks keep pointing at the same text', async () => {
    const root = subjectWithQuestions('moved', select('fx-m1', '      - text: Gedrag en mentale processen\n        correct: true\n      - text: Alleen de hersenen\n'));
    await importContent(ctx.handle.db, root, { dialect, force: true });
    const answersOf = () => ctx.handle.db.selectFrom('answers').select(['id', 'sort_index', 'answer_text', 'is_correct']).where('question_id', '=', 'fx-m1').orderBy('sort_index').execute();
    expect(await answersOf()).toEqual([
      { id: 'fx-m1-a1', sort_index: 0, answer_text: 'Gedrag en mentale processen', is_correct: 1 },
      { id: 'fx-m1-a2', sort_index: 1, answer_text: 'Alleen de hersenen', is_correct: 0 },
    ]);
    const listFile = join(root, 'fx-psychologie/questions/h1.yaml');
    writeFileSync(
      listFile,
      readFileSync(listFile, 'utf8').replace(
        '      - text: Gedrag en mentale processen\n        correct: true\n      - text: Alleen de hersenen\n',
        '      - id: a2\n        text: Alleen de hersenen\n      - id: a1\n        text: Gedrag en mentale processen\n        correct: true\n',
      ),
    );
    await importContent(ctx.handle.db, root, { dialect });
    expect(await answersOf()).toEqual([
      { id: 'fx-m1-a2', sort_index: 0, answer_text: 'Alleen de hersenen', is_correct: 0 },
      { id: 'fx-m1-a1', sort_index: 1, answer_text: 'Gedrag en mentale processen', is_correct: 1 },
    ]);
  });

  it('warns (and still imports) when the correct answers of a subject pile up at one written position', async () => {
    const allA = Array.from({ length: 8 }, (_, i) => select(`fx-w${i + 1}`, '      - text: Juist\n        correct: true\n      - text: Fout een\n      - text: Fout twee\n      - text: Fout drie\n')).join('');
    const root = subjectWithQuestions('lopsided', allA);
    const report = await importContent(ctx.handle.db, root, { dialect, force: true });
    expect(report.subjects.map((s) => [s.id, s.status])).toEqual([['fx-psychologie', 'imported']]);
    expect(report.warnings).toEqual([
      {
        file: 'fx-psychologie/subject.yaml',
        field: 'questionLists',
        message:
          'bij de vragen met één juist antwoord staat dat antwoord zoals geschreven scheef over de posities verdeeld: A 8, B 0, C 0, D 0 ' +
          '(bij een willekeurige volgorde ongeveer A 2, B 2, C 2, D 2); studenten krijgen de antwoorden geschud, maar zet ze ook in het bestand op wisselende plaatsen',
      },
    ]);
    // The same eight questions with the correct answer on A, B, C and D twice each: no warning.
    const listFile = join(root, 'fx-psychologie/questions/h1.yaml');
    let spread = readFileSync(listFile, 'utf8');
    for (const i of [3, 4, 5, 6, 7, 8]) {
      const shift = i <= 4 ? 1 : i <= 6 ? 2 : 3;
      const answers = ['Fout een', 'Fout twee', 'Fout drie'];
      answers.splice(shift, 0, 'Juist');
      spread = spread.replace(
        `  - id: fx-w${i}\n    type: SELECT\n    text: Vraag fx-w${i}?\n    answers:\n      - text: Juist\n        correct: true\n      - text: Fout een\n      - text: Fout twee\n      - text: Fout drie\n`,
        `  - id: fx-w${i}\n    type: SELECT\n    text: Vraag fx-w${i}?\n    answers:\n${answers.map((a) => `      - text: ${a}\n${a === 'Juist' ? '        correct: true\n' : ''}`).join('')}`,
      );
    }
    writeFileSync(listFile, spread);
    expect((await importContent(ctx.handle.db, root, { dialect })).warnings).toEqual([]);
  });

  it.runIf(dialect === 'sqlite')('content:import prints the problems and leaves the database untouched', async () => {
    const dbFile = join(work, 'cli.db');
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/content-import.ts', ...args], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: `file:${dbFile}`, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      }).then(
        (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
      );

    const refused = await run([BROKEN]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Import geweigerd, er is niets gewijzigd:');
    expect(refused.stderr).toContain('b-broken/subject.yaml: summaries.0.chapters.1.file: bestand chapters/02-ontbreekt.md bestaat niet');
    const handle = await openDatabase({ url: `file:${dbFile}` });
    try {
      await migrateToLatest(handle.db);
      expect(await rowCounts(handle.db)).toEqual(Object.fromEntries(TABLES.map((t) => [t, 0])));
    } finally {
      await handle.close();
    }

    const dry = await run(['--dry-run', COURSES]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('geldig: fx-psychologie');
    expect(dry.stderr).not.toContain('waarschuwing');

    const allA = Array.from({ length: 8 }, (_, i) => select(`fx-c${i + 1}`, '      - text: Juist\n        correct: true\n      - text: Fout\n')).join('');
    const lopsided = await run(['--dry-run', subjectWithQuestions('cli-lopsided', allA)]);
    expect(lopsided.code).toBe(0);
    expect(lopsided.stdout).toContain('geldig: fx-psychologie');
    expect(lopsided.stderr).toContain('waarschuwing: fx-psychologie/subject.yaml: questionLists: bij de vragen met één juist antwoord staat dat antwoord zoals geschreven scheef over de posities verdeeld: A 8, B 0');

    const twoCorrect = await run(['--dry-run', subjectWithQuestions('cli-two', select('fx-c1', '      - text: Een\n        correct: true\n      - text: Twee\n        correct: true\n'))]);
    expect(twoCorrect.code).toBe(1);
    expect(twoCorrect.stderr).toContain(
      'fx-psychologie/questions/h1.yaml: vraag fx-c1: questions.0.answers: 2 antwoorden zijn juist, maar de vraag heeft er één (zet multiple: true als meerdere antwoorden juist zijn)',
    );

    const imported = await run([COURSES]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('geïmporteerd: fx-psychologie (3 hoofdstukken, 1 vragenlijsten, 2 vragen)');
    const again = await run([COURSES]);
    expect(again.stdout).toContain('ongewijzigd: fx-psychologie');
  }, 60_000);
});
