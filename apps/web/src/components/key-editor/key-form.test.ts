import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { gradeResponse } from '@blok/domain/question-types';
import { formIssues, formSpec, formToKey, keyToForm, nextItemId, readAuthorNumber, type KeyForm } from './key-form.ts';

/** The key's object, as the API's document reads it (documentSource parses `key` with yaml). */
const fields = (form: KeyForm) => parse(formToKey(form) || '{}') as Record<string, unknown>;

describe('a typed-answer key', () => {
  it('reads the accepted answers and typos from the key, and writes them back', () => {
    const { form, unreadable } = keyToForm('typed', 'accepted:\n  - mitochondrium\n  - mitochondriën\ntypos: false\n');
    expect(unreadable).toBeNull();
    expect(form).toEqual({ kind: 'typed', accepted: ['mitochondrium', 'mitochondriën'], typos: false });
    expect(fields(form)).toEqual({ accepted: ['mitochondrium', 'mitochondriën'], typos: false });
  });

  it('leaves the default typo tolerance out, and starts with one empty answer', () => {
    const { form } = keyToForm('typed', undefined);
    expect(form).toEqual({ kind: 'typed', accepted: [''], typos: true });
    expect(fields({ kind: 'typed', accepted: ['Parijs'], typos: true })).toEqual({ accepted: ['Parijs'] });
    // a number in YAML comes back as text: the importer takes strings only
    expect(keyToForm('typed', 'accepted: [1984]').form).toMatchObject({ accepted: ['1984'] });
  });
});

describe('a numeric key', () => {
  it('shows numbers the Dutch way and writes YAML numbers', () => {
    const { form } = keyToForm('numeric', 'value: -0.25\ntolerance: 0.01\nunit: €\nunitAliases: [euro, EUR]\n');
    expect(form).toEqual({ kind: 'numeric', value: '-0,25', tolerance: '0,01', relative: false, unit: '€', unitAliases: 'euro, EUR' });
    expect(fields(form)).toEqual({ value: -0.25, tolerance: 0.01, unit: '€', unitAliases: ['euro', 'EUR'] });
  });

  it('takes a decimal comma, and a relative tolerance in percent', () => {
    const form: KeyForm = { kind: 'numeric', value: '1,5', tolerance: '2,5', relative: true, unit: '', unitAliases: '' };
    expect(fields(form)).toEqual({ value: 1.5, tolerance: 0.025, relative: true });
    expect(keyToForm('numeric', formToKey(form)).form).toEqual(form);
    expect(keyToForm('numeric', 'value: 3\ntolerance: 0.1\nrelative: true').form).toMatchObject({ tolerance: '10', relative: true });
  });

  it('writes what is no number as text, so the importer names it, and says so itself', () => {
    const form: KeyForm = { kind: 'numeric', value: 'veel', tolerance: '1.500', relative: false, unit: '', unitAliases: '' };
    expect(fields(form)).toEqual({ value: 'veel', tolerance: '1.500' });
    expect(formIssues(form)).toEqual([
      { field: 'value', issue: 'notANumber' },
      { field: 'tolerance', issue: 'ambiguous' },
    ]);
    expect(keyToForm('numeric', 'value: veel').form).toMatchObject({ value: 'veel' });
    expect(readAuthorNumber('3 kg')).toBeNull();
    expect(readAuthorNumber('−2,5')).toBe(-2.5);
  });

  it('leaves out an empty value and a tolerance of 0', () => {
    expect(formToKey({ kind: 'numeric', value: '', tolerance: '0', relative: false, unit: ' ', unitAliases: '' })).toBe('');
  });
});

describe('an ordering key', () => {
  it('reads items as written, ids by position or their own', () => {
    const { form } = keyToForm('ordering', 'items:\n  - Profase\n  - { id: i4, text: Metafase }\n  - Anafase\n');
    expect(form).toEqual({
      kind: 'ordering',
      items: [
        { id: 'i1', text: 'Profase' },
        { id: 'i4', text: 'Metafase' },
        { id: 'i3', text: 'Anafase' },
      ],
    });
    expect(fields(form)).toEqual({ items: ['Profase', { id: 'i4', text: 'Metafase' }, 'Anafase'] });
  });

  it('keeps an item its id when it moves, so her stored order still points at it', () => {
    const moved: KeyForm = { kind: 'ordering', items: [{ id: 'i2', text: 'B' }, { id: 'i1', text: 'A' }] };
    expect(fields(moved)).toEqual({ items: [{ id: 'i2', text: 'B' }, { id: 'i1', text: 'A' }] });
    expect(keyToForm('ordering', formToKey(moved)).form).toEqual(moved);
    expect(nextItemId(moved.items)).toBe('i3');
    expect(nextItemId([{ id: 'i3', text: '' }])).toBe('i2');
  });

  it('starts with two empty items', () => {
    expect(keyToForm('ordering', '').form).toEqual({ kind: 'ordering', items: [{ id: 'i1', text: '' }, { id: 'i2', text: '' }] });
  });
});

