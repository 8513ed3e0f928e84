import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '@blok/domain/evidence';
import { correctIsLongest, correctIsShortest, lengthBalance, lengthRarity, longestBalance, questionSpec } from './checks.ts';
import { DEMO_COURSES_DIR, listSubjectFolders, loadSubjectFolder, memorySource, loadSubject, ContentError } from './load.ts';
import type { QuestionManifest } from './schema.ts';

// Issue 40: the content format's new question types, the longest-answer check, and what the demo
// content promises (a quarter of every subject's questions of the new types, numbers in linear
// algebra and micro-economics, the right answer the longest at most 30 % of the time and the longest
// and the shortest about as often as chance, so that skipping either gives nothing away).

const withLengths = (lengths: number[], correct = 0, multiple = false): QuestionManifest => ({
  id: 'q',
  type: 'SELECT',
  text: 'Vraag?',
  multiple,
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

describe('the shortest answer and the middle lengths', () => {
  it('counts the correct answer as shortest only when it is shorter than every other one', () => {
    expect(correctIsShortest(withLengths([5, 10, 12, 14]))).toBe(true);
    expect(correctIsShortest(withLengths([5, 5, 12, 14]))).toBe(false);
    expect(correctIsShortest(withLengths([20, 10, 12, 14]))).toBe(false);
    expect(correctIsShortest(withLengths([5, 10], 0, true))).toBe(false);
  });

  it('gives a question whose longest or shortest length is shared no chance of that pattern', () => {
    const tied = lengthBalance([withLengths([10, 10, 12, 12])], 'extreme');
    expect(tied).toMatchObject({ counted: 1, hits: 0, expected: 0, pAtMost: 1 });
    const half = lengthBalance([withLengths([10, 10, 11, 12], 1)], 'extreme');
    expect(half).toMatchObject({ hits: 0, expected: 0.25 });
  });

  it('finds a subject whose correct answer is never the longest or the shortest, and one that varies not', () => {
    // the key always of a middle length: a student who skips the longest and the shortest answer scores
    const middle = Array.from({ length: 8 }, () => withLengths([12, 10, 20, 14]));
    const rare = lengthRarity(middle);
    expect(rare.map((b) => b.pattern)).toEqual(['extreme']);
    expect(rare[0]).toMatchObject({ counted: 8, hits: 0, expected: 4, tooRarely: true, tooOften: false });
    expect(rare[0]!.pAtMost).toBeCloseTo(0.5 ** 8);
    // twenty questions, never the longest: that alone gives the key away (0.75 ** 20 < 0.01)
    const neverLongest = Array.from({ length: 20 }, (_, i) => withLengths([12, 10, 20, 14], i % 2 ? 0 : 1));
    expect(lengthRarity(neverLongest).map((b) => b.pattern)).toEqual(['longest']);
    // the key longest twice, shortest twice and in the middle four times in eight: nothing to warn about
    const varied = [...middle.slice(0, 4), withLengths([30, 10, 12, 14]), withLengths([30, 10, 12, 14]), withLengths([5, 10, 12, 14]), withLengths([5, 10, 12, 14])];
    expect(lengthRarity(varied)).toEqual([]);
  });

  it('warns over a whole subject when its correct answers are never the longest or the shortest', () => {
    const q = (i: number) =>
      `  - id: q${i}\n    type: SELECT\n    text: Vraag ${i}?\n    answers:\n` +
      ['Nee', `Het juiste antwoord ${i}`, `Fout en wat langer ${i}`, `Het onjuiste en veel langere antwoord ${i}`]
        .map((text, a) => ({ text, correct: a === 1 }))
        .map((a, _, all) => all[(all.indexOf(a) + i) % 4]!)
        .map((a) => `      - text: ${a.text}\n${a.correct ? '        correct: true\n' : ''}`)
        .join('') +
      '    feedback: Uitleg.\n';
    const list = (n: number, ids: number[]) => `id: lijst${n}\ntitle: Lijst ${n}\ndescription: Vragen.\nsortIndex: ${n}\nanswerDisplaying: 2\nrecommendedQuestions: 4\nquestions:\n${ids.map(q).join('')}`;
    const files = new Map([
      ['subject.yaml', 'id: vak\ntitle: Vak\ndescription: Een vak.\naudiences: [{ study: psychologie, year: bachelor-1 }]\nsummaries:\n  - id: sam\n    title: Sam\n    source: Boek\n    description: Kort.\n    chapters: [{ id: h1, file: chapters/h1.md, title: Een, priority: 1, startPage: 1, endPage: 2, access: free }]\nquestionLists: [questions/a.yaml, questions/b.yaml]\n'],
      ['chapters/h1.md', 'Tekst.'],
      ['questions/a.yaml', list(1, [1, 2, 3, 4])],
      ['questions/b.yaml', list(2, [5, 6, 7, 8])],
    ]);
    const loaded = loadSubject(memorySource('vak', files));
    // per list four questions are too few to tell, over the subject eight are not
    expect(loaded.warnings).toEqual([
      {
        file: 'subject.yaml',
        field: 'questionLists',
        message:
          'in dit vak is het juiste antwoord bij 0 van de 8 vragen met één juist antwoord het langste of het kortste (bij toeval ongeveer 4); ' +
          'een student die het langste en het kortste antwoord overslaat, scoort daarmee. Laat de lengte van het juiste antwoord meer variëren: soms het volledigste, soms het kortste',
      },
    ]);
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

  it('makes the correct answer the longest and the shortest about as often as chance, so that skipping them gives nothing away', () => {
    const single = subjects.flatMap((s) => questions(s)).filter((q) => q.type === 'SELECT' && !q.multiple);
    const longest = single.filter(correctIsLongest).length / single.length;
    const shortest = single.filter(correctIsShortest).length / single.length;
    expect(longest).toBeGreaterThanOrEqual(0.15);
    expect(shortest).toBeGreaterThanOrEqual(0.15);
    expect(shortest).toBeLessThanOrEqual(0.35);
    for (const s of subjects) expect(lengthRarity(questions(s)), s.manifest.id).toEqual([]);
  });
});
