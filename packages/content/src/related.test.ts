import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.ts';
import { RELATED_STUDIES, earlierYears, relatedStudies } from './related.ts';

describe('related studies and earlier years', () => {
  it('knows every study of the catalogue, and relates only to studies of the catalogue', () => {
    const studies = new Set(CATALOGUE.flatMap((u) => u.studies.map((s) => s.id)));
    expect(new Set(Object.keys(RELATED_STUDIES))).toEqual(studies);
    for (const [study, related] of Object.entries(RELATED_STUDIES)) {
      expect(related.length, study).toBeGreaterThan(0);
      expect(related, study).not.toContain(study);
      for (const r of related) expect(studies.has(r), `${study} -> ${r}`).toBe(true);
    }
    expect(relatedStudies('onbekend')).toEqual([]);
  });

  it('lists the years before a layer', () => {
    expect(earlierYears('bachelor-1')).toEqual([]);
    expect(earlierYears('bachelor-2')).toEqual(['bachelor-1']);
    expect(earlierYears('bachelor-3')).toEqual(['bachelor-1', 'bachelor-2']);
    expect(earlierYears('master')).toEqual(['bachelor-1', 'bachelor-2', 'bachelor-3']);
    expect(earlierYears('msc-klinische-psychologie')).toEqual(['bachelor-1', 'bachelor-2', 'bachelor-3']);
  });
});
