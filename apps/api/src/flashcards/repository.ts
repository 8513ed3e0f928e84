import {
  fixedQuery,
  uuidv7,
  type Executor,
  type FlashcardSchedulesTable,
  type FlashcardSessionsTable,
  type FlashcardSetsTable,
  type FlashcardsTable,
  type FlashcardReviewLogsTable,
} from '@blok/db';
import { contentImageUrl } from '../content/render.ts';
import type { StudyStore } from './study-store.ts';

export type FlashcardSetRow = FlashcardSetsTable;
export type FlashcardRow = FlashcardsTable;
export type FlashcardSessionRow = FlashcardSessionsTable;
export type ScheduleRow = FlashcardSchedulesTable;

/** A card of a session joined with its content. */
export interface SessionCardRow extends FlashcardRow {
  position: number;
  known: number | null;
  rating: number | null;
}

export interface NewFlashcardSession {
  userId: string;
  subjectId: string;
  source: FlashcardSessionRow['source'];
  flashcardSetId: string | null;
  title: string;
  order: FlashcardSessionRow['card_order'];
  firstSide: FlashcardSessionRow['first_side'];
  onlyUnknown: boolean;
  cardIds: string[];
}

const now = () => new Date().toISOString();

// The queries of a session's load and of an answer (hot paths), compiled once per dialect.

const sessionQuery = fixedQuery((db: Executor, userId: string, sessionId: string) =>
  db.selectFrom('flashcard_sessions').selectAll().where('id', '=', sessionId).where('user_id', '=', userId),
);

const sessionCardsQuery = fixedQuery((db: Executor, sessionId: string) =>
  db
    .selectFrom('flashcard_session_cards')
    .innerJoin('flashcards', 'flashcards.id', 'flashcard_session_cards.flashcard_id')
    .selectAll('flashcards')
    .select(['flashcard_session_cards.position', 'flashcard_session_cards.known', 'flashcard_session_cards.rating'])
    .where('flashcard_session_cards.session_id', '=', sessionId)
    .orderBy('flashcard_session_cards.position'),
);

/** Her favorites among a session's cards (the session's own list, not an in-list of varying length). */
const sessionFavoritesQuery = fixedQuery((db: Executor, userId: string, sessionId: string) =>
  db
    .selectFrom('flashcard_favorites')
    .select('flashcard_id')
    .where('user_id', '=', userId)
    .where('flashcard_id', 'in', (eb) => eb.selectFrom('flashcard_session_cards').select('flashcard_session_cards.flashcard_id').where('flashcard_session_cards.session_id', '=', sessionId)),
);

const answerCardQuery = fixedQuery((db: Executor, sessionId: string, position: number, known: number, rating: number | null, answeredAt: string) =>
  db
    .updateTable('flashcard_session_cards')
    .set({ known, rating, answered_at: answeredAt })
    .where('session_id', '=', sessionId)
    .where('position', '=', position),
);

const setKnowledgeQuery = fixedQuery((db: Executor, userId: string, flashcardId: string, known: number, updatedAt: string) =>
  db
    .insertInto('flashcard_knowledge')
    .values({ user_id: userId, flashcard_id: flashcardId, known, updated_at: updatedAt })
    .onConflict((oc) => oc.columns(['user_id', 'flashcard_id']).doUpdateSet({ known, updated_at: updatedAt })),
);

// updateSession's two shapes: the position only, or the position with finished_at
const moveSessionQuery = fixedQuery((db: Executor, sessionId: string, currentIndex: number, updatedAt: string) =>
  db.updateTable('flashcard_sessions').set({ current_index: currentIndex, updated_at: updatedAt }).where('id', '=', sessionId),
);
const moveAndFinishSessionQuery = fixedQuery((db: Executor, sessionId: string, currentIndex: number, finishedAt: string | null, updatedAt: string) =>
  db.updateTable('flashcard_sessions').set({ current_index: currentIndex, finished_at: finishedAt, updated_at: updatedAt }).where('id', '=', sessionId),
);

/** The only place that touches the flashcards feature's tables. */
export class FlashcardsRepository implements StudyStore {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  pictureUrl(subjectId: string, picture: string): string {
    return contentImageUrl(subjectId, picture);
  }

  // ------------------------------------------------------------------ content

