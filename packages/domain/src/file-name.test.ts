import { describe, expect, it } from 'vitest';
import { exportFileName } from './file-name.ts';

describe('exportFileName', () => {
  it('keeps the title as she wrote it, dashes and accents too', () => {
    // before: "Biologie – H1 café" lost its dash ("Biologie  H1 café")
    expect(exportFileName('Biologie – H1 café', 'csv')).toBe('Biologie – H1 café.csv');
    expect(exportFileName('Week 3: cellen/weefsels? "kort"', 'apkg')).toBe('Week 3 cellen weefsels kort.apkg');
  });

  it('never names a hidden, empty or overlong file', () => {
    expect(exportFileName('  ...  ', 'csv')).toBe('kaarten.csv');
    expect(exportFileName('.bashrc', 'csv')).toBe('bashrc.csv');
    expect(exportFileName('a'.repeat(200), 'csv')).toBe(`${'a'.repeat(80)}.csv`);
  });
});
