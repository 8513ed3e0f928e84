import { analyseItems, type ItemStatistics } from '@blok/domain/item-analysis';
import { scoreOfStatus } from '@blok/domain/question-types';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { QuestionCatalogueRepository } from './catalogue-repository.ts';
import { parseAnswerIds } from './repository.ts';

/** A question's item analysis with what the studio shows of it. */
export interface QuestionItemStatistics extends Omit<ItemStatistics, 'distractors'> {
  listId: string;
  listTitle: string;
  type: string;
  text: string;
  /** the wrong answers of a choice with how often each was picked */
  distractors: Array<{ text: string; picks: number }>;
}

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

  /**
   * Item analysis of a subject's graded questions from her students' practice answers (issue 40;
   * @blok/domain/item-analysis): each student's latest answer per question on its current version.
   */
  async itemAnalysis(subjectId: string): Promise<QuestionItemStatistics[]> {
    const { questions, options, answers } = await this.repo.itemAnalysisData(subjectId);
    const optionsOf = new Map<string, Array<{ id: string; text: string; correct: boolean }>>();
    for (const o of options) optionsOf.set(o.question_id, [...(optionsOf.get(o.question_id) ?? []), { id: o.id, text: o.answer_text, correct: o.is_correct === 1 }]);
    const stats = analyseItems(
      questions.map((q) => ({ id: q.id, options: optionsOf.get(q.id) ?? [] })),
      answers.map((a) => ({ userId: a.user_id, itemId: a.question_id, score: scoreOfStatus(a.status), picked: parseAnswerIds(a.answer_ids) })),
    );
    return stats.map((s, i) => {
      const q = questions[i]!;
      const text = new Map((optionsOf.get(q.id) ?? []).map((o) => [o.id, o.text]));
      return {
        ...s,
        listId: q.question_list_id,
        listTitle: q.list_title,
        type: q.type,
        text: q.question_text,
        distractors: s.distractors.map((d) => ({ text: text.get(d.id) ?? '', picks: d.picks })),
      };
    });
  }

  /** The current answer_version of these questions (decision 029): a mock exam tells a changed one apart. */
  answerVersions(ids: string[]): Promise<Map<string, number>> {
    return this.repo.answerVersions([...new Set(ids)]);
  }
}
