import type { Executor } from '@blok/db';
import type { PlanPracticeSource } from '../plan/service.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { QuestionCatalogueRepository } from './catalogue-repository.ts';

/**
 * What the plan feature (issue 27) asks of the questions feature (decision 020): a subject's lists
 * with their chapter and size, her answer history for the one-time backfill, and a question list's
 * chapter for the answer hook.
 */
export class QuestionsPlanSource implements PlanPracticeSource {
  constructor(private readonly uow: UnitOfWork) {}

  listsOfSubject(subjectId: string) {
    return new QuestionCatalogueRepository(this.uow.executor).listsOfSubject(subjectId);
  }

  /** Every status she gave a question of the subject (skips included), oldest first: the backfill. */
  async answerHistory(userId: string, subjectId: string) {
    const rows = await this.uow.executor
      .selectFrom('question_sessions')
      .innerJoin('session_questions', 'session_questions.session_id', 'question_sessions.id')
      .innerJoin('questions', 'questions.id', 'session_questions.question_id')
      .innerJoin('question_lists', 'question_lists.id', 'questions.question_list_id')
      .select(['session_questions.question_id', 'question_lists.chapter_id', 'question_sessions.id as session_id', 'session_questions.status', 'session_questions.answered_at'])
      .where('question_sessions.user_id', '=', userId)
      .where('question_sessions.subject_id', '=', subjectId)
      .where('session_questions.status', '>=', 0)
      // an answer to an earlier version of a changed question is no part of readiness (decision 029)
      .where((eb) => eb.or([eb('session_questions.answer_version', 'is', null), eb('session_questions.answer_version', '=', eb.ref('questions.answer_version'))]))
      .orderBy('session_questions.answered_at')
      .orderBy('question_sessions.created_at')
      .execute();
    return rows.map((r) => ({ questionId: r.question_id, chapterId: r.chapter_id, sessionId: r.session_id, status: r.status }));
  }
}

/** The chapter and subject of a question list, for the answer hook (inside the answer's transaction). */
export async function listChapter(db: Executor, listId: string): Promise<{ subjectId: string; chapterId: string | null } | undefined> {
  const row = await db.selectFrom('question_lists').select(['subject_id', 'chapter_id']).where('id', '=', listId).executeTakeFirst();
  return row ? { subjectId: row.subject_id, chapterId: row.chapter_id } : undefined;
}
