import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError } from '@blok/content/load';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, type TestContext } from '../helpers.ts';
import { FIXTURE_DIR } from './support.ts';

async function problemsOf(promise: Promise<unknown>): Promise<ContentError['problems']> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ContentError);
  return (err as ContentError).problems;
}

describe.each(DIALECTS)('flashcard import on %s', (dialect) => {
  let ctx: TestContext;
  let work: string;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
    work = mkdtempSync(join(tmpdir(), 'blok-flashcards-'));
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const count = async (table: 'flashcard_sets' | 'flashcards') =>
    Number(
      (
        await ctx.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A copy of the fixture with one file changed. */
  function variant(name: string, file: string, change: (text: string) => string): string {
    const dir = join(work, name);
    cpSync(FIXTURE_DIR, dir, { recursive: true });
    const path = join(dir, 'fixture-kaarten', file);
    writeFileSync(path, change(readFileSync(path, 'utf8')));
    return dir;
  }

  it('imports the sets and cards with sanitized HTML, and re-imports without duplicates', async () => {
    const report = await importContent(ctx.handle.db, FIXTURE_DIR, { dialect });
    expect(report.subjects[0]).toMatchObject({ id: 'fx-kaarten', flashcardSets: 2, flashcards: 5 });
    const card = await ctx.handle.db.selectFrom('flashcards').selectAll().where('id', '=', 'fx-a-2').executeTakeFirstOrThrow();
    expect(card.front_html).not.toMatch(/<script|alert/);
    expect(card.back_html).toContain('<p>Een kop</p>');
    expect(card.back_picture).toBe('images/diagram.svg');
    await importContent(ctx.handle.db, FIXTURE_DIR, { dialect, force: true });
    expect(await count('flashcard_sets')).toBe(2);
    expect(await count('flashcards')).toBe(5);
  });

  it('removes a card that vanished from its set and keeps the rest', async () => {
    const dir = variant('vanished', 'flashcards/b.yaml', (t) => t.slice(0, t.indexOf('  - id: fx-b-2')));
    await importContent(ctx.handle.db, dir, { dialect });
    expect(await count('flashcards')).toBe(4);
    await importContent(ctx.handle.db, FIXTURE_DIR, { dialect });
    expect(await count('flashcards')).toBe(5);
  });

  it('refuses a set with a missing picture, an unknown chapter and a duplicate card id, and imports nothing', async () => {
    const dir = variant('broken', 'flashcards/a.yaml', (t) =>
      t.replace('chapter: fx-kaarten-h1', 'chapter: bestaat-niet').replace('backPicture: images/diagram.svg', 'backPicture: images/weg.svg').replace('id: fx-a-3', 'id: fx-a-1'),
    );
    const problems = await problemsOf(importContent(ctx.handle.db, dir, { dialect }));
    expect(problems).toEqual(
      expect.arrayContaining([
        { file: 'fixture-kaarten/flashcards/a.yaml', field: 'chapter', message: 'hoofdstuk bestaat-niet bestaat niet' },
        { file: 'fixture-kaarten/flashcards/a.yaml', field: 'cards.1.backPicture', message: 'afbeelding images/weg.svg bestaat niet' },
        { file: 'fixture-kaarten/flashcards/a.yaml', field: 'cards.2.id', message: 'dubbele id fx-a-1' },
      ]),
    );
    const empty = variant('empty-back', 'flashcards/b.yaml', (t) => t.replace('back: Antwoord vijf', "back: ' '"));
    const emptyProblems = await problemsOf(importContent(ctx.handle.db, empty, { dialect }));
    expect(emptyProblems[0]).toMatchObject({ file: 'fixture-kaarten/flashcards/b.yaml', field: 'cards.1.back' });
    expect(await count('flashcards')).toBe(5);
  });

  it('refuses card ids that another subject already owns', async () => {
    const dir = variant('thief', 'subject.yaml', (t) =>
      t
        .replace('id: fx-kaarten\n', 'id: fx-dief\n')
        .replace('id: fx-kaarten-samenvatting', 'id: fx-dief-samenvatting')
        .replace('id: fx-kaarten-h1', 'id: fx-dief-h1')
        .replace('  - flashcards/b.yaml\n', ''),
    );
    const setFile = join(dir, 'fixture-kaarten', 'flashcards', 'a.yaml');
    writeFileSync(setFile, readFileSync(setFile, 'utf8').replace('id: fx-set-a', 'id: fx-set-dief').replace('chapter: fx-kaarten-h1', 'chapter: fx-dief-h1'));
    const problems = await problemsOf(importContent(ctx.handle.db, dir, { dialect }));
    expect(problems).toContainEqual({ file: 'fx-dief/subject.yaml', field: 'flashcard', message: 'id fx-a-1 hoort al bij vak fx-kaarten' });
    expect(problems.some((p) => p.field === 'flashcardset')).toBe(false);
  });
});
