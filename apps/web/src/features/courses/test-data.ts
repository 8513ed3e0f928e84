import type { CourseDetail, CourseFile, CourseLimits, CourseList, CourseStanding, CourseSummary } from '@blok/contract/courses';

export const COURSE_ID = '01900000-0000-7000-8000-000000000001';
export const FILE_ID = '01900000-0000-7000-8000-000000000002';

export const makeLimits = (overrides: Partial<CourseLimits> = {}): CourseLimits => ({
  courses: 1,
  courseCount: 1,
  storageBytes: 150 * 1024 * 1024,
  usedBytes: 3 * 1024 * 1024,
  fileBytes: 50 * 1024 * 1024,
  filePages: 1000,
  premium: false,
  ...overrides,
});

export const makeCourse = (overrides: Partial<CourseSummary> = {}): CourseSummary => ({
  id: COURSE_ID,
  name: 'Sociale psychologie',
  code: 'PSY1023',
  period: 'Periode 2',
  examDate: null,
  minutesPerDay: null,
  studyDays: [],
  fileCount: 1,
  createdAt: '2026-11-29T10:00:00.000Z',
  ...overrides,
});

export const makeFile = (overrides: Partial<CourseFile> = {}): CourseFile => ({
  id: FILE_ID,
  courseId: COURSE_ID,
  name: 'Hoorcollege 1.pdf',
  bytes: 3 * 1024 * 1024,
  pages: 42,
  pagesRead: 0,
  createdAt: '2026-11-29T10:05:00.000Z',
  ...overrides,
});

export const makeDetail = (overrides: Partial<CourseDetail> = {}): CourseDetail => ({ course: makeCourse(), files: [makeFile()], limits: makeLimits(), ...overrides });

export const makeList = (courses: CourseSummary[] = [], limits: Partial<CourseLimits> = {}): CourseList => ({ courses, limits: makeLimits({ courseCount: courses.length, ...limits }) });

/** Where she stands in the course: 5 of 8 questions right, 12 of 42 pages read, 6 cards. */
export const makeStanding = (overrides: Partial<CourseStanding> = {}): CourseStanding => ({
  courseId: COURSE_ID,
  readiness: 58,
  expectedGrade: { grade: 5.8, low: 4.1, high: 7.4 },
  gradedAnswers: 11,
  coverage: 61,
  pages: { total: 42, read: 12 },
  questions: { total: 8, right: 5, partly: 1, wrong: 1, unanswered: 1 },
  cards: { total: 6, known: 4, unknown: 1, unseen: 1, typed: 3 },
  ...overrides,
});
