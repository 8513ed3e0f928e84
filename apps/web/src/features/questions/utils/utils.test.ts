import { describe, expect, it } from 'vitest';
import { answerIndexForKey, answerLabel } from './labels.ts';
import { formatGrade, gradeTone } from './grade.ts';
import { statusKind } from './session.ts';

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

describe('grade', () => {
  it('is green from 5.5, red below, orange when unknown', () => {
    expect(gradeTone(5.5)).toBe('pass');
    expect(gradeTone(5.4)).toBe('fail');
    expect(gradeTone(1)).toBe('fail');
    expect(gradeTone(null)).toBe('unknown');
  });

  it('shows Dutch decimals and a question mark', () => {
    expect(formatGrade(7.5)).toBe('7,5');
    expect(formatGrade(10)).toBe('10,0');
    expect(formatGrade(null)).toBe('?');
  });
});

describe('statusKind', () => {
  it('maps the status codes', () => {
    expect([1, 2, 0, -1, 3, 4].map(statusKind)).toEqual(['correct', 'partial', 'wrong', 'open', 'open', 'open']);
  });
});
