import type { ColumnType, Generated } from 'kysely';

/**
 * The database schema, shared by SQLite and PostgreSQL.
 * Conventions that keep both dialects equal:
 * - ids are app-generated UUIDv7 text (or natural text keys for content);
 * - timestamps are ISO-8601 UTC text (`new Date().toISOString()`), which sorts correctly;
 * - booleans are integers 0/1, converted by the repositories.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  role_id: number;
  profile_picture_url: string;
  has_subscription: number;
  university: string;
  study: string;
  year: string;
  created_at: string;
  updated_at: string;
}

export interface DevicesTable {
  id: string;
  user_id: string;
  /** the client-generated device id (spec: device_id) */
  device_id: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  /** 'replaced' (a newer login), 'logout', 'reuse' (a stolen refresh token), 'password' (changed) */
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  device_row_id: string;
  family_id: string;
  /** SHA-256 of the opaque token; the token itself is never stored */
  token_hash: string;
  created_at: string;
  /** absolute end of the family: login time + 30 days */
  family_expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  /** the successor token, encrypted with a key derived from this token (reuse interval) */
  successor_enc: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface SubjectsTable {
  id: string;
  title: string;
  description: string;
  /** hash of the imported folder; an unchanged folder is not imported again */
  content_hash: string;
  /** title and description folded for search (lower case, no accents; @blok/domain/search), written by the import */
  search_text: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
}

export interface SubjectAudiencesTable {
  subject_id: string;
  study: string;
  year: string;
}

export interface SummariesTable {
  id: string;
  subject_id: string;
  title: string;
  source: string;
  description: string;
  sort_index: number;
}

export interface ChaptersTable {
  id: string;
  summary_id: string;
  subject_id: string;
  /** may hold inline markup; valid only if non-empty without it */
  title: string;
  /** 1 high, 2 medium, 3 low */
  priority: number;
  sort_index: number;
  /** word offsets of the chapter within its summary */
  start_index: number;
  end_index: number;
  start_page: number;
  end_page: number;
  access: 'free' | 'premium';
  question_list_id: string | null;
  markdown: string;
  /** sanitized HTML rendered at import */
  html: string;
  word_count: number;
}

export interface ContentImagesTable {
  subject_id: string;
  /** file name inside the subject's images/ folder */
  name: string;
  mime: string;
  data_base64: string;
}

export interface QuestionListsTable {
  id: string;
  subject_id: string;
  title: string;
  description: string;
  sort_index: number;
  /** 2 = show answers in between */
  answer_displaying: number;
  recommended_questions: number;
  chapter_id: string | null;
}

export interface QuestionsTable {
  id: string;
  question_list_id: string;
  subject_id: string;
  sort_index: number;
  /** 'SELECT' or 'OPEN' */
  type: string;
  question_text: string;
  /** images/<name> inside the subject, or null */
  picture: string | null;
  feedback_text: string;
  feedback_picture: string | null;
  model_answer: string | null;
  recommended: number;
}

export interface AnswersTable {
  id: string;
  question_id: string;
  sort_index: number;
  answer_text: string;
  is_correct: number;
}

export interface LibraryEntriesTable {
  user_id: string;
  subject_id: string;
  /** 'added' (beyond her study's subjects) or 'hidden' (one of her study's, removed) */
  status: 'added' | 'hidden';
  updated_at: string;
}

export interface ReadingProgressTable {
  user_id: string;
  summary_id: string;
  chapter_id: string;
  /** scroll position within the chapter, 0..1 */
  position: number;
  updated_at: string;
}

export interface ChapterReadsTable {
  user_id: string;
  chapter_id: string;
  read_at: string;
}

/** A run through one question list (or several lists of one subject). */
export interface QuestionSessionsTable {
  id: string;
  user_id: string;
  subject_id: string;
  /** null when the session practises several lists */
  question_list_id: string | null;
  title: string;
  show_answers: number;
  /** 'recommended' or 'all' */
  mode: string;
  /** 0-based position of the current question; equals the question count once the run reached its end */
  current_index: number;
  /** 1 while answering skipped and review questions after the results */
  skipped_mode: number;
  /** position where the review of skipped questions started */
  review_index: number | null;
  created_at: string;
  updated_at: string;
  /** first time the run reached its end (the results) */
  finished_at: string | null;
}

/** One question of a session with the student's answer. */
export interface SessionQuestionsTable {
  id: string;
  session_id: string;
  question_index: number;
  question_id: string;
  /** -1 not answered yet, 0 wrong, 1 correct, 2 partially correct, 3 skipped, 4 review */
  status: number;
  /** JSON array of picked answer ids (SELECT) */
  answer_ids: string | null;
  text_answer: string | null;
  answered_at: string | null;
}

/** The first response of an idempotent command (decision 007), kept at least 24 hours. */
export interface IdempotencyKeysTable {
  /** given by the database in insert order (SQLite: the rowid; PostgreSQL: an identity column); the purge walks it */
  seq: Generated<number>;
  /** the user id, or 'anonymous' for calls without a signed-in user */
  scope: string;
  key: string;
  /** keyed hash of method, path and body */
  fingerprint: string;
  method: string;
  path: string;
  state: 'processing' | 'completed';
  /** a processing row is taken over after this (its process died) */
  locked_until: string;
  response_status: number | null;
  /** the first response as sent: 'json:' + its text, or 'aes:' + its encryption (decision 014) */
  response_body: string | null;
  created_at: string;
  completed_at: string | null;
}

