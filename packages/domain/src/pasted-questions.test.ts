import { describe, expect, it } from 'vitest';
import { readPastedQuestions, PASTE_LIMITS } from './pasted-questions.ts';
import { gradeOwn, readOwnKey, type OwnQuestionType } from './own-questions.ts';

const read = (text: string) => readPastedQuestions(text).questions;

describe('readPastedQuestions', () => {
  it('reads a numbered list of every type, with and without empty lines between them', () => {
    const text = [
      '1. Wat is de hoofdstad van Frankrijk?',
      'a) Berlijn',
      'b) Parijs *',
      'c) Madrid',
      '2. Hoeveel is 1/4 als decimaal getal?',
      'Antwoord: 0,25',
      'Toelichting: een kwart is 25 honderdsten.',
      '',
      'Vraag 3: Wie schreef Max Havelaar?',
      'Antwoord: Multatuli | Eduard Douwes Dekker',
      '',
      'Zet de fasen van de mitose op volgorde.',
      'Volgorde:',
      '1. profase',
      '2. metafase',
      '3. anafase',
      '4. telofase',
      '',
      'Koppel begrip en betekenis.',
      'Paren:',
      'mitose = celdeling',
      'meiose -> reductiedeling',
      'Afleiders: kernfusie | celdood',
    ].join('\n');
    const questions = read(text);
    expect(questions.map((q) => q.problems)).toEqual([[], [], [], [], []]);
    expect(questions.map((q) => q.body!.type)).toEqual(['SELECT', 'NUMERIC', 'TYPED', 'ORDERING', 'MATCHING']);
    expect(questions[0]!.body).toEqual({
      type: 'SELECT',
      prompt: 'Wat is de hoofdstad van Frankrijk?',
      key: { answers: [{ text: 'Berlijn', correct: false }, { text: 'Parijs', correct: true }, { text: 'Madrid', correct: false }] },
      explanation: '',
    });
    expect(questions[1]!.body!.key).toMatchObject({ value: 0.25, tolerance: 0 });
    expect(questions[1]!.body!.explanation).toBe('een kwart is 25 honderdsten.');
    expect(questions[2]!.body).toMatchObject({ prompt: 'Wie schreef Max Havelaar?', key: { accepted: ['Multatuli', 'Eduard Douwes Dekker'] } });
    expect(questions[3]!.body!.key).toEqual({ items: ['profase', 'metafase', 'anafase', 'telofase'] });
    expect(questions[4]!.body!.key).toEqual({
      pairs: [
        { left: 'mitose', right: 'celdeling' },
        { left: 'meiose', right: 'reductiedeling' },
      ],
      decoys: ['kernfusie', 'celdood'],
    });
  });

  it('gives keys the domain accepts and grades as she meant', () => {
    const questions = read('Hoe zwaar?\nAntwoord: 12,5 kg (marge 0,1)\n\nValversnelling?\nAntwoord: 9,81 ± 0,05 m/s²\n\nGroei?\nAntwoord: 200 marge 5 %\n\nInwoners?\nAntwoord: 1.500');
    expect(questions.map((q) => q.problems)).toEqual([[], [], [], []]);
    const keys = questions.map((q) => q.body!.key);
    expect(keys[0]).toMatchObject({ value: 12.5, tolerance: 0.1, unit: 'kg', relative: false });
    expect(keys[1]).toMatchObject({ value: 9.81, tolerance: 0.05, unit: 'm/s²' });
    expect(keys[2]).toMatchObject({ value: 200, tolerance: 0.05, relative: true });
    expect(keys[3]).toMatchObject({ value: 1500 });
    for (const q of questions) {
      const own = readOwnKey(q.body!.type, q.body!.key);
      expect(own.problems).toBeUndefined();
    }
    const fields = readOwnKey('NUMERIC', keys[0]).fields!;
    expect(gradeOwn('q', fields, { text: '12,55 kg' }).status).toBe(1);
    expect(gradeOwn('q', fields, { text: '12,7' }).status).toBe(0);
    const growth = readOwnKey('NUMERIC', keys[2]).fields!;
    expect(gradeOwn('q', growth, { text: '209' }).status).toBe(1);
    expect(gradeOwn('q', growth, { text: '211' }).status).toBe(0);
  });

  it('marks the right choice in every way students write it', () => {
    const ways = [
      'Welke?\nA. een\nB. twee (juist)\nC. drie',
      'Welke?\n- een\n* twee\n- drie',
      'Welke?\na) een\nb) * twee\nc) drie',
      'Welke?\na) een\nb) twee ✓\nc) drie',
      'Welke?\na) een\nb) twee\nc) drie\nAntwoord: B',
      'Welke?\n- een\n- twee\n- drie\nAntwoord: twee',
    ];
    for (const way of ways) {
      const [q] = read(way);
      expect(q!.problems, way).toEqual([]);
      expect((q!.body!.key.answers as Array<{ correct: boolean }>).map((a) => a.correct), way).toEqual([false, true, false]);
    }
  });

  it('names what is wrong in Dutch and gives the block back, and reads the rest', () => {
    const text = 'Welke?\na) een\nb) twee\n\nHoeveel?\n\nKies:\na) een *\nb) twee *\n\nParen:\nlos\n\nGoed?\nAntwoord: ja';
    const questions = read(text);
    expect(questions).toHaveLength(5);
    expect(questions[0]!.problems[0]).toMatch(/geen goed antwoord gemarkeerd/);
    expect(questions[0]!.source).toBe('Welke?\na) een\nb) twee');
    expect(questions[1]!.problems[0]).toMatch(/antwoord ontbreekt/i);
    expect(questions[2]!.problems[0]).toMatch(/meer antwoorden als goed/);
    expect(questions[3]!.problems.join(' ')).toMatch(/geen paar|De vraag zelf ontbreekt/);
    expect(questions[4]!.problems).toEqual([]);
    expect(questions[4]!.body!.type).toBe('TYPED');
    for (const q of questions.slice(0, 4)) expect(q.body).toBeUndefined();
  });

  it('keeps a numbered ordering list inside one question, and a typed answer with words after a number', () => {
    const [q, r] = read('1. Volgorde van de planeten vanaf de zon?\nVolgorde:\n1. Mercurius\n2. Venus\n3. Aarde\n2. In welk jaar?\nAntwoord: 1945 was het eind');
    expect(q!.body!.type).toBe('ORDERING');
    expect(q!.body!.key.items).toEqual(['Mercurius', 'Venus', 'Aarde']);
    // "2." after "3." of the list is out of sequence: the next question starts there
    expect(r!.body).toEqual({ type: 'TYPED', prompt: 'In welk jaar?', key: { accepted: ['1945 was het eind'], typos: true }, explanation: '' });
  });

  it('reads at most the limit and says there was more', () => {
    const many = Array.from({ length: PASTE_LIMITS.questions + 5 }, (_, i) => `Vraag ${i}?\nAntwoord: ${i}`).join('\n\n');
    const result = readPastedQuestions(many);
    expect(result.questions).toHaveLength(PASTE_LIMITS.questions);
    expect(result.more).toBe(true);
    expect(readPastedQuestions('').questions).toEqual([]);
  });

  it('reads types the server accepts (each body passes readOwnKey)', () => {
    const types: OwnQuestionType[] = [];
    for (const q of read('A?\nAntwoord: x\n\nB?\nAntwoord: 3\n\nC?\n- a *\n- b')) {
      types.push(q.body!.type);
      expect(readOwnKey(q.body!.type, q.body!.key).problems).toBeUndefined();
    }
    expect(types).toEqual(['TYPED', 'NUMERIC', 'SELECT']);
  });
});
