// Tables of flashcard sets, sessions and schedules.
// Owner: apps/api/src/flashcards. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).
// Imported by: apps/api/src/content, the catalogue's tables flashcard_sets, flashcards
// (a course is imported in one transaction, decision 004; the writes are apps/api/src/flashcards/content-writer.ts's,
// decision 041; content still reads them to export a subject).

/** A flashcard set of a subject (imported content). */
export interface FlashcardSetsTable {
  id: string;
  subject_id: string;
  title: string;
  description: string;
  sort_index: number;
  chapter_id: string | null;
}

/** One card; both sides are Markdown rendered to sanitized HTML at import. */
export interface FlashcardsTable {
  id: string;
  flashcard_set_id: string;
  subject_id: string;
  sort_index: number;
  front_markdown: string;
  back_markdown: string;
  front_html: string;
  back_html: string;
  /** images/<name> inside the subject, or null */
  front_picture: string | null;
  back_picture: string | null;
}

export interface FlashcardFavoritesTable {
  user_id: string;
  flashcard_id: string;
  created_at: string;
}

/** Her latest verdict per card: 1 'Wist ik', 0 'Wist ik niet'. */
export interface FlashcardKnowledgeTable {
  user_id: string;
  flashcard_id: string;
  known: number;
  updated_at: string;
}

/** A run through cards: a set, her favorites, or an FSRS review. */
export interface FlashcardSessionsTable {
  id: string;
  user_id: string;
  subject_id: string;
  source: 'set' | 'favorites' | 'review';
  flashcard_set_id: string | null;
  title: string;
  card_order: 'written' | 'shuffled';
  first_side: 'front' | 'back';
  only_unknown: number;
  /** 0-based position of the current card; equals the card count at the end */
  current_index: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface FlashcardSessionCardsTable {
  session_id: string;
  position: number;
  flashcard_id: string;
  /** null not answered, 1 known, 0 not known */
  known: number | null;
  /** FSRS rating 1-4 (review sessions) */
  rating: number | null;
  answered_at: string | null;
}

/** FSRS state of one card for one student (ts-fsrs Card); version counts the reviews applied. */
export interface FlashcardSchedulesTable {
  user_id: string;
  flashcard_id: string;
  subject_id: string;
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  /** 0 new, 1 learning, 2 review, 3 relearning */
  state: number;
  last_review: string | null;
  version: number;
}

/** Append-only FSRS review log in the optimizer's shape. */
export interface FlashcardReviewLogsTable {
  id: string;
  user_id: string;
  flashcard_id: string;
  /** ms since the epoch, UTC */
  review_time: number;
  /** 1 Again, 2 Hard, 3 Good, 4 Easy */
  review_rating: number;
  /** state before the review, 0-3 */
  review_state: number;
  /** ms */
  review_duration: number;
  time_zone: string;
}

/** The tables owned by flashcards: their names as Kysely sees them. */
export interface FlashcardsTables {
  flashcard_sets: FlashcardSetsTable;
  flashcards: FlashcardsTable;
  flashcard_favorites: FlashcardFavoritesTable;
  flashcard_knowledge: FlashcardKnowledgeTable;
  flashcard_sessions: FlashcardSessionsTable;
  flashcard_session_cards: FlashcardSessionCardsTable;
  flashcard_schedules: FlashcardSchedulesTable;
  flashcard_review_logs: FlashcardReviewLogsTable;
}