/** A unit of background work, claimed by lease (decision 007). */
export interface JobsTable {
  id: string;
  name: string;
  /** JSON */
  payload: string;
  /** unique when set: enqueueing the same key twice makes one job */
  dedupe_key: string | null;
  state: 'queued' | 'running' | 'done' | 'failed';
  run_at: string;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

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

/** A purchase of a product: open until its first payment is final (shop, migration 0006). */
export interface OrdersTable {
  id: string;
  user_id: string;
  product_id: string;
  /** euro cents, VAT included; decided by the server */
  amount_cents: number;
  currency: string;
  status: 'open' | 'paid' | 'failed' | 'canceled' | 'expired';
  provider: 'mollie' | 'test';
  provider_customer_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A Premium subscription: Premium lasts until current_period_end. */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  product_id: string;
  order_id: string;
  status: 'active' | 'canceled' | 'ended';
  provider: 'mollie' | 'test';
  provider_customer_id: string | null;
  provider_mandate_id: string | null;
  current_period_start: string;
  current_period_end: string;
  canceled_at: string | null;
  ended_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A payment at the provider: a first payment of an order, or a renewal of a subscription. */
export interface PaymentsTable {
  id: string;
  user_id: string;
  order_id: string | null;
  subscription_id: string | null;
  provider: 'mollie' | 'test';
  provider_payment_id: string;
  sequence_type: 'first' | 'recurring';
  amount_cents: number;
  currency: string;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  checkout_url: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Every status change of an order, payment or subscription. */
export interface ShopStateHistoryTable {
  id: string;
  entity_type: 'order' | 'payment' | 'subscription';
  entity_id: string;
  user_id: string;
  from_status: string | null;
  to_status: string;
  source: string;
  created_at: string;
}

/** The provider side of the built-in test checkout. */
export interface TestCheckoutPaymentsTable {
  id: string;
  amount_cents: number;
  currency: string;
  description: string;
  redirect_url: string;
  webhook_url: string;
  /** JSON object */
  metadata: string;
  sequence_type: 'first' | 'recurring';
  customer_id: string | null;
  mandate_id: string | null;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  created_at: string;
  updated_at: string;
}

/** A student's profile picture, re-encoded on upload (issue 11). */
export interface ProfilePicturesTable {
  /** unguessable id, part of the picture's public URL; a new upload gets a new id */
  id: string;
  user_id: string;
  mime: string;
  data_base64: string;
  created_at: string;
}

/** What a student wants to be reminded of by push (issue 11); defaults off. */
export interface PushPreferencesTable {
  user_id: string;
  daily_enabled: number;
  /** local time in Europe/Amsterdam, HH:MM */
  daily_time: string;
  /** ISO weekdays 1 (Monday) to 7 (Sunday), comma separated */
  daily_days: string;
  flashcards_due: number;
  subject_news: number;
  updated_at: string;
}

/** One browser's Web Push subscription. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string;
  created_at: string;
  last_success_at: string | null;
}

/** A single-use password reset link (stored hashed), valid for an hour. */
export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A mail waiting for (or past) delivery by the mail job. */
export interface MailOutboxTable {
  id: string;
  user_id: string;
  to_address: string;
  subject: string;
  /** cleared once sent */
  text_body: string;
  html_body: string;
  created_at: string;
  sent_at: string | null;
  /** 'smtp' or 'outbox' */
  transport: string | null;
}

export interface Database {
  profile_pictures: ProfilePicturesTable;
  push_preferences: PushPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_outbox: MailOutboxTable;
  users: UsersTable;
  devices: DevicesTable;
  refresh_tokens: RefreshTokensTable;
  rate_limits: RateLimitsTable;
  subjects: SubjectsTable;
  subject_audiences: SubjectAudiencesTable;
  summaries: SummariesTable;
  chapters: ChaptersTable;
  content_images: ContentImagesTable;
  question_lists: QuestionListsTable;
  questions: QuestionsTable;
  answers: AnswersTable;
  library_entries: LibraryEntriesTable;
  reading_progress: ReadingProgressTable;
  chapter_reads: ChapterReadsTable;
  question_sessions: QuestionSessionsTable;
  session_questions: SessionQuestionsTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  flashcard_sets: FlashcardSetsTable;
  flashcards: FlashcardsTable;
  flashcard_favorites: FlashcardFavoritesTable;
  flashcard_knowledge: FlashcardKnowledgeTable;
  flashcard_sessions: FlashcardSessionsTable;
  flashcard_session_cards: FlashcardSessionCardsTable;
  flashcard_schedules: FlashcardSchedulesTable;
  flashcard_review_logs: FlashcardReviewLogsTable;
  orders: OrdersTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  shop_state_history: ShopStateHistoryTable;
  test_checkout_payments: TestCheckoutPaymentsTable;
}

// Re-exported so repositories can type generated columns when later tables need them.
export type { ColumnType, Generated };
