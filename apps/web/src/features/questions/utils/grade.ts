import { PASSING_GRADE } from '@blok/contract/questions';

/** The colour of the grade circle: green at 5.5 or more, red below, orange '?' when unknown. */
export type GradeTone = 'pass' | 'fail' | 'unknown';

export const gradeTone = (grade: number | null): GradeTone => (grade === null ? 'unknown' : grade >= PASSING_GRADE ? 'pass' : 'fail');

const gradeFormat = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A grade in Dutch notation with one decimal (7,5), or '?' while it is unknown. */
export const formatGrade = (grade: number | null): string => (grade === null ? '?' : gradeFormat.format(grade));
