import { describe, expect, it } from 'vitest';
import { answerProblems, positionBalance } from './checks.ts';
import type { QuestionListManifest, QuestionManifest } from './schema.ts';

const select = (correct: number[], k = 4, multiple = false): QuestionManifest => ({
  id: 'q',
  type: 'SELECT',
  text: 'Vraag?',
  multiple,
  answers: Array.from({ length: k }, (_, i) => ({ text: `Antwoord ${i + 1}`, correct: correct.includes(i), pinned: false })),
  feedback: 'Toelichting.',
  recommended: false,
});
const list = (questions: QuestionManifest[]): QuestionListManifest => ({
  id: 'l',
  title: 'Lijst',
  description: 'Lijst.',
  sortIndex: 1,
  answerDisplaying: 2,
  recommendedQuestions: 1,
  questions,
});

describe('positionBalance', () => {
  it('finds twelve single-answer questions all correct at A lopsided, and expects three per position', () => {
    const balance = positionBalance([list(Array.from({ length: 12 }, () => select([0])))], 'single');
    expect(balance.observed).toEqual([12, 0, 0, 0, 0]);
    expect(balance.expected).toEqual([3, 3, 3, 3, 0]);
    expect(balance.chiSquare).toBe(36);
    expect(balance.lopsided).toBe(true);
  });

  it('accepts the same questions spread over A to D, and a mild lean (5, 3, 2, 2)', () => {
    const even = [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3].map((p) => select([p]));
    expect(positionBalance([list(even)], 'single').lopsided).toBe(false);
    const lean = [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3].map((p) => select([p]));
    expect(positionBalance([list(lean)], 'single').lopsided).toBe(false);
  });

  it('counts the wrong answers of multiple-answer questions: four times A+B+C of four (D always wrong) is lopsided', () => {
    const questions = [...Array.from({ length: 4 }, () => select([0, 1, 2], 4, true)), select([0])];
    const balance = positionBalance([list(questions)], 'multiple');
    expect(balance.observed).toEqual([0, 0, 0, 4, 0]);
    expect(balance.expected).toEqual([1, 1, 1, 1, 0]);
    expect(balance.lopsided).toBe(true);
    expect(positionBalance([list(questions)], 'single').observed).toEqual([1, 0, 0, 0, 0]);
    const mixed = [select([0, 1, 2], 4, true), select([1, 2, 3], 4, true), select([0, 2, 3], 4, true), select([0, 1, 3], 4, true)];
    expect(positionBalance([list(mixed)], 'multiple').lopsided).toBe(false);
  });

  it('says nothing about a subject without SELECT questions', () => {
    expect(positionBalance([], 'single').lopsided).toBe(false);
    expect(positionBalance([], 'multiple').lopsided).toBe(false);
  });
});

describe('answerProblems', () => {
  it('accepts one correct answer, or two of four with multiple: true', () => {
    expect(answerProblems(select([2]))).toEqual([]);
    expect(answerProblems(select([1, 3], 4, true))).toEqual([]);
  });
});
