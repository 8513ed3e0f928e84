import { describe, expect, it } from 'vitest';
import {
  clozeBlanks,
  cardAccepted,
  clozeParts,
  gradeCardAnswer,
  expectedText,
  gradeResponse,
  orderingShown,
  parseSpec,
  specKey,
  clozeGaps,
  editDistance,
  foldTyped,
  formatDutchNumber,
  gradeCloze,
  gradeMatching,
  gradeNumeric,
  gradeOrdering,
  gradeTyped,
  parseDutchNumber,
  scoreOfStatus,
  typoAllowance,
} from './question-types.ts';

describe('typed answers', () => {
  const spec = { accepted: ['Mitochondrium', 'mitochondriën', 'het mitochondrium'] };

  it('accepts every variant, ignoring case, accents, outer punctuation and spacing', () => {
    for (const answer of ['mitochondrium', 'MITOCHONDRIUM', '  Mitochondrium. ', 'mitochondrien', 'Mitochondriën!', 'het  mitochondrium', '"mitochondrium"']) {
      expect(gradeTyped(answer, spec), answer).toMatchObject({ status: 1, score: 1, typo: false });
    }
    expect(gradeTyped('mitochondrien', spec).matched).toBe('mitochondriën');
    expect(foldTyped('Émile-Zola’s')).toBe('emile zolas');
  });

  it('forgives a small typo in a long enough answer and says so, but not in a short one or one with digits', () => {
    expect(gradeTyped('mitochondirum', spec)).toMatchObject({ status: 1, typo: true, matched: 'Mitochondrium', expected: 'Mitochondrium' });
    expect(gradeTyped('mitochndrium', spec)).toMatchObject({ status: 1, typo: true });
    expect(gradeTyped('mitokondrim', spec)).toMatchObject({ status: 0, matched: null }); // two edits in 13 letters: allowed 2? no: 'mitochondrium' vs 'mitokondrim' is 3
    expect(gradeTyped('ribosoom', spec).status).toBe(0);
    expect(gradeTyped('cel', { accepted: ['kern'] }).status).toBe(0);
    expect(gradeTyped('kren', { accepted: ['kern'] }).status).toBe(0); // four letters: no typo allowed
    expect(gradeTyped('1:251a', { accepted: ['1:251b'] }).status).toBe(0);
    expect(gradeTyped('1948', { accepted: ['1984'] }).status).toBe(0);
    expect(gradeTyped('mitochondirum', { ...spec, typos: false }).status).toBe(0);
  });

  it('grades an empty answer wrong and always names the expected answer for the feedback', () => {
    expect(gradeTyped('   ', spec)).toEqual({ status: 0, score: 0, matched: null, typo: false, expected: 'Mitochondrium' });
    expect(gradeTyped('fout', spec).expected).toBe('Mitochondrium');
  });

  it('counts edits with a swap of neighbours as one, and allows more typos in longer words', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abcd', 'abdc')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('aaaaaaaa', 'bbbbbbbb', 2)).toBe(3);
    expect([typoAllowance('kern'), typoAllowance('ribosoom'), typoAllowance('mitochondrium'), typoAllowance('artikel 12')]).toEqual([0, 1, 2, 0]);
  });
});

