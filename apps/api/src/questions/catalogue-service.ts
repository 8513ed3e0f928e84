import type { UnitOfWork } from '../write/unit-of-work.ts';
import { QuestionCatalogueRepository } from './catalogue-repository.ts';

/**
 * The practice catalogue for other features (decision 020): the library's subject pages ask it for
 * question lists and their sizes instead of reading the questions feature's tables.
 */
export class QuestionCatalogueService {
  constructor(private readonly uow: UnitOfWork) {}

  /** The repository on the current unit of work's transaction, or on the database for reads. */
  private get repo(): QuestionCatalogueRepository {
    return new QuestionCatalogueRepository(this.uow.executor);
  }

  /** Per subject: how many question lists it has. */
  listCounts(subjectIds: string[]): Promise<Map<string, number>> {
    return this.repo.listCounts(subjectIds);
  }

  /** A subject's question lists in their order, each with its number of questions. */
  listsOfSubject(subjectId: string) {
    return this.repo.listsOfSubject(subjectId);
  }

  /** A question's subject and text: what a report of a mistake in it refers to (decision 029). */
  async questionPlace(id: string): Promise<{ id: string; subjectId: string; text: string } | undefined> {
    const row = await this.repo.questionPlace(id);
    return row && { id: row.id, subjectId: row.subject_id, text: row.question_text };
  }

  /** A subject's multiple-choice and open questions with the chapter of their list: what a mock exam draws from. */
  examPool(subjectId: string): Promise<Array<{ id: string; chapter_id: string | null; type: string }>> {
    return this.repo.examPool(subjectId);
  }

  /** Questions with their answers (written order, correctness, pinned), for a mock exam to show and grade. */
  questionsWithAnswers(ids: string[]) {
    return this.repo.questionsWithAnswers(ids);
  }

  /** The current answer_version of these questions (decision 029): a mock exam tells a changed one apart. */
  answerVersions(ids: string[]): Promise<Map<string, number>> {
    return this.repo.answerVersions([...new Set(ids)]);
  }
}
