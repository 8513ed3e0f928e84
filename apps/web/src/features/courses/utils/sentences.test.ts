import { describe, expect, it } from 'vitest';
import { clozeFront, forCard, isClozeWord, normalise, PICKED_MAX, sentenceAround, sentencesOf, wordsOf } from './sentences.ts';

const PAGE = `Festinger (1957)
Cognitieve dissonantie ontstaat wanneer gedrag en over-
tuiging botsen. Mensen zoeken dan een uitweg!   Is dat altijd zo? 3 studies zeggen van wel.`;

describe('sentences of a PDF page', () => {
  it('joins lines and a word broken at a line end, and splits the page into sentences', () => {
    expect(normalise('over-\n  tuiging  en\tzo')).toBe('overtuiging en zo');
    expect(sentencesOf(PAGE)).toEqual([
      'Festinger (1957)',
      'Cognitieve dissonantie ontstaat wanneer gedrag en overtuiging botsen.',
      'Mensen zoeken dan een uitweg!',
      'Is dat altijd zo?',
      '3 studies zeggen van wel.',
    ]);
  });

  it('keeps a sentence of prose broken over lines whole, and a slide title and its bullets apart', () => {
    const prose = 'Volgens de theorie van de sociale vergelijking kijken mensen naar\nFestinger en anderen om zich te meten.';
    expect(sentencesOf(prose)).toEqual(['Volgens de theorie van de sociale vergelijking kijken mensen naar Festinger en anderen om zich te meten.']);
    expect(sentencesOf('Sociale cognitie\n• Attitudes\n• Gedrag en keuzes\nSamenvatting: 3 punten')).toEqual(['Sociale cognitie', '• Attitudes', '• Gedrag en keuzes', 'Samenvatting: 3 punten']);
  });

  it('finds the sentence around a selection, across a line end', () => {
    expect(sentenceAround(PAGE, 'uitweg')).toBe('Mensen zoeken dan een uitweg!');
    expect(sentenceAround(PAGE, 'gedrag en\nover-\ntuiging')).toBe('Cognitieve dissonantie ontstaat wanneer gedrag en overtuiging botsen.');
    expect(sentenceAround(PAGE, 'niet op deze pagina')).toBe('niet op deze pagina');
  });

  it('leaves out a whole word for a cloze, not a part of another', () => {
    expect(clozeFront('Gedrag en overtuiging botsen.', 'overtuiging')).toBe('Gedrag en […] botsen.');
    expect(clozeFront('Het gedrag van de ge', 'ge')).toBe('Het gedrag van de […]');
    expect(clozeFront('Cognitieve dissonantie (Festinger)', 'Festinger')).toBe('Cognitieve dissonantie ([…])');
    expect(clozeFront('Geen treffer hier.', 'dissonantie')).toBeNull();
    expect(clozeFront('Een prijs van $5 (of meer).', '$5 (of')).toBe('Een prijs van […] meer).');
  });

  it('offers the words of a sentence once, and takes a short selection as the word', () => {
    expect(wordsOf('Mensen zoeken dan een uitweg: mensen, zoeken!')).toEqual(['Mensen', 'zoeken', 'dan', 'een', 'uitweg', 'mensen']);
    expect(isClozeWord('cognitieve dissonantie')).toBe(true);
    expect(isClozeWord('een zin van meer dan vijf woorden lang')).toBe(false);
    expect(isClozeWord('  ')).toBe(false);
  });

  it('cuts a long selection at a word for a card', () => {
    const long = 'woord '.repeat(200);
    const card = forCard(long);
    expect(card.length).toBeLessThanOrEqual(PICKED_MAX + 1);
    expect(card.endsWith('woord…')).toBe(true);
  });
});
