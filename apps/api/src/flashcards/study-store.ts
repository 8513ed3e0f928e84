import type { FlashcardReviewLogsTable } from '@blok/db';
import type { FlashcardSessionRow, NewFlashcardSession, ScheduleRow, SessionCardRow } from './repository.ts';

/**
 * Where the session engine (FlashcardsService: sessions, answers, ratings, favorites) keeps a
 * session, its cards and her study state: the catalogue's cards (FlashcardsRepository) or her own
 * cards (OwnCardsRepository). One engine, two stores (decision 023): the rules of a session live
 * once, in the service.
 */
export interface StudyStore {
  /** the URL of a card side's picture */
  pictureUrl(subjectId: string, picture: string): string;
  findSession(userId: string, sessionId: string): Promise<FlashcardSessionRow | undefined>;
  sessionCards(sessionId: string): Promise<SessionCardRow[]>;
  sessionFavoriteIds(userId: string, sessionId: string): Promise<Set<string>>;
  createSession(input: NewFlashcardSession): Promise<string>;
  answerCard(sessionId: string, position: number, patch: { known: boolean; rating?: number }): Promise<void>;
  updateSession(sessionId: string, patch: { current_index: number; finished_at?: string | null }): Promise<void>;
  knowledge(userId: string, cardIds: string[]): Promise<Map<string, boolean>>;
  setKnowledge(userId: string, cardId: string, known: boolean): Promise<void>;
  favoriteIds(userId: string, cardIds: string[]): Promise<Set<string>>;
  schedules(userId: string, cardIds: string[]): Promise<Map<string, ScheduleRow>>;
  saveSchedule(row: ScheduleRow, expectedVersion: number): Promise<boolean>;
  appendReviewLog(log: Omit<FlashcardReviewLogsTable, 'id'>): Promise<void>;
  /** her scheduled cards of a scope (a subject, or one of her sets) due by `until`, earliest first */
  dueSchedules(userId: string, scopeId: string, until: string): Promise<ScheduleRow[]>;
  scheduledCardIds(userId: string, scopeId: string): Promise<Set<string>>;
  newCardsStartedSince(userId: string, scopeId: string, sinceMs: number): Promise<number>;
}
