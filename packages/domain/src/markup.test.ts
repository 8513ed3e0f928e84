import { describe, expect, it } from 'vitest';
import { stripMarkup } from './markup.ts';

describe('stripMarkup', () => {
  it('removes tags and emphasis but keeps comparisons', () => {
    expect(stripMarkup('<em>Hoofdstuk</em> **1**')).toBe('Hoofdstuk 1');
    expect(stripMarkup('MO < MK en P > GTK')).toBe('MO < MK en P > GTK');
  });
  it('treats a title of only markup as empty', () => {
    expect(stripMarkup('<em></em> <strong> </strong>').trim()).toBe('');
  });
  it('drops heading and quote markers and image syntax', () => {
    expect(stripMarkup('## Titel\n> citaat\n![alt](images/x.svg)')).toBe('Titel\nciteat'.replace('citeat', 'citaat') + '\n');
  });
});
