import type { ContentChapter, PlanLibrarySource, Student } from '../plan/service.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { LibraryRepository } from './repository.ts';
import { isValidChapter } from './chapters.ts';

/**
 * What the plan feature (issue 27) asks of the library, which owns subjects, chapters, her library
 * and reading progress (decision 020): membership, titles, a subject's chapters in reading order and
 * the chapters she read.
 */
export class LibraryPlanSource implements PlanLibrarySource {
  constructor(private readonly uow: UnitOfWork) {}

  private get repo(): LibraryRepository {
    return new LibraryRepository(this.uow.executor);
  }

  /** In her library: one of her study's and year's subjects she did not remove, or one she added. */
  async inLibrary(student: Student, subjectId: string): Promise<boolean> {
    const repo = this.repo;
    const [entries, isStudy] = await Promise.all([repo.entries(student.id), repo.isStudySubject(subjectId, student.study, student.year)]);
    const entry = entries.find((e) => e.subject_id === subjectId);
    if (entry) return entry.status === 'added';
    return isStudy;
  }

  async subjectTitles(ids: string[]): Promise<Map<string, string>> {
    return new Map((await this.repo.subjectsByIds(ids)).map((s) => [s.id, s.title]));
  }

  async chaptersOf(subjectId: string): Promise<ContentChapter[]> {
    const repo = this.repo;
    const [summaries, chapters] = await Promise.all([repo.summariesOfSubject(subjectId), repo.chaptersOfSubjects([subjectId])]);
    const order = new Map(summaries.map((s, i) => [s.id, i]));
    return chapters
      .filter((c) => isValidChapter(c) && order.has(c.summary_id))
      .sort((a, b) => order.get(a.summary_id)! - order.get(b.summary_id)! || a.sort_index - b.sort_index)
      .map((c) => ({ id: c.id, summaryId: c.summary_id, title: c.title, priority: c.priority, wordCount: c.word_count, questionListId: c.question_list_id, access: c.access }));
  }

  async readChapterIds(userId: string, subjectId: string): Promise<string[]> {
    const repo = this.repo;
    const chapters = await repo.chaptersOfSubjects([subjectId]);
    return [...(await repo.readChapterIds(userId, chapters.map((c) => c.id)))];
  }
}