describe('numeric answers', () => {
  it('reads the Dutch decimal comma, a point, thousands separators, a sign, a power of ten and a unit', () => {
    expect(parseDutchNumber('0,25')).toEqual({ values: [0.25], unit: '' });
    expect(parseDutchNumber('0.25')).toEqual({ values: [0.25], unit: '' });
    expect(parseDutchNumber('1.234,5')).toEqual({ values: [1234.5], unit: '' });
    expect(parseDutchNumber('1 234,5')).toEqual({ values: [1234.5], unit: '' });
    expect(parseDutchNumber('1.234.567')).toEqual({ values: [1234567], unit: '' });
    expect(parseDutchNumber('1,234.5')).toEqual({ values: [1234.5], unit: '' });
    expect(parseDutchNumber('−3,5')).toEqual({ values: [-3.5], unit: '' });
    expect(parseDutchNumber('-0,5')).toEqual({ values: [-0.5], unit: '' });
    expect(parseDutchNumber('1,5e3')!.values[0]).toBeCloseTo(1500);
    expect(parseDutchNumber('1,5 x 10^-3')!.values[0]).toBeCloseTo(0.0015);
    expect(parseDutchNumber('€ 12,50')).toEqual({ values: [12.5], unit: '€' });
    expect(parseDutchNumber('12,50 euro')).toEqual({ values: [12.5], unit: 'euro' });
    expect(parseDutchNumber('12 %')).toEqual({ values: [12], unit: '%' });
    // "1.500": 1500 the Dutch way, 1.5 the English way
    expect(parseDutchNumber('1.500')!.values.sort((a, b) => a - b)).toEqual([1.5, 1500]);
    for (const nonsense of ['', 'veel', '3 4', '1,2,3', '1.2.3', ',', '€ 5 euro']) expect(parseDutchNumber(nonsense), nonsense).toBeNull();
  });

  it('grades within an absolute or a relative tolerance, and exactly without one', () => {
    expect(gradeNumeric('2,5', { value: 2.5 })).toMatchObject({ status: 1, score: 1, given: 2.5 });
    expect(gradeNumeric('2,51', { value: 2.5 }).status).toBe(0);
    expect(gradeNumeric('0,1', { value: 0.1 + 0.2 - 0.2 }).status).toBe(1); // rounding noise passes
    expect(gradeNumeric('2,54', { value: 2.5, tolerance: 0.05 }).status).toBe(1);
    expect(gradeNumeric('2,56', { value: 2.5, tolerance: 0.05 }).status).toBe(0);
    expect(gradeNumeric('1010', { value: 1000, tolerance: 0.01, relative: true }).status).toBe(1);
    expect(gradeNumeric('1011', { value: 1000, tolerance: 0.01, relative: true }).status).toBe(0);
    expect(gradeNumeric('-0,99', { value: -1, tolerance: 0.01, relative: true }).status).toBe(1);
  });

  it('takes the unit when she gives it, refuses another, and marks unreadable input', () => {
    const euro = { value: 12.5, unit: '€', unitAliases: ['euro'] };
    expect(gradeNumeric('12,50', euro).status).toBe(1);
    expect(gradeNumeric('€12,50', euro).status).toBe(1);
    expect(gradeNumeric('12,50 Euro', euro).status).toBe(1);
    expect(gradeNumeric('12,50 dollar', euro)).toMatchObject({ status: 0, unreadable: false });
    expect(gradeNumeric('twaalf', euro)).toMatchObject({ status: 0, unreadable: true, given: null, expected: '€ 12,5' });
    expect(gradeNumeric('3 mV', { value: 3, unit: 'mV' }).status).toBe(1);
    expect(gradeNumeric('3 MV', { value: 3, unit: 'mV' }).status).toBe(0);
  });

  it('shows the expected value the Dutch way', () => {
    expect(formatDutchNumber(0.25)).toBe('0,25');
    expect(formatDutchNumber(12500, 'kg')).toBe('12.500 kg');
    expect(formatDutchNumber(1250)).toBe('1250');
    expect(formatDutchNumber(-3.5, '€')).toBe('€ -3,5');
  });
});

describe('ordering', () => {
  const correct = ['a', 'b', 'c', 'd', 'e'];
  it('is right in the right order, partly right with one item out of place, wrong otherwise', () => {
    expect(gradeOrdering(correct, correct)).toEqual({ status: 1, score: 1 });
    expect(gradeOrdering(['b', 'a', 'c', 'd', 'e'], correct)).toEqual({ status: 2, score: 0.5 });
    expect(gradeOrdering(['a', 'c', 'd', 'e', 'b'], correct).status).toBe(2);
    expect(gradeOrdering(['b', 'a', 'd', 'c', 'e'], correct).status).toBe(0);
    expect(gradeOrdering(['e', 'd', 'c', 'b', 'a'], correct).status).toBe(0);
    // three items: one out of place is no partial credit
    expect(gradeOrdering(['b', 'a', 'c'], ['a', 'b', 'c']).status).toBe(0);
  });
  it('is wrong when items are missing, doubled or foreign', () => {
    expect(gradeOrdering(['a', 'b', 'c', 'd'], correct).status).toBe(0);
    expect(gradeOrdering(['a', 'a', 'c', 'd', 'e'], correct).status).toBe(0);
    expect(gradeOrdering(['a', 'b', 'c', 'd', 'x'], correct).status).toBe(0);
  });
});

describe('matching', () => {
  const correct = { hart: 'bloed pompen', longen: 'gaswisseling', nieren: 'urine maken', lever: 'gal maken' };
  it('is right with every pair, partly right with at least half, wrong otherwise', () => {
    expect(gradeMatching(correct, correct)).toMatchObject({ status: 1, score: 1, right: 4, total: 4 });
    expect(gradeMatching({ ...correct, nieren: 'gal maken', lever: 'urine maken' }, correct)).toMatchObject({ status: 2, score: 0.5, right: 2 });
    expect(gradeMatching({ hart: 'gaswisseling', longen: 'bloed pompen', nieren: 'gal maken', lever: 'urine maken' }, correct)).toMatchObject({ status: 0, right: 0 });
    expect(gradeMatching({ hart: 'bloed pompen' }, correct)).toMatchObject({ status: 0, right: 1 });
  });
  it('does not count a pair she left out or one that is not asked', () => {
    const { lever: _left, ...three } = correct;
    expect(gradeMatching(three, correct)).toMatchObject({ status: 2, right: 3 });
    expect(gradeMatching({ ...correct, milt: 'x' }, correct).status).toBe(2);
  });
});

