import type { Executor } from '@blok/db';
import type { PlanCardsSource } from '../plan/service.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';

/**
 * What the plan feature (issue 27) asks of the flashcards feature (decision 020): cards per chapter,
 * her verdicts and FSRS state for the one-time backfill, and the cards due.
 */
export class FlashcardsPlanSource implements PlanCardsSource {
  constructor(
    private readonly uow: UnitOfWork,
    readonly spacedRepetition: boolean,
  ) {}

  async cardCounts(subjectId: string): Promise<Map<string, number>> {
    const rows = await this.uow.executor
      .selectFrom('flashcards')
      .innerJoin('flashcard_sets', 'flashcard_sets.id', 'flashcards.flashcard_set_id')
      .select((eb) => ['flashcard_sets.chapter_id', eb.fn.countAll().as('n')])
      .where('flashcards.subject_id', '=', subjectId)
      .groupBy('flashcard_sets.chapter_id')
      .execute();
    return new Map(rows.map((r) => [r.chapter_id ?? '', Number(r.n)]));
  }

  async chapterSets(subjectId: string): Promise<Map<string, string>> {
    const rows = await this.uow.executor
      .selectFrom('flashcard_sets')
      .select(['id', 'chapter_id'])
      .where('subject_id', '=', subjectId)
      .where('chapter_id', 'is not', null)
      .orderBy('sort_index')
      .orderBy('id')
      .execute();
    const sets = new Map<string, string>();
    for (const r of rows) if (r.chapter_id && !sets.has(r.chapter_id)) sets.set(r.chapter_id, r.id);
    return sets;
  }

  async cardStates(userId: string, subjectId: string) {
    const db = this.uow.executor;
    const [cards, knowledge, schedules] = await Promise.all([
      db
        .selectFrom('flashcards')
        .innerJoin('flashcard_sets', 'flashcard_sets.id', 'flashcards.flashcard_set_id')
        .select(['flashcards.id', 'flashcard_sets.chapter_id'])
        .where('flashcards.subject_id', '=', subjectId)
        .execute(),
      db
        .selectFrom('flashcard_knowledge')
        .innerJoin('flashcards', 'flashcards.id', 'flashcard_knowledge.flashcard_id')
        .select(['flashcard_knowledge.flashcard_id', 'flashcard_knowledge.known'])
        .where('flashcard_knowledge.user_id', '=', userId)
        .where('flashcards.subject_id', '=', subjectId)
        .execute(),
      db
        .selectFrom('flashcard_schedules')
        .select(['flashcard_id', 'stability', 'last_review'])
        .where('user_id', '=', userId)
        .where('subject_id', '=', subjectId)
        .execute(),
    ]);
    const known = new Map(knowledge.map((k) => [k.flashcard_id, k.known === 1]));
    const fsrs = new Map(schedules.map((s) => [s.flashcard_id, s]));
    return cards.map((c) => ({
      flashcardId: c.id,
      chapterId: c.chapter_id,
      known: known.get(c.id) ?? null,
      stability: fsrs.get(c.id)?.last_review ? fsrs.get(c.id)!.stability : null,
      lastReview: fsrs.get(c.id)?.last_review ?? null,
    }));
  }

  async dueCount(userId: string, subjectId: string, until: Date): Promise<number> {
    const row = await this.uow.executor
      .selectFrom('flashcard_schedules')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .where('due', '<=', until.toISOString())
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Cards due before `until` over all her subjects (the flashcards-due reminder). */
  async dueCountAll(userId: string, until: Date): Promise<number> {
    const row = await this.uow.executor
      .selectFrom('flashcard_schedules')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('due', '<=', until.toISOString())
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

/** The subject and chapter of a card, for the verdict hook (inside the verdict's transaction). */
export async function cardChapter(db: Executor, flashcardId: string): Promise<{ subjectId: string; chapterId: string | null } | undefined> {
  const row = await db
    .selectFrom('flashcards')
    .innerJoin('flashcard_sets', 'flashcard_sets.id', 'flashcards.flashcard_set_id')
    .select(['flashcards.subject_id', 'flashcard_sets.chapter_id'])
    .where('flashcards.id', '=', flashcardId)
    .executeTakeFirst();
  return row ? { subjectId: row.subject_id, chapterId: row.chapter_id } : undefined;
}
