import { describe, expect, it } from 'vitest';
import { keyIsLongest, readLength } from './answer-length.ts';

const answers = (correct: string, ...wrong: string[]) => [{ text: correct, correct: true }, ...wrong.map((text) => ({ text, correct: false }))];

describe('keyIsLongest', () => {
  it('is true only when the one correct answer is longer than every other', () => {
    expect(keyIsLongest(answers('een lang en volledig antwoord', 'kort', 'ook kort'))).toBe(true);
    expect(keyIsLongest(answers('kort', 'een lang en volledig antwoord'))).toBe(false);
    // a tie is no giveaway
    expect(keyIsLongest(answers('abcd', 'efgh'))).toBe(false);
  });

  it('reads the length as a student does: without Markdown marks and extra spaces', () => {
    expect(readLength('**vet**   woord')).toBe('vet woord'.length);
    expect(keyIsLongest(answers('**a**', 'bcd'))).toBe(false);
  });

  it('says nothing without exactly one correct answer', () => {
    expect(keyIsLongest([{ text: 'lang antwoord', correct: false }, { text: 'x', correct: false }])).toBe(false);
    expect(keyIsLongest([{ text: 'lang antwoord', correct: true }, { text: 'x', correct: true }])).toBe(false);
  });
});
