import { describe, it, expect } from 'vitest';
import {
  CATALOGUE,
  HEADER_IMAGES,
  findStudy,
  findUniversity,
  findYear,
  isValidChoice,
  type CourseInfo,
} from './catalogue.ts';

const EXPECTED_PERCENTAGES = [72, 92, 78, 86, 48, 87, 76, 67];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function percentagesOf(universityId: string): Set<number> {
  const uni = findUniversity(universityId);
  if (!uni) throw new Error(`unknown university ${universityId}`);
  return new Set(uni.studies.flatMap((s) => s.years.map((y) => y.courseInfo.percentage)));
}

function allCourseInfos(): { where: string; info: CourseInfo; universityName: string }[] {
  return CATALOGUE.flatMap((u) =>
    u.studies.flatMap((s) =>
      s.years.map((y) => ({ where: `${u.id}/${s.id}/${y.id}`, info: y.courseInfo, universityName: u.name })),
    ),
  );
}

describe('onboarding catalogue', () => {
  it('lists at least 8 universities', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(8);
  });

  it('gives the first eight universities the percentages 72, 92, 78, 86, 48, 87, 76, 67 in order', () => {
    CATALOGUE.slice(0, 8).forEach((uni, i) => {
      expect([...percentagesOf(uni.id)], uni.id).toEqual([EXPECTED_PERCENTAGES[i]]);
    });
  });

  it('uses each listed percentage for exactly one university', () => {
    for (const pct of EXPECTED_PERCENTAGES) {
      const holders = CATALOGUE.filter((u) => percentagesOf(u.id).has(pct));
      expect(holders.map((u) => u.id), `percentage ${pct}`).toHaveLength(1);
    }
  });

  it('has unique, slug-shaped ids and non-empty names at every level', () => {
    const uniIds = CATALOGUE.map((u) => u.id);
    expect(new Set(uniIds).size).toBe(uniIds.length);
    for (const uni of CATALOGUE) {
      expect(uni.id).toMatch(SLUG);
      expect(uni.name.trim()).not.toBe('');
      expect(uni.shortName.trim()).not.toBe('');
      expect(uni.studies.length).toBeGreaterThanOrEqual(3);
      expect(uni.studies.length).toBeLessThanOrEqual(6);
      const studyIds = uni.studies.map((s) => s.id);
      expect(new Set(studyIds).size, uni.id).toBe(studyIds.length);
      for (const study of uni.studies) {
        expect(study.id).toMatch(SLUG);
        expect(study.name.trim()).not.toBe('');
        const yearIds = study.years.map((y) => y.id);
        expect(new Set(yearIds).size, `${uni.id}/${study.id}`).toBe(yearIds.length);
        for (const year of study.years) {
          expect(year.id).toMatch(SLUG);
          expect(year.name.trim()).not.toBe('');
        }
      }
    }
  });

  it('gives every study the Bachelor 1-3 and Master layers, first and in order', () => {
    for (const uni of CATALOGUE) {
      for (const study of uni.studies) {
        expect(
          study.years.slice(0, 4).map((y) => [y.id, y.name]),
          `${uni.id}/${study.id}`,
        ).toEqual([
          ['bachelor-1', 'Bachelor 1'],
          ['bachelor-2', 'Bachelor 2'],
          ['bachelor-3', 'Bachelor 3'],
          ['master', 'Master'],
        ]);
      }
    }
  });

  it('names extra layers as MSc programmes with an msc-<slug> id', () => {
    const extra = CATALOGUE.flatMap((u) => u.studies.flatMap((s) => s.years.slice(4)));
    expect(extra.length).toBeGreaterThan(0);
    for (const year of extra) {
      expect(year.id).toMatch(/^msc-[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(year.name).toMatch(/^MSc \S/);
    }
    expect(findYear('uva', 'psychologie', 'msc-klinische-psychologie')?.name).toBe('MSc Klinische Psychologie');
  });

  it('uses the shared study ids at the expected universities', () => {
    const expected: Record<string, string[]> = {
      psychologie: ['uva', 'vu', 'uu', 'ul', 'rug', 'eur', 'ru', 'tiu'],
      rechtsgeleerdheid: ['uva', 'vu', 'uu', 'ul', 'rug', 'eur', 'ru', 'tiu'],
      'economie-en-bedrijfseconomie': ['uu', 'rug', 'eur', 'ru', 'tiu'],
      'pedagogische-wetenschappen': ['vu', 'uu', 'ul', 'rug', 'ru'],
      'notarieel-recht': ['uva', 'vu', 'ul', 'tiu'],
      bedrijfskunde: ['vu', 'rug', 'eur', 'ru'],
    };
    for (const [studyId, universities] of Object.entries(expected)) {
      for (const uniId of universities) {
        expect(findStudy(uniId, studyId), `${uniId}/${studyId}`).toBeDefined();
      }
    }
    expect(findStudy('uva', 'psychologie')?.name).toBe('Psychologie');
    expect(findStudy('ul', 'rechtsgeleerdheid')?.name).toBe('Rechtsgeleerdheid');
    expect(findStudy('eur', 'economie-en-bedrijfseconomie')?.name).toBe('Economie en Bedrijfseconomie');
    for (const studyId of ['psychologie', 'rechtsgeleerdheid', 'economie-en-bedrijfseconomie']) {
      const count = CATALOGUE.filter((u) => u.studies.some((s) => s.id === studyId)).length;
      expect(count, studyId).toBeGreaterThanOrEqual(3);
    }
  });

  it('validates choices with isValidChoice', () => {
    expect(isValidChoice('uva', 'psychologie', 'bachelor-1')).toBe(true);
    expect(isValidChoice('ul', 'rechtsgeleerdheid', 'master')).toBe(true);
    expect(isValidChoice('eur', 'economie-en-bedrijfseconomie', 'bachelor-3')).toBe(true);
    expect(isValidChoice('uu', 'psychologie', 'msc-neuropsychologie')).toBe(true);

    // a real study, but not at this university
    expect(isValidChoice('tiu', 'geneeskunde', 'bachelor-1')).toBe(false);
    expect(isValidChoice('uva', 'bestuurskunde', 'bachelor-1')).toBe(false);
    // an MSc layer that exists at another university only
    expect(isValidChoice('ru', 'psychologie', 'msc-klinische-psychologie')).toBe(false);
    // unknown parts
    expect(isValidChoice('hogwarts', 'psychologie', 'bachelor-1')).toBe(false);
    expect(isValidChoice('uva', 'toverkunst', 'bachelor-1')).toBe(false);
    expect(isValidChoice('uva', 'psychologie', 'bachelor-4')).toBe(false);
    expect(isValidChoice('', '', '')).toBe(false);
    // ids are exact, not case-insensitive or display names
    expect(isValidChoice('UvA', 'psychologie', 'bachelor-1')).toBe(false);
    expect(isValidChoice('uva', 'Psychologie', 'Bachelor 1')).toBe(false);
  });

  it('finds entries by id', () => {
    expect(findUniversity('rug')?.name).toBe('Rijksuniversiteit Groningen');
    expect(findUniversity('nope')).toBeUndefined();
    expect(findStudy('nope', 'psychologie')).toBeUndefined();
    expect(findYear('uva', 'psychologie', 'bachelor-1')?.courseInfo.vaknaam).toBe('Inleiding in de psychologie');
    expect(findYear('uva', 'psychologie', 'nope')).toBeUndefined();
  });

  it('fills every courseInfo field with a valid value', () => {
    const infos = allCourseInfos();
    expect(infos.length).toBeGreaterThan(0);
    for (const { where, info } of infos) {
      expect(info.vaknaam.trim(), where).not.toBe('');
      expect(info.titeltekst.trim(), where).not.toBe('');
      expect(info.bodytekst.trim(), where).not.toBe('');
      expect(Number.isInteger(info.percentage), where).toBe(true);
      expect(info.percentage, where).toBeGreaterThanOrEqual(0);
      expect(info.percentage, where).toBeLessThanOrEqual(100);
      expect(HEADER_IMAGES as readonly string[], where).toContain(info.header_afbeelding);
      expect(['boeken', 'collegezaal', 'laptop', 'bibliotheek', 'studeren', 'examen'], where).toContain(
        info.header_afbeelding,
      );
      // the copy mentions the percentage, written out with the number
      expect(info.bodytekst, where).toContain(`${info.percentage}%`);
      expect(info.bodytekst, where).toContain('Blok');
      expect(info.titeltekst, where).toContain(info.vaknaam);
    }
  });

  it('is read-only at runtime', () => {
    expect(Object.isFrozen(CATALOGUE)).toBe(true);
    expect(Object.isFrozen(CATALOGUE[0]?.studies[0]?.years[0]?.courseInfo)).toBe(true);
  });
});
