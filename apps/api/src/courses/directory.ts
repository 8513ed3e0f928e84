import type { UnitOfWork } from '../write/unit-of-work.ts';
import { CoursesRepository } from './repository.ts';

/**
 * What other features may know of her courses (issue 41): their names and files, and whether one is
 * hers. Her own card sets can be in a course (own-cards reads the names through this, decision 039's
 * addendum), her highlights are on a file's pages (annotations asks for the files), her own questions
 * are in a course of hers (course-questions asks whether it is); the courses feature stays the only code that reads its tables. A part of its own in the composition root, made
 * from the unit of work only: the courses service itself is made after search, which is made after
 * her cards.
 */
export interface CourseDirectory {
  /** her courses by id, with their names */
  courseNames(userId: string): Promise<Map<string, string>>;
  /** the files of a course of hers (newest first, as the course lists them), or null: no course of hers */
  filesOf(userId: string, courseId: string): Promise<Array<{ id: string; name: string; pages: number }> | null>;
  /** whether the course is hers (her own questions answer 404 for another student's course) */
  isHers(userId: string, courseId: string): Promise<boolean>;
  /** the pages of her PDFs in a course of hers and how many she read (where she stands in it), or null: no course of hers */
  pagesOf(userId: string, courseId: string): Promise<{ pages: number; pagesRead: number } | null>;
}

export function courseDirectory(uow: UnitOfWork): CourseDirectory {
  return {
    async courseNames(userId) {
      const rows = await new CoursesRepository(uow.executor).listCourses(userId);
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    async filesOf(userId, courseId) {
      const repo = new CoursesRepository(uow.executor);
      if (!(await repo.findCourse(userId, courseId))) return null;
      return (await repo.filesOfCourse(courseId)).map((f) => ({ id: f.id, name: f.name, pages: f.pages }));
    },
    async isHers(userId, courseId) {
      return (await new CoursesRepository(uow.executor).findCourse(userId, courseId)) !== undefined;
    },
    async pagesOf(userId, courseId) {
      const repo = new CoursesRepository(uow.executor);
      if (!(await repo.findCourse(userId, courseId))) return null;
      const [files, read] = await Promise.all([repo.filesOfCourse(courseId), repo.readCounts(courseId)]);
      return { pages: files.reduce((n, f) => n + f.pages, 0), pagesRead: files.reduce((n, f) => n + Math.min(f.pages, read.get(f.id) ?? 0), 0) };
    },
  };
}
