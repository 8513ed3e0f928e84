import { describe, expect, it } from 'vitest';
import { subjectColors, subjectInitials } from './subject-style.ts';

describe('subject tiles', () => {
  it('takes the initials of the significant words', () => {
    expect(subjectInitials('Inleiding in de psychologie')).toBe('IP');
    expect(subjectInitials('Micro-economie')).toBe('ME');
    expect(subjectInitials('Recht')).toBe('R');
  });

  it('gives a subject the same colours every time', () => {
    expect(subjectColors('inleiding-recht')).toEqual(subjectColors('inleiding-recht'));
  });
});
