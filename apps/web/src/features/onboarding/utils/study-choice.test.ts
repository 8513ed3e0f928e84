import { describe, expect, it } from 'vitest';
import { EMPTY_CHOICE, chooseStudy, chooseUniversity, chooseYear, isChoiceComplete, resolveChoiceNames } from './study-choice.ts';
import { testCatalogue } from '../../../testing/fixtures.ts';

describe('study choice', () => {
  it('clears study and year when the university changes, and the year when the study changes', () => {
    const full = chooseYear(chooseStudy(chooseUniversity(EMPTY_CHOICE, 'uva'), 'psy'), 'b1');
    expect(isChoiceComplete(full)).toBe(true);
    expect(chooseStudy(full, 'law')).toEqual({ university: 'uva', study: 'law', year: '' });
    expect(chooseUniversity(full, 'leiden')).toEqual({ university: 'leiden', study: '', year: '' });
    expect(chooseUniversity(full, 'uva')).toBe(full);
  });

  it('resolves ids to names and keeps unknown ids', () => {
    expect(resolveChoiceNames(testCatalogue, { university: 'uva', study: 'psy', year: 'b1' })).toEqual({
      university: 'Universiteit van Amsterdam',
      study: 'Psychologie',
      year: 'Bachelor 1',
    });
    expect(resolveChoiceNames(testCatalogue, { university: 'x', study: 'y', year: 'z' })).toEqual({ university: 'x', study: 'y', year: 'z' });
  });
});