describe('a matching key', () => {
  it('reads pairs and decoys and writes them back', () => {
    const key = 'pairs:\n  - { left: Mitochondrium, right: Energie }\n  - { left: Ribosoom, right: Eiwitsynthese }\ndecoys: [Fotosynthese]\n';
    const { form } = keyToForm('matching', key);
    expect(form).toEqual({
      kind: 'matching',
      pairs: [
        { left: 'Mitochondrium', right: 'Energie' },
        { left: 'Ribosoom', right: 'Eiwitsynthese' },
      ],
      decoys: ['Fotosynthese'],
    });
    expect(fields(form)).toEqual(parse(key));
    expect(fields({ ...form, decoys: [] } as KeyForm)).not.toHaveProperty('decoys');
  });
});

describe('a cloze key', () => {
  it('holds the instruction and typos; the sentence is the question text', () => {
    const { form } = keyToForm('cloze', 'instruction: Vul aan.\ntypos: false\n');
    expect(form).toEqual({ kind: 'cloze', instruction: 'Vul aan.', typos: false });
    expect(fields(form)).toEqual({ instruction: 'Vul aan.', typos: false });
    expect(formToKey({ kind: 'cloze', instruction: ' ', typos: true })).toBe('');
  });
});

describe('a key of another kind or no YAML', () => {
  it('drops the fields of the other kind when the kind changes', () => {
    expect(keyToForm('numeric', 'accepted: [x]').form).toEqual({ kind: 'numeric', value: '', tolerance: '', relative: false, unit: '', unitAliases: '' });
  });

  it('keeps the text of a key that is no mapping, to show it', () => {
    expect(keyToForm('typed', '- a\n- b').unreadable).toBe('- a\n- b');
    expect(keyToForm('typed', 'accepted: [a').form).toEqual({ kind: 'typed', accepted: [''], typos: true });
  });
});

describe('the spec the preview grades with', () => {
  it('grades as the importer stores it: variants, tolerance with a comma, order, pairs, gaps', () => {
    const typed = formSpec('q', '', { kind: 'typed', accepted: ['Parijs', 'Paris'], typos: true })!;
    expect(gradeResponse(typed, { text: 'parys' }).status).toBe(1);
    expect(gradeResponse(typed, { text: 'Londen' }).status).toBe(0);

    const numeric = formSpec('q', '', { kind: 'numeric', value: '0,25', tolerance: '0,01', relative: false, unit: '', unitAliases: '' })!;
    expect(gradeResponse(numeric, { text: '0,26' }).status).toBe(1);
    expect(gradeResponse(numeric, { text: '0,3' }).status).toBe(0);

    const ordering = formSpec('q', '', { kind: 'ordering', items: [{ id: 'i2', text: 'B' }, { id: 'i1', text: 'A' }] })!;
    expect(ordering).toEqual({ type: 'ORDERING', items: [{ id: 'q-i2', text: 'B' }, { id: 'q-i1', text: 'A' }] });
    expect(gradeResponse(ordering, { order: ['q-i2', 'q-i1'] }).status).toBe(1);

    const matching = formSpec('q', '', { kind: 'matching', pairs: [{ left: 'a', right: '1' }, { left: 'b', right: '2' }], decoys: ['3'] })!;
    expect(gradeResponse(matching, { pairs: { 'q-l1': 'q-r1', 'q-l2': 'q-r2' } }).status).toBe(1);
    expect(gradeResponse(matching, { pairs: { 'q-l1': 'q-r3', 'q-l2': 'q-r2' } }).status).toBe(2);

    const cloze = formSpec('q', 'De {{hoofdstad|hoofdplaats}} van {{Frankrijk}}.', { kind: 'cloze', instruction: '', typos: true })!;
    expect(gradeResponse(cloze, { gaps: ['hoofdplaats', 'frankrijk'] }).status).toBe(1);
  });

  it('makes none while the form cannot: no number, an empty item, no gap', () => {
    expect(formSpec('q', '', { kind: 'numeric', value: 'veel', tolerance: '', relative: false, unit: '', unitAliases: '' })).toBeNull();
    expect(formSpec('q', '', { kind: 'ordering', items: [{ id: 'i1', text: 'A' }, { id: 'i2', text: ' ' }] })).toBeNull();
    expect(formSpec('q', 'Geen open plek.', { kind: 'cloze', instruction: '', typos: true })).toBeNull();
    expect(formSpec('q', '', { kind: 'typed', accepted: [' '], typos: true })).toBeNull();
  });
});
