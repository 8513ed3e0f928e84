import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '@blok/domain/evidence';
import { correctIsLongest, longestBalance, questionSpec } from './checks.ts';
import { DEMO_COURSES_DIR, listSubjectFolders, loadSubjectFolder, memorySource, loadSubject, ContentError } from './load.ts';
import type { QuestionManifest } from './schema.ts';

// Issue 40: the content format's new question types, the longest-answer check, and what the demo
// content promises (a quarter of every subject's questions of the new types, numbers in linear
// algebra and micro-economics, the right answer the longest at most 30 % of the time).

const withLengths = (lengths: number[], correct = 0): QuestionManifest => ({
  id: 'q',
  type: 'SELECT',
  text: 'Vraag?',
  multiple: false,
  answers: lengths.map((n, i) => ({ text: 'x'.repeat(n), correct: i === correct, pinned: false })),
  feedback: 'Toelichting.',
  recommended: false,
});

describe('the longest answer', () => {
  it('counts the correct answer as longest only when it is longer than every other one, as a student reads it', () => {
    expect(correctIsLongest(withLengths([20, 10, 10, 10]))).toBe(true);
    expect(correctIsLongest(withLengths([20, 20, 10, 10]))).toBe(false);
    expect(correctIsLongest(withLengths([5, 10, 10, 10]))).toBe(false);
  });

  it('finds a list whose correct answer is always the longest lopsided, and one in four not', () => {
    const always = longestBalance(Array.from({ length: 5 }, () => withLengths([30, 10, 12, 14])));
    expect(always).toMatchObject({ counted: 5, longest: 5, expected: 1.25, lopsided: true });
    expect(always.p).toBeCloseTo(0.25 ** 5);
    const fair = longestBalance([withLengths([30, 10, 12, 14]), ...Array.from({ length: 3 }, () => withLengths([10, 30, 12, 14]))]);
    expect(fair.lopsided).toBe(false);
  });

  it('warns per list when the loader finds one lopsided', () => {
    const q = (i: number) => `  - id: q${i}\n    type: SELECT\n    text: Vraag ${i}?\n    answers:\n      - text: Het uitgebreide en volledig juiste antwoord ${i}\n        correct: true\n      - text: Fout ${i}\n      - text: Ook fout ${i}\n      - text: Nee ${i}\n    feedback: Uitleg.\n`;
    const files = new Map([
      ['subject.yaml', 'id: vak\ntitle: Vak\ndescription: Een vak.\naudiences: [{ study: psychologie, year: bachelor-1 }]\nsummaries:\n  - id: sam\n    title: Sam\n    source: Boek\n    description: Kort.\n    chapters: [{ id: h1, file: chapters/h1.md, title: Een, priority: 1, startPage: 1, endPage: 2, access: free }]\nquestionLists: [questions/l.yaml]\n'],
      ['chapters/h1.md', 'Tekst.'],
      ['questions/l.yaml', `id: lijst\ntitle: Lijst\ndescription: Vragen.\nsortIndex: 1\nanswerDisplaying: 2\nrecommendedQuestions: 5\nquestions:\n${[1, 2, 3, 4, 5].map(q).join('')}`],
    ]);
    const loaded = loadSubject(memorySource('vak', files));
    // (the correct answers all at A make the position warning too)
    expect(loaded.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ file: 'questions/l.yaml', message: expect.stringContaining('bij 5 van de 5 vragen met één juist antwoord is het juiste antwoord het langste') })]));
  });
});

describe('the new question types in the content format', () => {
  it('gives items ids by written position and pairs left to right, decoys after them', () => {
    const spec = questionSpec({ id: 'm', type: 'MATCHING', text: 'Koppel.', pairs: [{ left: 'A', right: '1' }, { left: 'B', right: '2' }], decoys: ['3'], feedback: 'Uitleg.', recommended: false });
    expect(spec).toEqual({
      type: 'MATCHING',
      left: [{ id: 'm-l1', text: 'A' }, { id: 'm-l2', text: 'B' }],
      right: [{ id: 'm-r1', text: '1' }, { id: 'm-r2', text: '2' }, { id: 'm-r3', text: '3' }],
      pairs: { 'm-l1': 'm-r1', 'm-l2': 'm-r2' },
    });
  });

  it('refuses a cloze without gaps and accepted answers that read the same', () => {
    const files = new Map([
      ['subject.yaml', 'id: vak\ntitle: Vak\ndescription: Een vak.\naudiences: [{ study: psychologie, year: bachelor-1 }]\nsummaries:\n  - id: sam\n    title: Sam\n    source: Boek\n    description: Kort.\n    chapters: [{ id: h1, file: chapters/h1.md, title: Een, priority: 1, startPage: 1, endPage: 2, access: free }]\nquestionLists: [questions/l.yaml]\n'],
      ['chapters/h1.md', 'Tekst.'],
      [
        'questions/l.yaml',
        'id: lijst\ntitle: Lijst\ndescription: Vragen.\nsortIndex: 1\nanswerDisplaying: 2\nrecommendedQuestions: 5\nquestions:\n  - { id: c1, type: CLOZE, text: Geen plek hier., feedback: Uitleg. }\n  - { id: t1, type: TYPED, text: Wat?, accepted: [Émile, emile], feedback: Uitleg. }\n',
      ],
    ]);
    expect(() => loadSubject(memorySource('vak', files))).toThrow(ContentError);
    try {
      loadSubject(memorySource('vak', files));
    } catch (err) {
      const messages = (err as ContentError).problems.map((p) => `${p.question}: ${p.message}`);
      expect(messages).toEqual([expect.stringMatching(/^c1: een invulvraag heeft minstens één open plek/), 't1: geaccepteerd antwoord 2 is hetzelfde als geaccepteerd antwoord 1']);
    }
  });
});

describe('the demo content (issue 40)', () => {
  const subjects = listSubjectFolders(DEMO_COURSES_DIR).map(loadSubjectFolder);
  const questions = (s: (typeof subjects)[number]) => s.questionLists.flatMap((l) => l.questions);
  const RULE_TYPES = ['TYPED', 'NUMERIC', 'ORDERING', 'MATCHING', 'CLOZE'];

  it('has at least a quarter of every subject\'s questions of the new types, numeric ones in linear algebra and micro-economics', () => {
    expect(QUESTION_TYPES).toEqual(expect.arrayContaining(['typed', 'numeric', 'ordering', 'matching', 'cloze']));
    expect(subjects.length).toBeGreaterThanOrEqual(13);
    for (const s of subjects) {
      const all = questions(s);
      const share = all.filter((q) => RULE_TYPES.includes(q.type)).length / all.length;
      expect(share, s.manifest.id).toBeGreaterThanOrEqual(0.25);
    }
    for (const id of ['lineaire-algebra', 'micro-economie']) {
      const s = subjects.find((x) => x.manifest.id === id)!;
      expect(questions(s).filter((q) => q.type === 'NUMERIC').length, id).toBeGreaterThanOrEqual(3);
    }
    const used = new Set(subjects.flatMap((s) => questions(s).map((q) => q.type)));
    for (const type of RULE_TYPES) expect(used.has(type as QuestionManifest['type']), type).toBe(true);
  });

  it('makes the correct answer the longest of its question at most 30 % of the time across all subjects', () => {
    const single = subjects.flatMap((s) => questions(s)).filter((q) => q.type === 'SELECT' && !q.multiple);
    const longest = single.filter(correctIsLongest).length;
    expect(single.length).toBeGreaterThan(100);
    expect(longest / single.length).toBeLessThanOrEqual(0.3);
  });
});
