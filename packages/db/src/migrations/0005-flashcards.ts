import type { Kysely } from 'kysely';

/**
 * Flashcards: the imported sets and cards, a student's favorites, what she knows, her study
 * sessions (which cards, in which order, how far, known or not per card) and the FSRS
 * spaced-repetition state per card with its append-only review log.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flashcard_sets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_index', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'text')
    .execute();
  await db.schema.createIndex('flashcard_sets_subject_idx').on('flashcard_sets').column('subject_id').execute();

  await db.schema
    .createTable('flashcards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flashcard_set_id', 'text', (c) => c.notNull().references('flashcard_sets.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('sort_index', 'integer', (c) => c.notNull())
    .addColumn('front_markdown', 'text', (c) => c.notNull())
    .addColumn('back_markdown', 'text', (c) => c.notNull())
    // sanitized HTML rendered at import
    .addColumn('front_html', 'text', (c) => c.notNull())
    .addColumn('back_html', 'text', (c) => c.notNull())
    .addColumn('front_picture', 'text')
    .addColumn('back_picture', 'text')
    .execute();
  await db.schema.createIndex('flashcards_set_idx').on('flashcards').columns(['flashcard_set_id', 'sort_index']).execute();
  await db.schema.createIndex('flashcards_subject_idx').on('flashcards').column('subject_id').execute();

  await db.schema
    .createTable('flashcard_favorites')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('flashcard_id', 'text', (c) => c.notNull().references('flashcards.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('flashcard_favorites_pk', ['user_id', 'flashcard_id'])
    .execute();

  // Her latest verdict per card ('Wist ik' 1 / 'Wist ik niet' 0), across sessions and devices.
  await db.schema
    .createTable('flashcard_knowledge')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('flashcard_id', 'text', (c) => c.notNull().references('flashcards.id').onDelete('cascade'))
    .addColumn('known', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('flashcard_knowledge_pk', ['user_id', 'flashcard_id'])
    .execute();

  await db.schema
    .createTable('flashcard_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    // 'set', 'favorites' or 'review' (FSRS)
    .addColumn('source', 'text', (c) => c.notNull())
    // null for favorites and review sessions
    .addColumn('flashcard_set_id', 'text', (c) => c.references('flashcard_sets.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    // 'written' or 'shuffled'
    .addColumn('card_order', 'text', (c) => c.notNull())
    // 'front' or 'back'
    .addColumn('first_side', 'text', (c) => c.notNull())
    .addColumn('only_unknown', 'integer', (c) => c.notNull())
    // 0-based position of the current card; equals the card count once she reached the end
    .addColumn('current_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('flashcard_sessions_user_idx').on('flashcard_sessions').columns(['user_id', 'subject_id', 'updated_at']).execute();

  await db.schema
    .createTable('flashcard_session_cards')
    .addColumn('session_id', 'text', (c) => c.notNull().references('flashcard_sessions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('flashcard_id', 'text', (c) => c.notNull().references('flashcards.id').onDelete('cascade'))
    // null not answered yet, 1 known, 0 not known
    .addColumn('known', 'integer')
    // FSRS rating 1-4 in review sessions
    .addColumn('rating', 'integer')
    .addColumn('answered_at', 'text')
    .addPrimaryKeyConstraint('flashcard_session_cards_pk', ['session_id', 'position'])
    .execute();

  // FSRS card state per student and card; version guards against two devices rating at once.
  await db.schema
    .createTable('flashcard_schedules')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('flashcard_id', 'text', (c) => c.notNull().references('flashcards.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('due', 'text', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    // 0 new, 1 learning, 2 review, 3 relearning
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('flashcard_schedules_pk', ['user_id', 'flashcard_id'])
    .execute();
  await db.schema.createIndex('flashcard_schedules_due_idx').on('flashcard_schedules').columns(['user_id', 'subject_id', 'due']).execute();

  // Append-only, in the shape the FSRS optimizer reads (card_id, review_time ms UTC, review_rating, review_state, review_duration).
  await db.schema
    .createTable('flashcard_review_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // no foreign key: the log outlives a card removed from the content
    .addColumn('flashcard_id', 'text', (c) => c.notNull())
    .addColumn('review_time', 'bigint', (c) => c.notNull())
    .addColumn('review_rating', 'integer', (c) => c.notNull())
    // the card's state before this review: 0 new, 1 learning, 2 review, 3 relearning
    .addColumn('review_state', 'integer', (c) => c.notNull())
    .addColumn('review_duration', 'integer', (c) => c.notNull())
    // IANA time zone of the student at the review (the optimizer's day boundaries)
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flashcard_review_logs_user_idx').on('flashcard_review_logs').columns(['user_id', 'review_time']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'flashcard_review_logs',
    'flashcard_schedules',
    'flashcard_session_cards',
    'flashcard_sessions',
    'flashcard_knowledge',
    'flashcard_favorites',
    'flashcards',
    'flashcard_sets',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
