import type { ProgressLibrarySource } from '../progress/service.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { plainText } from '@blok/domain/markup';
import { LibraryRepository } from './repository.ts';
import { isValidChapter } from './chapters.ts';

/** Words per minute of study reading, as the library's reading-time estimate. */
const WORDS_PER_MINUTE = 200;

/**
 * What the progress page (issue 27) asks of the library (decision 020): the subject, its chapters
 * in reading order with their reading time, and when she finished reading which.
 */
export class LibraryProgressSource implements ProgressLibrarySource {
  constructor(private readonly uow: UnitOfWork) {}

  private get repo(): LibraryRepository {
    return new LibraryRepository(this.uow.executor);
  }

  subjectTitle(id: string) {
    return this.repo.subjectTitle(id);
  }

  async chapters(subjectId: string) {
    const repo = this.repo;
    const [summaries, chapters] = await Promise.all([repo.summariesOfSubject(subjectId), repo.chaptersOfSubjects([subjectId])]);
    const order = new Map(summaries.map((s, i) => [s.id, i]));
    return chapters
      .filter((c) => isValidChapter(c) && order.has(c.summary_id))
      .sort((a, b) => order.get(a.summary_id)! - order.get(b.summary_id)! || a.sort_index - b.sort_index)
      .map((c) => ({ id: c.id, summaryId: c.summary_id, title: plainText(c.title), readingMinutes: c.word_count === 0 ? 0 : Math.max(1, Math.round(c.word_count / WORDS_PER_MINUTE)) }));
  }

  async reads(userId: string, chapterIds: string[], since: string): Promise<Array<{ chapterId: string; readAt: string }>> {
    if (chapterIds.length === 0) return [];
    const rows = await this.uow.executor
      .selectFrom('chapter_reads')
      .select(['chapter_id', 'read_at'])
      .where('user_id', '=', userId)
      .where('chapter_id', 'in', chapterIds)
      .where('read_at', '>=', since)
      .execute();
    return rows.map((r) => ({ chapterId: r.chapter_id, readAt: r.read_at }));
  }
}
