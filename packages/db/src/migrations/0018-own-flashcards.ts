import type { Kysely } from 'kysely';

/**
 * Issue 28, her own flashcards (decision 023): her sets (in a subject or personal) and cards with
 * their study state, the cards' pictures, share links, and her sessions over her own cards. Every
 * foreign key leads an index (deletes and cascades never scan).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('own_flashcard_sets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // a subject that leaves the catalogue leaves her set personal, not deleted
    .addColumn('subject_id', 'text', (c) => c.references('subjects.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort_index', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('own_flashcard_sets_user_idx').on('own_flashcard_sets').columns(['user_id', 'sort_index']).execute();
  await db.schema.createIndex('own_flashcard_sets_subject_idx').on('own_flashcard_sets').column('subject_id').execute();

  await db.schema
    .createTable('own_flashcard_pictures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('data_base64', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('own_flashcard_pictures_user_idx').on('own_flashcard_pictures').column('user_id').execute();

  await db.schema
    .createTable('own_flashcards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('set_id', 'text', (c) => c.notNull().references('own_flashcard_sets.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sort_index', 'integer', (c) => c.notNull())
    .addColumn('front_markdown', 'text', (c) => c.notNull())
    .addColumn('back_markdown', 'text', (c) => c.notNull())
    .addColumn('front_html', 'text', (c) => c.notNull())
    .addColumn('back_html', 'text', (c) => c.notNull())
    .addColumn('front_picture_id', 'text', (c) => c.references('own_flashcard_pictures.id').onDelete('set null'))
    .addColumn('back_picture_id', 'text', (c) => c.references('own_flashcard_pictures.id').onDelete('set null'))
    // no foreign keys: chapters and summaries are re-imported content
    .addColumn('chapter_id', 'text')
    .addColumn('summary_id', 'text')
    .addColumn('is_favorite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('known', 'integer')
    .addColumn('due', 'text')
    .addColumn('stability', 'double precision')
    .addColumn('difficulty', 'double precision')
    .addColumn('elapsed_days', 'integer')
    .addColumn('scheduled_days', 'integer')
    .addColumn('learning_steps', 'integer')
    .addColumn('reps', 'integer')
    .addColumn('lapses', 'integer')
    .addColumn('state', 'integer')
    .addColumn('last_review', 'text')
    .addColumn('schedule_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('own_flashcards_set_idx').on('own_flashcards').columns(['set_id', 'sort_index']).execute();
  await db.schema.createIndex('own_flashcards_user_chapter_idx').on('own_flashcards').columns(['user_id', 'chapter_id']).execute();
  await db.schema.createIndex('own_flashcards_front_picture_idx').on('own_flashcards').column('front_picture_id').execute();
  await db.schema.createIndex('own_flashcards_back_picture_idx').on('own_flashcards').column('back_picture_id').execute();

  await db.schema
    .createTable('own_flashcard_share_links')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('set_id', 'text', (c) => c.notNull().references('own_flashcard_sets.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('own_flashcard_share_links_set_idx').on('own_flashcard_share_links').columns(['set_id', 'revoked_at']).execute();
  await db.schema.createIndex('own_flashcard_share_links_user_idx').on('own_flashcard_share_links').column('user_id').execute();

  await db.schema
    .createTable('own_flashcard_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('set_id', 'text', (c) => c.notNull().references('own_flashcard_sets.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('card_order', 'text', (c) => c.notNull())
    .addColumn('first_side', 'text', (c) => c.notNull())
    .addColumn('only_unknown', 'integer', (c) => c.notNull())
    .addColumn('current_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('own_flashcard_sessions_user_idx').on('own_flashcard_sessions').columns(['user_id', 'set_id', 'updated_at']).execute();
  await db.schema.createIndex('own_flashcard_sessions_set_idx').on('own_flashcard_sessions').column('set_id').execute();

  await db.schema
    .createTable('own_flashcard_session_cards')
    .addColumn('session_id', 'text', (c) => c.notNull().references('own_flashcard_sessions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('card_id', 'text', (c) => c.notNull().references('own_flashcards.id').onDelete('cascade'))
    .addColumn('known', 'integer')
    .addColumn('rating', 'integer')
    .addColumn('answered_at', 'text')
    .addPrimaryKeyConstraint('own_flashcard_session_cards_pk', ['session_id', 'position'])
    .execute();
  await db.schema.createIndex('own_flashcard_session_cards_card_idx').on('own_flashcard_session_cards').column('card_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'own_flashcard_session_cards',
    'own_flashcard_sessions',
    'own_flashcard_share_links',
    'own_flashcards',
    'own_flashcard_pictures',
    'own_flashcard_sets',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
