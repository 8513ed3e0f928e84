import { describe, expect, it } from 'vitest';
import { foldForSearch, subjectSearchText } from './search.ts';

describe('foldForSearch', () => {
  it('folds case and accents', () => {
    expect(foldForSearch('Ethiek')).toBe('ethiek');
    expect(foldForSearch('Sociale')).toBe('sociale');
    expect(foldForSearch('Notariële praktijk')).toBe('notariele praktijk');
    expect(foldForSearch('ÉCOLE Ça')).toBe('ecole ca');
  });

  it('collapses whitespace and trims', () => {
    expect(foldForSearch('  Inleiding \n  recht ')).toBe('inleiding recht');
  });

  it('joins title and description for a subject', () => {
    expect(subjectSearchText({ title: 'Anatomie', description: 'Het bewegingsapparaat én de organen' })).toBe('anatomie het bewegingsapparaat en de organen');
  });
});
