import { describe, expect, it } from 'vitest';
import { foldForSearch, searchTerms, snippetOf, subjectSearchText } from './search.ts';

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

describe('searchTerms and snippetOf (issue 41)', () => {
  it('folds a query into its words, each once', () => {
    expect(searchTerms('  Cognitieve DISSONANTIE, dissonantie! café-uur ')).toEqual(['cognitieve', 'dissonantie', 'cafe', 'uur']);
    expect(searchTerms('¿?')).toEqual([]);
    // the most frequent Dutch words only count when there is nothing else
    expect(searchTerms('de theorie van Festinger')).toEqual(['theorie', 'festinger']);
    expect(searchTerms('Wat is het')).toEqual(['wat', 'is', 'het']);
  });

  it('cuts the text around the first word a term begins and marks the words, accents kept', () => {
    const text = 'Inleiding. De theorie van Festinger over cognitieve dissonantie verklaart waarom mensen hun mening bijstellen. Café én creme.';
    const s = snippetOf(text, ['dissonant', 'cafe'], 20);
    const marked = s.marks.map(([a, b]) => s.text.slice(a, b));
    expect(marked[0]).toBe('dissonant');
    expect(s.text.startsWith('…')).toBe(true);
    expect(snippetOf('Het café is open', ['cafe']).marks.map(([a, b]) => 'Het café is open'.slice(a, b))).toEqual(['café']);
  });

  it('marks words only where they begin', () => {
    const s = snippetOf('ontwerp en werp', ['werp']);
    expect(s.marks).toEqual([[11, 15]]);
  });
});
