import type { FlashcardRow, FlashcardSessionRow, NewFlashcardSession, ScheduleRow, SessionCardRow } from './repository.ts';

/** The rows the session engine speaks in, for a store outside this folder (her own cards). */
export type { FlashcardRow, FlashcardSessionRow, NewFlashcardSession, ScheduleRow, SessionCardRow };

/**
 * Where the session engine (FlashcardsService: sessions, answers, ratings, favorites) keeps a
 * session, its cards and her study state: the catalogue's cards (FlashcardsRepository) or her own
 * cards (apps/api/src/own-cards, given to the engine as an OwnStudyStore by the composition root).
 * One engine, two stores (decision 023): the rules of a session live once, in the service. The
 * review log is the engine's own table: it writes it itself, whichever store keeps the session.
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
  /** her scheduled cards of a scope (a subject, or one of her sets) due by `until`, earliest first */
  dueSchedules(userId: string, scopeId: string, until: string): Promise<ScheduleRow[]>;
  scheduledCardIds(userId: string, scopeId: string): Promise<Set<string>>;
}

/**
 * One of her cards as the engine reads it, with her verdict and star (her own store keeps both on
 * the card): what a caller that has just read her set passes on instead of the engine reading it again.
 */
export interface OwnStudyCard extends FlashcardRow {
  known: boolean | null;
  favorite: boolean;
}

/** One of her own sets, as the session engine reads it. */
export interface OwnStudySet {
  id: string;
  user_id: string;
  subject_id: string | null;
  title: string;
}

/**
 * Her own cards' store (the own-cards feature implements it, decision 023): a StudyStore plus
 * what the engine asks of her sets and cards.
 */
export interface OwnStudyStore extends StudyStore {
  findSet(userId: string, setId: string): Promise<OwnStudySet | undefined>;
  studyCards(set: OwnStudySet): Promise<FlashcardRow[]>;
  /** her open sessions of a set by source ('set', 'favorites', 'review') */
  openSessions(userId: string, setId: string): Promise<Map<string, string>>;
  findCard(userId: string, cardId: string): Promise<{ id: string } | undefined>;
  setFavorite(userId: string, cardId: string, isFavorite: boolean): Promise<void>;
}
