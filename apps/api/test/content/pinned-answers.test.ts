import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError } from '@blok/content/load';
import { loadContent } from '../../src/content/importer.ts';

// Issue 26: authors pin an answer's position where order matters; the importer validates the field.
const FIXTURE = resolve(import.meta.dirname, '../fixtures/questions-order-courses');
const LIST_FILE = 'fixture-volgorde/questions/volgorde.yaml';

describe('pinned answers in the content format', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'blok-pinned-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A copy of the fixture with the question list's YAML edited. */
  function problemsWith(name: string, edit: (yaml: string) => string): ContentError['problems'] {
    const dir = join(work, name);
    cpSync(FIXTURE, dir, { recursive: true });
    const file = join(dir, LIST_FILE);
    const before = readFileSync(file, 'utf8');
    const after = edit(before);
    expect(after).not.toBe(before);
    writeFileSync(file, after);
    try {
      loadContent(dir);
    } catch (err) {
      expect(err).toBeInstanceOf(ContentError);
      // a refused list also leaves its chapter's link dangling (reported on subject.yaml)
      return (err as ContentError).problems.filter((p) => p.file.endsWith('volgorde.yaml'));
    }
    return [];
  }

  it('reads pinned: true and defaults to false', () => {
    const [subject] = loadContent(FIXTURE);
    const q2 = subject!.questionLists[0]!.questions[1]!;
    expect(q2.type === 'SELECT' && q2.answers.map((a) => a.pinned)).toEqual([false, false, false, false, true]);
  });

  it('refuses an answer that refers to the others ("Alle bovenstaande") without pinned: true', () => {
    const problems = problemsWith('unpinned', (yaml) => yaml.replace('      - text: Alle bovenstaande\n        pinned: true\n', '      - text: Alle bovenstaande\n'));
    expect(problems).toEqual([
      {
        file: `fixture-volgorde/questions/volgorde.yaml`,
        question: 'fxo-q2',
        field: 'questions.1.answers.4.pinned',
        message: 'dit antwoord verwijst naar de andere antwoorden; zet het op zijn plaats vast met pinned: true',
      },
    ]);
  });

  it('refuses a pinned that is not true or false, and a misspelt field', () => {
    expect(problemsWith('not-boolean', (yaml) => yaml.replace('      - text: Alle bovenstaande\n        pinned: true', '      - text: Alle bovenstaande\n        pinned: ja')).map((p) => p.field)).toContain(
      'questions.1.answers.4.pinned',
    );
    const misspelt = problemsWith('misspelt', (yaml) => yaml.replace('      - text: Oneens\n        pinned: true', '      - text: Oneens\n        pined: true'));
    expect(misspelt.map((p) => p.field)).toEqual(['questions.2.answers.1']);
    expect(misspelt[0]!.message).toMatch(/pined/);
  });
});
