// Tables of a student's own flashcards: her sets and cards, their pictures, share links, and her
// study sessions over them (issue 28, decision 023).
// Owner: apps/api/src/own-cards. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** A set she made: inside a subject, or personal (subject_id null). */
export interface OwnFlashcardSetsTable {
  id: string;
  user_id: string;
  /** the catalogue subject it belongs to; null: personal (also when the subject left the catalogue) */
  subject_id: string | null;
  /** one of her courses (issue 41, migration 0045); null: not in a course. Never with a subject_id. */
  course_id: string | null;
  title: string;
  description: string;
  sort_index: number;
  created_at: string;
  updated_at: string;
}

/**
 * One of her cards: Markdown as she wrote it and its sanitized HTML. A card has one student, so her
 * study state lives on it: favorite, latest verdict and the FSRS schedule (null columns: never reviewed).
 */
export interface OwnFlashcardsTable {
  id: string;
  set_id: string;
  user_id: string;
  sort_index: number;
  front_markdown: string;
  back_markdown: string;
  front_html: string;
  back_html: string;
  /** own_flashcard_pictures.id, or null */
  front_picture_id: string | null;
  back_picture_id: string | null;
  /** the chapter she made it from (readiness); no foreign key: content is re-imported */
  chapter_id: string | null;
  summary_id: string | null;
  /** her tags: a JSON array of strings (Anki's, a text's tags column, or her own), [] for none */
  tags: string;
  /** the Anki note it was imported from (JSON, written and read by card import: one reversed or cloze note's cards belong together); null: a card of its own, or changed since */
  source_note: string | null;
  is_favorite: number;
  /** null never answered, 1 'Wist ik', 0 'Wist ik niet' */
  known: number | null;
  // FSRS state (ts-fsrs Card); due null: not scheduled yet (a new card)
  due: string | null;
  stability: number | null;
  difficulty: number | null;
  elapsed_days: number | null;
  scheduled_days: number | null;
  learning_steps: number | null;
  reps: number | null;
  lapses: number | null;
  state: number | null;
  last_review: string | null;
  /** reviews applied: the compare-and-set guard of a rating */
  schedule_version: number;
  created_at: string;
  updated_at: string;
}

/** A card's picture, re-encoded to WebP on upload; served at an unguessable URL (like profile pictures). */
export interface OwnFlashcardPicturesTable {
  id: string;
  user_id: string;
  mime: string;
  data_base64: string;
  bytes: number;
  created_at: string;
}

/** A set's share link; revoked_at set: the link answers "ingetrokken". */
export interface OwnFlashcardShareLinksTable {
  token: string;
  set_id: string;
  user_id: string;
  created_at: string;
  revoked_at: string | null;
}

/** A run through her own cards (the same shape as flashcard_sessions, scoped to one set). */
export interface OwnFlashcardSessionsTable {
  id: string;
  user_id: string;
  set_id: string;
  source: 'set' | 'favorites' | 'review';
  title: string;
  card_order: 'written' | 'shuffled';
  first_side: 'front' | 'back';
  only_unknown: number;
  current_index: number;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface OwnFlashcardSessionCardsTable {
  session_id: string;
  position: number;
  card_id: string;
  known: number | null;
  rating: number | null;
  answered_at: string | null;
}

/** The tables of her own flashcards: their names as Kysely sees them. */
export interface OwnCardsTables {
  own_flashcard_sets: OwnFlashcardSetsTable;
  own_flashcards: OwnFlashcardsTable;
  own_flashcard_pictures: OwnFlashcardPicturesTable;
  own_flashcard_share_links: OwnFlashcardShareLinksTable;
  own_flashcard_sessions: OwnFlashcardSessionsTable;
  own_flashcard_session_cards: OwnFlashcardSessionCardsTable;
}
