import type { ProgressCardsSource } from '../progress/service.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';

/**
 * What the progress page (issue 27) asks of the flashcards feature (decision 020): when she
 * answered cards (minutes per day) and when her cards are due (spaced repetition).
 */
export class FlashcardsProgressSource implements ProgressCardsSource {
  constructor(
    private readonly uow: UnitOfWork,
    readonly spacedRepetition: boolean,
  ) {}

  async answerTimes(userId: string, subjectId: string, since: string): Promise<string[]> {
    const rows = await this.uow.executor
      .selectFrom('flashcard_sessions')
      .innerJoin('flashcard_session_cards', 'flashcard_session_cards.session_id', 'flashcard_sessions.id')
      .select('flashcard_session_cards.answered_at')
      .where('flashcard_sessions.user_id', '=', userId)
      .where('flashcard_sessions.subject_id', '=', subjectId)
      .where('flashcard_session_cards.answered_at', '>=', since)
      .execute();
    return rows.flatMap((r) => (r.answered_at ? [r.answered_at] : []));
  }

  async dueTimes(userId: string, subjectId: string, until: string): Promise<string[]> {
    const rows = await this.uow.executor
      .selectFrom('flashcard_schedules')
      .select('due')
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .where('due', '<', until)
      .execute();
    return rows.map((r) => r.due);
  }
}
