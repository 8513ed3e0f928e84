import { analyseItems, type ItemStatistics } from '@blok/domain/item-analysis';
import { scoreOfStatus } from '@blok/domain/question-types';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { QuestionCatalogueRepository } from './catalogue-repository.ts';
import { parseAnswerIds } from './repository.ts';

/** An answer given in a closed mock exam (the mock exam feature's, asked by the composition root). */
export interface ExamAnswer {
  userId: string;
  questionId: string;
  /** 0 wrong, 1 right, 2 partly right */
  status: number;
  answerIds: string[];
  answeredAt: string;
}

/** A question's item analysis with what the studio shows of it. */
export interface QuestionItemStatistics extends Omit<ItemStatistics, 'distractors'> {
  listId: string;
  listTitle: string;
  type: string;
  text: string;
  /** of the answers counted, those given in a mock exam */
  fromMockExams: number;
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
   * Item analysis of a subject's graded questions (issue 40; @blok/domain/item-analysis) from her
   * students' practice answers and, when given, their answers in closed mock exams: per student and
   * question her latest answer on its current version, wherever she gave it (decision 045).
   */
  async itemAnalysis(subjectId: string, examAnswers: readonly ExamAnswer[] = []): Promise<QuestionItemStatistics[]> {
    const { questions, options, answers } = await this.repo.itemAnalysisData(subjectId);
    const optionsOf = new Map<string, Array<{ id: string; text: string; correct: boolean }>>();
    for (const o of options) optionsOf.set(o.question_id, [...(optionsOf.get(o.question_id) ?? []), { id: o.id, text: o.answer_text, correct: o.is_correct === 1 }]);
    const graded = new Set(questions.map((q) => q.id));
    // her latest answer per question, from practice or a mock exam; on a tie in time the exam's
    const latest = new Map<string, { userId: string; itemId: string; score: number; picked: string[]; at: string; exam: boolean }>();
    const keep = (a: { userId: string; itemId: string; score: number; picked: string[]; at: string; exam: boolean }) => {
      const key = `${a.userId}\u0000${a.itemId}`;
      const before = latest.get(key);
      if (!before || before.at <= a.at) latest.set(key, a);
    };
    for (const a of answers) keep({ userId: a.user_id, itemId: a.question_id, score: scoreOfStatus(a.status), picked: parseAnswerIds(a.answer_ids), at: a.answered_at ?? '', exam: false });
    for (const a of examAnswers) if (graded.has(a.questionId)) keep({ userId: a.userId, itemId: a.questionId, score: scoreOfStatus(a.status), picked: a.answerIds, at: a.answeredAt, exam: true });
    const counted = [...latest.values()];
    const stats = analyseItems(
      questions.map((q) => ({ id: q.id, options: optionsOf.get(q.id) ?? [] })),
      counted,
    );
    const fromExams = new Map<string, number>();
    for (const a of counted) if (a.exam) fromExams.set(a.itemId, (fromExams.get(a.itemId) ?? 0) + 1);
    return stats.map((s, i) => {
      const q = questions[i]!;
      const text = new Map((optionsOf.get(q.id) ?? []).map((o) => [o.id, o.text]));
      return {
        ...s,
        listId: q.question_list_id,
        listTitle: q.list_title,
        type: q.type,
        text: q.question_text,
        fromMockExams: fromExams.get(q.id) ?? 0,
        distractors: s.distractors.map((d) => ({ text: text.get(d.id) ?? '', picks: d.picks })),
      };
    });
  }

  /** The current answer_version of these questions (decision 029): a mock exam tells a changed one apart. */
  answerVersions(ids: string[]): Promise<Map<string, number>> {
    return this.repo.answerVersions([...new Set(ids)]);
  }
}
