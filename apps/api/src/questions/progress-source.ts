import type { ProgressPracticeSource } from '../progress/service.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';

/**
 * What the progress page (issue 27) asks of the questions feature (decision 020): her answers per
 * session and chapter (the grade per chapter over time) and when she answered (minutes per day).
 */
export class QuestionsProgressSource implements ProgressPracticeSource {
  constructor(private readonly uow: UnitOfWork) {}

  /** Her answered questions of the subject (wrong, correct, partially correct) with session, chapter and time. */
  answers(userId: string, subjectId: string) {
    return this.uow.executor
      .selectFrom('question_sessions')
      .innerJoin('session_questions', 'session_questions.session_id', 'question_sessions.id')
      .innerJoin('questions', 'questions.id', 'session_questions.question_id')
      .innerJoin('question_lists', 'question_lists.id', 'questions.question_list_id')
      .select([
        'question_sessions.id as sessionId',
        'question_sessions.finished_at as finishedAt',
        'question_sessions.updated_at as updatedAt',
        'question_lists.chapter_id as chapterId',
        'session_questions.status',
        'session_questions.answered_at as answeredAt',
      ])
      .where('question_sessions.user_id', '=', userId)
      .where('question_sessions.subject_id', '=', subjectId)
      .where('session_questions.status', 'in', [0, 1, 2])
      // an answer to an earlier version of a changed question is no part of a grade (decision 029)
      .where((eb) => eb.or([eb('session_questions.answer_version', 'is', null), eb('session_questions.answer_version', '=', eb.ref('questions.answer_version'))]))
      .orderBy('question_sessions.created_at')
      .orderBy('question_sessions.id')
      .execute();
  }
}
