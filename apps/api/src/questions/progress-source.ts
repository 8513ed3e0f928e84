import type { ProgressPracticeSource } from '../progress/service.ts';
import type { StandingPracticeSource } from '../standing/service.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';

/**
 * What the progress page (issue 27) and the standing (decision 047) ask of the questions feature
 * (decision 020): her sessions' times, when she answered (minutes per day), and, for the standing's
 * one-time build, her answers per session and chapter.
 */
export class QuestionsProgressSource implements ProgressPracticeSource, StandingPracticeSource {
  constructor(private readonly uow: UnitOfWork) {}

  /** Her sessions of a subject in their order, with the times a session's grade is shown at. */
  async sessions(userId: string, subjectId: string) {
    return this.uow.executor
      .selectFrom('question_sessions')
      .select(['id', 'finished_at as finishedAt', 'updated_at as updatedAt'])
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * When she answered questions of the subject (wrong, correct, partially correct; on the question's
   * current version) since an instant: only her sessions touched since then (an answer touches its
   * session), not her whole history.
   */
  async answerTimes(userId: string, subjectId: string, since: string): Promise<string[]> {
    const rows = await this.uow.executor
      .selectFrom('question_sessions')
      .innerJoin('session_questions', 'session_questions.session_id', 'question_sessions.id')
      .innerJoin('questions', 'questions.id', 'session_questions.question_id')
      .select('session_questions.answered_at')
      .where('question_sessions.user_id', '=', userId)
      .where('question_sessions.subject_id', '=', subjectId)
      .where('question_sessions.updated_at', '>=', since)
      .where('session_questions.answered_at', '>=', since)
      .where('session_questions.status', 'in', [0, 1, 2])
      .where((eb) => eb.or([eb('session_questions.answer_version', 'is', null), eb('session_questions.answer_version', '=', eb.ref('questions.answer_version'))]))
      .execute();
    return rows.flatMap((r) => (r.answered_at ? [r.answered_at] : []));
  }

  /** Her answered questions of the subject (wrong, correct, partially correct) with session, chapter and time: the standing's build. */
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
