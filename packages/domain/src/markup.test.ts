import { describe, expect, it } from 'vitest';
import { plainText, stripMarkup } from './markup.ts';

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

describe('plainText', () => {
  it('keeps the visible text of inline HTML on one line', () => {
    expect(plainText('<em>Vraag</em> en\n <strong>aanbod</strong> ')).toBe('Vraag en aanbod');
  });
  it('decodes what a sanitizer escapes, so a comparison reads as written', () => {
    expect(plainText('MO &lt; MK &amp; P &gt; GTK')).toBe('MO < MK & P > GTK');
    expect(plainText('&quot;Recht&quot;&nbsp;&#39;21 &#x2013; nu')).toBe('"Recht" \'21 – nu');
  });
  it('leaves unknown entities and lone angle brackets alone', () => {
    expect(plainText('a &foo; b < c')).toBe('a &foo; b < c');
  });
  it('is empty for markup without text', () => {
    expect(plainText('<em></em> <strong> </strong>')).toBe('');
  });
});
