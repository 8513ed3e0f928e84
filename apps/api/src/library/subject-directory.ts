import type { UnitOfWork } from '../write/unit-of-work.ts';
import { LibraryRepository } from './repository.ts';

/**
 * Subject titles, for the features that show a subject's name (practice, flashcards). A part of
 * its own, needing nothing but the database: the library service reads practice's standing per
 * list, so practice cannot ask the library service without closing a cycle (issue 42).
 */
export class SubjectDirectory {
  constructor(private readonly uow: UnitOfWork) {}

  subjectTitle(id: string): Promise<{ id: string; title: string } | undefined> {
    return new LibraryRepository(this.uow.executor).subjectTitle(id);
  }

  async subjectTitles(ids: string[]): Promise<Map<string, string>> {
    return new Map((await new LibraryRepository(this.uow.executor).subjectsByIds(ids)).map((s) => [s.id, s.title]));
  }
}
