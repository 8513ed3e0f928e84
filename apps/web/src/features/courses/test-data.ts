import type { CourseDetail, CourseFile, CourseLimits, CourseList, CourseSummary } from '@blok/contract/courses';

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
