import { describe, expect, it } from 'vitest';
import { answerIndexForKey, answerLabel } from './labels.ts';

describe('answer labels', () => {
  it('labels answers A to T and maps keys back, within the number of answers', () => {
    expect(answerLabel(0)).toBe('A');
    expect(answerLabel(19)).toBe('T');
    expect(answerIndexForKey('c', 4)).toBe(2);
    expect(answerIndexForKey('T', 20)).toBe(19);
    expect(answerIndexForKey('E', 4)).toBe(-1);
    expect(answerIndexForKey('U', 20)).toBe(-1);
    expect(answerIndexForKey('Enter', 4)).toBe(-1);
  });
});
