import { describe, expect, it } from 'vitest';
import { gradeOwn, readOwnKey } from '@blok/domain/own-questions';
import { bodyOf, formOf, keyProblems, practiceOrder, shownOf, withType } from './question-form.ts';
import { makeNumeric, makeQuestion } from '../test-data.ts';

describe('her own question as the editor holds it', () => {
  it('starts a new one as multiple choice with two answers, the first right', () => {
    const form = formOf();
    expect(form).toMatchObject({ type: 'SELECT', prompt: '', choices: [{ text: '', correct: true }, { text: '', correct: false }] });
    expect(bodyOf({ ...form, prompt: 'V', choices: [{ text: ' a ', correct: true }, { text: 'b', correct: false }] }).key).toEqual({ answers: [{ text: 'a', correct: true }, { text: 'b', correct: false }] });
  });

  it("reads a stored key into the key form's YAML and sends it back as the same fields", () => {
    const numeric = makeNumeric({ key: { value: 0.25, tolerance: 0.01, relative: false, unit: '€', unitAliases: ['euro'] } });
    const form = formOf(numeric);
    expect(form.key).toContain('value: 0.25');
    expect(bodyOf(form)).toEqual({ type: 'NUMERIC', prompt: numeric.prompt, explanation: numeric.explanation, key: numeric.key });
    // another type: the key starts empty, the question stays
    const typed = withType(form, 'TYPED');
    expect(typed).toMatchObject({ type: 'TYPED', key: '', prompt: numeric.prompt });
    expect(bodyOf(typed).key).toEqual({});
    // a key that is no YAML mapping is sent empty, to be refused at its fields
    expect(bodyOf({ ...form, key: '- a\n- b' }).key).toEqual({});
  });

  it("puts the server's problems at the key form's fields", () => {
    expect(keyProblems([{ field: 'prompt', message: 'Schrijf de vraag.' }, { field: 'key.items.1', message: 'Vul dit in.' }])).toEqual([{ field: 'items.1', message: 'Vul dit in.' }]);
  });
});

describe('her own question as practice shows it', () => {
  it('names choices and items as the server grades them, shuffled but never already in order', () => {
    const choice = shownOf(makeQuestion(), 7);
    expect(choice.choices.map((c) => c.id).sort()).toEqual(['a1', 'a2']);
    const ordering = makeQuestion({ id: 'q1', type: 'ORDERING', key: { items: ['een', 'twee', 'drie'] } });
    for (const seed of [1, 2, 3, 4, 5]) {
      const shown = shownOf(ordering, seed).interaction!;
      expect(shown.items.map((i) => i.id).sort()).toEqual(['q1-i1', 'q1-i2', 'q1-i3']);
      expect(shown.items.map((i) => i.text)).not.toEqual(['een', 'twee', 'drie']);
      // sent as shown, it is graded wrong by the same grader the server uses
      expect(gradeOwn('q1', readOwnKey('ORDERING', ordering.key).fields!, { order: shown.items.map((i) => i.id) }).status).not.toBe(1);
    }
    const matching = shownOf(makeQuestion({ id: 'q2', type: 'MATCHING', key: { pairs: [{ left: 'a', right: 'b' }, { left: 'c', right: 'd' }], decoys: ['e'] } }), 1).interaction!;
    expect(matching.items.map((i) => i.id)).toEqual(['q2-l1', 'q2-l2']);
    expect(matching.targets.map((i) => i.id).sort()).toEqual(['q2-r1', 'q2-r2', 'q2-r3']);
    expect(shownOf(makeNumeric({ key: { value: 3, unit: 'kg' } }), 1).interaction!.unit).toBe('kg');
  });

  it('practises what was not right last time first', () => {
    const ids = practiceOrder([makeQuestion({ id: 'r', lastStatus: 1 }), makeQuestion({ id: 'n' }), makeQuestion({ id: 'w', lastStatus: 0 })]).map((q) => q.id);
    expect(ids).toEqual(['n', 'w', 'r']);
  });
});
