import type { CourseQuestion } from '@blok/contract/course-questions';

export const COURSE_ID = '0190a8f0-0000-7000-8000-000000000001';
export const CHOICE_ID = '0190a8f0-0000-7000-8000-0000000000c1';
export const NUMERIC_ID = '0190a8f0-0000-7000-8000-0000000000c2';

export const makeQuestion = (over: Partial<CourseQuestion> = {}): CourseQuestion => ({
  id: CHOICE_ID,
  courseId: COURSE_ID,
  type: 'SELECT',
  prompt: 'Welke maat is gevoelig voor uitschieters?',
  key: { answers: [{ text: 'Mediaan', correct: false }, { text: 'Gemiddelde', correct: true }] },
  explanation: 'Het gemiddelde telt elke waarde mee.',
  lastStatus: null,
  answeredAt: null,
  createdAt: '2031-01-01T10:00:00.000Z',
  updatedAt: '2031-01-01T10:00:00.000Z',
  ...over,
});

export const makeNumeric = (over: Partial<CourseQuestion> = {}): CourseQuestion =>
  makeQuestion({ id: NUMERIC_ID, type: 'NUMERIC', prompt: 'Hoe groot is de kans op twee keer kop?', key: { value: 0.25, tolerance: 0, relative: false, unitAliases: [] }, explanation: '0,5 maal 0,5.', ...over });