describe('cloze', () => {
  const text = 'De {{mitochondriën|mitochondrien}} maken ATP; de {{ribosomen}} maken eiwitten in de {{cel}}.';
  it('reads the gaps and their variants, and shows numbered blanks', () => {
    expect(clozeGaps(text)).toEqual([{ accepted: ['mitochondriën', 'mitochondrien'] }, { accepted: ['ribosomen'] }, { accepted: ['cel'] }]);
    expect(clozeBlanks(text)).toBe('De [1] maken ATP; de [2] maken eiwitten in de [3].');
  });
  it('is right with every gap, partly right with at least half, wrong otherwise', () => {
    const gaps = clozeGaps(text);
    expect(gradeCloze(['Mitochondrien', 'ribosomen', 'cel'], gaps)).toMatchObject({ status: 1, score: 1 });
    expect(gradeCloze(['mitochondrien', 'ribosomen', 'kern'], gaps)).toMatchObject({ status: 2, score: 0.5 });
    expect(gradeCloze(['mitochondrien', '', ''], gaps).status).toBe(0);
    expect(gradeCloze([], gaps).gaps.map((g) => g.expected)).toEqual(['mitochondriën', 'ribosomen', 'cel']);
  });
});

describe('the score a graded answer carries', () => {
  it('is 1 right, 0.5 partly right, 0 otherwise', () => {
    expect([1, 2, 0, 4, -1].map(scoreOfStatus)).toEqual([1, 0.5, 0, 0, 0]);
  });
});

describe('one entry for every rule-graded type', () => {
  const items = [
    { id: 'q-i1', text: 'Profase' },
    { id: 'q-i2', text: 'Metafase' },
    { id: 'q-i3', text: 'Anafase' },
  ];

  it('grades each type by its stored spec', () => {
    expect(gradeResponse({ type: 'TYPED', accepted: ['mitochondrium'] }, { text: 'Mitochondirum' })).toMatchObject({ status: 1, typo: true });
    expect(gradeResponse({ type: 'NUMERIC', value: 0.25 }, { text: '0,25' }).status).toBe(1);
    expect(gradeResponse({ type: 'NUMERIC', value: 0.25 }, { text: 'kwart' })).toMatchObject({ status: 0, unreadable: true });
    expect(gradeResponse({ type: 'ORDERING', items }, { order: ['q-i1', 'q-i2', 'q-i3'] }).status).toBe(1);
    expect(gradeResponse({ type: 'ORDERING', items }, { order: ['q-i2', 'q-i1', 'q-i3'] }).status).toBe(0);
    const matching = { type: 'MATCHING' as const, left: items, right: items, pairs: { a: 'x', b: 'y' } };
    expect(gradeResponse(matching, { pairs: { a: 'x', b: 'x' } })).toMatchObject({ status: 2, score: 0.5 });
    const cloze = { type: 'CLOZE' as const, text: 'De {{cel}} en de {{kern|nucleus}}.', gaps: clozeGaps('De {{cel}} en de {{kern|nucleus}}.') };
    expect(gradeResponse(cloze, { gaps: ['cel', 'Nucleus'] })).toMatchObject({ status: 1, gapsRight: [true, true] });
    expect(gradeResponse(cloze, { gaps: ['cel', 'wand'] })).toMatchObject({ status: 2, gapsRight: [true, false] });
  });

  it('names the expected answer and cuts a cloze at its gaps', () => {
    expect(expectedText({ type: 'NUMERIC', value: 12.5, unit: '€' })).toBe('€ 12,5');
    expect(expectedText({ type: 'CLOZE', text: 'De {{kern|nucleus}} stuurt.', gaps: [] })).toBe('De kern stuurt.');
    expect(clozeParts('De {{a}} en {{b}}.')).toEqual(['De ', ' en ', '.']);
  });

  it('keeps the key apart from the texts: a changed item text is the same key, a changed order another', () => {
    const renamed = items.map((i) => ({ ...i, text: `${i.text}!` }));
    expect(specKey({ type: 'ORDERING', items: renamed })).toBe(specKey({ type: 'ORDERING', items }));
    expect(specKey({ type: 'ORDERING', items: [items[1]!, items[0]!, items[2]!] })).not.toBe(specKey({ type: 'ORDERING', items }));
    expect(parseSpec('{"type":"SELECT"}')).toBeUndefined();
    expect(parseSpec(JSON.stringify({ type: 'ORDERING', items }))).toEqual({ type: 'ORDERING', items });
  });

  it('never shows an ordering already in the right order', () => {
    expect(orderingShown(items, (x) => [...x]).map((i) => i.id)).toEqual(['q-i2', 'q-i3', 'q-i1']);
    expect(orderingShown(items, (x) => [...x].reverse()).map((i) => i.id)).toEqual(['q-i3', 'q-i2', 'q-i1']);
  });
});

describe('a typed flashcard answer', () => {
  it("is graded against the card's answer side, with or without its closing parenthetical", () => {
    expect(cardAccepted('Mitochondrium (de energiecentrale).')).toEqual(['Mitochondrium (de energiecentrale).', 'Mitochondrium']);
    expect(gradeCardAnswer('mitochondrium', 'Mitochondrium (de energiecentrale).').status).toBe(1);
    expect(gradeCardAnswer('Mitochondirum', 'Mitochondrium').typo).toBe(true);
    expect(gradeCardAnswer('ribosoom', 'Mitochondrium').status).toBe(0);
  });
});