  findSet(id: string): Promise<FlashcardSetRow | undefined> {
    return this.db.selectFrom('flashcard_sets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  setsOfSubject(subjectId: string): Promise<FlashcardSetRow[]> {
    return this.db.selectFrom('flashcard_sets').selectAll().where('subject_id', '=', subjectId).orderBy('sort_index').orderBy('id').execute();
  }

  findCard(id: string): Promise<FlashcardRow | undefined> {
    return this.db.selectFrom('flashcards').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every card of a subject in written order: by set, then by place in the set. */
  cardsOfSubject(subjectId: string): Promise<Array<FlashcardRow & { set_sort_index: number }>> {
    return this.db
      .selectFrom('flashcards')
      .innerJoin('flashcard_sets', 'flashcard_sets.id', 'flashcards.flashcard_set_id')
      .selectAll('flashcards')
      .select('flashcard_sets.sort_index as set_sort_index')
      .where('flashcards.subject_id', '=', subjectId)
      .orderBy('flashcard_sets.sort_index')
      .orderBy('flashcard_sets.id')
      .orderBy('flashcards.sort_index')
      .execute();
  }

  // ------------------------------------------------------------------ favorites and knowledge

  async favoriteIds(userId: string, cardIds: string[]): Promise<Set<string>> {
    if (cardIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('flashcard_favorites')
      .select('flashcard_id')
      .where('user_id', '=', userId)
      .where('flashcard_id', 'in', cardIds)
      .execute();
    return new Set(rows.map((r) => r.flashcard_id));
  }

  /** Her favorites among the cards of a session (every card load: compiled once). */
  async sessionFavoriteIds(userId: string, sessionId: string): Promise<Set<string>> {
    const rows = await sessionFavoritesQuery(this.db, userId, sessionId);
    return new Set(rows.map((r) => r.flashcard_id));
  }

  /** Adds a favorite (idempotent). */
  async addFavorite(userId: string, flashcardId: string): Promise<void> {
    await this.db
      .insertInto('flashcard_favorites')
      .values({ user_id: userId, flashcard_id: flashcardId, created_at: now() })
      .onConflict((oc) => oc.columns(['user_id', 'flashcard_id']).doNothing())
      .execute();
  }

  async removeFavorite(userId: string, flashcardId: string): Promise<void> {
    await this.db.deleteFrom('flashcard_favorites').where('user_id', '=', userId).where('flashcard_id', '=', flashcardId).execute();
  }

  /** Her latest verdict per card: true known, false not known (absent: never answered). */
  async knowledge(userId: string, cardIds: string[]): Promise<Map<string, boolean>> {
    const map = new Map<string, boolean>();
    if (cardIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('flashcard_knowledge')
      .select(['flashcard_id', 'known'])
      .where('user_id', '=', userId)
      .where('flashcard_id', 'in', cardIds)
      .execute();
    for (const r of rows) map.set(r.flashcard_id, r.known === 1);
    return map;
  }

  async setKnowledge(userId: string, flashcardId: string, known: boolean): Promise<void> {
    await setKnowledgeQuery(this.db, userId, flashcardId, known ? 1 : 0, now());
  }

  // ------------------------------------------------------------------ sessions

  async createSession(input: NewFlashcardSession): Promise<string> {
    const id = uuidv7();
    const ts = now();
    await this.db
      .insertInto('flashcard_sessions')
      .values({
        id,
        user_id: input.userId,
        subject_id: input.subjectId,
        source: input.source,
        flashcard_set_id: input.flashcardSetId,
        title: input.title,
        card_order: input.order,
        first_side: input.firstSide,
        only_unknown: input.onlyUnknown ? 1 : 0,
        current_index: 0,
        created_at: ts,
        updated_at: ts,
        finished_at: null,
      })
      .execute();
    if (input.cardIds.length) {
      await this.db
        .insertInto('flashcard_session_cards')
        .values(input.cardIds.map((flashcardId, position) => ({ session_id: id, position, flashcard_id: flashcardId, known: null, rating: null, answered_at: null })))
        .execute();
    }
    return id;
  }

  /** A session of this user; another user's session is not found. */
  async findSession(userId: string, sessionId: string): Promise<FlashcardSessionRow | undefined> {
    return (await sessionQuery(this.db, userId, sessionId))[0];
  }

  sessionCards(sessionId: string): Promise<SessionCardRow[]> {
    return sessionCardsQuery(this.db, sessionId);
  }

  async answerCard(sessionId: string, position: number, patch: { known: boolean; rating?: number }): Promise<void> {
    await answerCardQuery(this.db, sessionId, position, patch.known ? 1 : 0, patch.rating ?? null, now());
  }

  async updateSession(sessionId: string, patch: { current_index: number; finished_at?: string | null }): Promise<void> {
    // Kysely leaves out a column set to undefined: no finished_at (or undefined) keeps it as it is
    if (patch.finished_at === undefined) await moveSessionQuery(this.db, sessionId, patch.current_index, now());
    else await moveAndFinishSessionQuery(this.db, sessionId, patch.current_index, patch.finished_at, now());
  }

  /** Her latest unfinished session per set (and for favorites / review under the keys 'favorites' / 'review'). */
  async openSessions(userId: string, subjectId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('flashcard_sessions')
      .select(['id', 'source', 'flashcard_set_id'])
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .where('finished_at', 'is', null)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const open = new Map<string, string>();
    for (const r of rows) {
      const key = r.source === 'set' ? r.flashcard_set_id! : r.source;
      if (!open.has(key)) open.set(key, r.id);
    }
    return open;
  }

  // ------------------------------------------------------------------ FSRS

  async schedules(userId: string, cardIds: string[]): Promise<Map<string, ScheduleRow>> {
    const map = new Map<string, ScheduleRow>();
    if (cardIds.length === 0) return map;
    const rows = await this.db.selectFrom('flashcard_schedules').selectAll().where('user_id', '=', userId).where('flashcard_id', 'in', cardIds).execute();
    for (const r of rows) map.set(r.flashcard_id, r);
    return map;
  }

  /** Her scheduled cards of a subject that are due by `until`, earliest first. */
  dueSchedules(userId: string, subjectId: string, until: string): Promise<ScheduleRow[]> {
    return this.db
      .selectFrom('flashcard_schedules')
      .selectAll()
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .where('due', '<=', until)
      .orderBy('due')
      .orderBy('flashcard_id')
      .execute();
  }

  async scheduledCardIds(userId: string, subjectId: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('flashcard_schedules').select('flashcard_id').where('user_id', '=', userId).where('subject_id', '=', subjectId).execute();
    return new Set(rows.map((r) => r.flashcard_id));
  }

  /**
   * Writes the card's new state if it is still at `expectedVersion` (compare-and-set): false when
   * another review got there first.
   */
  async saveSchedule(row: ScheduleRow, expectedVersion: number): Promise<boolean> {
    if (expectedVersion === 0) {
      const inserted = await this.db
        .insertInto('flashcard_schedules')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'flashcard_id']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    const { user_id, flashcard_id, ...rest } = row;
    const updated = await this.db
      .updateTable('flashcard_schedules')
      .set(rest)
      .where('user_id', '=', user_id)
      .where('flashcard_id', '=', flashcard_id)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async appendReviewLog(log: Omit<FlashcardReviewLogsTable, 'id'>): Promise<void> {
    await this.db
      .insertInto('flashcard_review_logs')
      .values({ id: uuidv7(), ...log })
      .execute();
  }

  /** New cards (state 0 before the review) she started since `sinceMs` in this subject. */
  async newCardsStartedSince(userId: string, subjectId: string, sinceMs: number): Promise<number> {
    const row = await this.db
      .selectFrom('flashcard_review_logs')
      .innerJoin('flashcards', 'flashcards.id', 'flashcard_review_logs.flashcard_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('flashcard_review_logs.user_id', '=', userId)
      .where('flashcards.subject_id', '=', subjectId)
      .where('flashcard_review_logs.review_state', '=', 0)
      .where('flashcard_review_logs.review_time', '>=', sinceMs)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** New cards (state 0 before the review) among `cardIds` she started since `sinceMs`: her own set's. */
  async newCardsStartedAmong(userId: string, cardIds: readonly string[], sinceMs: number): Promise<number> {
    if (cardIds.length === 0) return 0;
    const row = await this.db
      .selectFrom('flashcard_review_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('flashcard_id', 'in', cardIds)
      .where('review_state', '=', 0)
      .where('review_time', '>=', sinceMs)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
