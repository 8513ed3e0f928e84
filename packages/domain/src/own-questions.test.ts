import { describe, expect, it } from 'vitest';
import { gradeOwn, readOwnKey } from './own-questions.ts';

describe('her own questions: keys and grading', () => {
  it('reads a key with its defaults, trimmed', () => {
    expect(readOwnKey('TYPED', { accepted: [' mediaan '] })).toEqual({ fields: { type: 'TYPED', accepted: ['mediaan'], typos: true } });
    expect(readOwnKey('NUMERIC', { value: 0.25, unit: ' € ' })).toEqual({ fields: { type: 'NUMERIC', value: 0.25, tolerance: 0, relative: false, unit: '€', unitAliases: [] } });
    expect(readOwnKey('ORDERING', { items: ['a', { id: 'i9', text: ' b ' }] })).toEqual({ fields: { type: 'ORDERING', items: ['a', 'b'] } });
    expect(readOwnKey('MATCHING', { pairs: [{ left: 'a', right: 'b' }, { left: 'c', right: 'd' }] }).fields).toMatchObject({ decoys: [] });
  });

  it('names every problem at its field', () => {
    const fields = (type: Parameters<typeof readOwnKey>[0], raw: unknown) => (readOwnKey(type, raw).problems ?? []).map((p) => `${p.field}:${p.code}`);
    expect(fields('SELECT', { answers: [{ text: 'a', correct: true }, { text: '', correct: true }] })).toEqual(['answers.1:empty', 'answers:one_correct']);
    expect(fields('SELECT', { answers: [{ text: 'a' }, { text: 'b' }] })).toEqual(['answers:one_correct']);
    expect(fields('NUMERIC', { value: '0,25' })).toEqual(['value:not_a_number']);
    expect(fields('NUMERIC', {})).toEqual(['value:required']);
    expect(fields('NUMERIC', { value: 1, tolerance: -0.1 })).toEqual(['tolerance:negative']);
    expect(fields('TYPED', { accepted: [] })).toEqual(['accepted:too_few']);
    expect(fields('ORDERING', { items: Array.from({ length: 11 }, (_, i) => `x${i}`) })).toEqual(['items:too_many']);
    expect(fields('MATCHING', { pairs: [{ left: 'a' }] })).toEqual(['pairs:too_few', 'pairs.0.right:empty']);
  });

  it('grades a choice and the rule-graded types as Blok does', () => {
    const choice = readOwnKey('SELECT', { answers: [{ text: 'a' }, { text: 'b', correct: true }] }).fields!;
    expect(gradeOwn('q', choice, { choice: 'a2' })).toMatchObject({ status: 1, score: 1, correctChoice: 'a2' });
    expect(gradeOwn('q', choice, { choice: 'a1' })).toMatchObject({ status: 0, score: 0 });
    expect(gradeOwn('q', choice, {})).toMatchObject({ status: 0 });
    const numeric = readOwnKey('NUMERIC', { value: 1500 }).fields!;
    expect(gradeOwn('q', numeric, { text: '1.500' }).status).toBe(1);
    expect(gradeOwn('q', numeric, { text: 'veel' }).unreadable).toBe(true);
    const ordering = readOwnKey('ORDERING', { items: ['a', 'b', 'c'] }).fields!;
    expect(gradeOwn('q', ordering, { order: ['q-i1', 'q-i2', 'q-i3'] }).status).toBe(1);
    expect(gradeOwn('q', ordering, { order: ['q-i2', 'q-i1', 'q-i3'] }).status).toBe(0);
  });
});
