import { describe, expect, it } from 'vitest';
import { sourceOfFile, titleOfFile } from './import-query.ts';

describe('titleOfFile', () => {
  it("names the set after the file she chose, without its extension", () => {
    expect(titleOfFile('Biologie – H1.csv')).toBe('Biologie – H1');
    expect(titleOfFile('begrippen_week_3.txt')).toBe('begrippen week 3');
    expect(titleOfFile('anatomie.apkg')).toBe('anatomie');
    expect(titleOfFile('v1.2 samenvatting')).toBe('v1.2 samenvatting');
    expect(titleOfFile(`${'x'.repeat(200)}.csv`)).toHaveLength(120);
  });

  it('tells a package from a text by its extension', () => {
    expect(sourceOfFile('Deck.APKG')).toBe('apkg');
    expect(sourceOfFile('collectie.colpkg')).toBe('colpkg');
    expect(sourceOfFile('lijst.csv')).toBe('text');
  });
});
