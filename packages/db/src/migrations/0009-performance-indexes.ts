import type { Kysely } from 'kysely';

/**
 * Issue 14: an index on every foreign key that a delete or an ON DELETE CASCADE follows. Without one
 * the database scans the whole child table for each deleted parent row (a device's refresh tokens on
 * sign-out, a subject's or a question list's sessions when content is re-imported, a user's payments
 * when the account is deleted). Foreign keys that already lead a primary key or an index are left out.
 */
const INDEXES: Array<[table: string, column: string]> = [
  ['refresh_tokens', 'device_row_id'],
  ['library_entries', 'subject_id'],
  ['reading_progress', 'summary_id'],
  ['chapter_reads', 'chapter_id'],
  ['question_sessions', 'question_list_id'],
  ['question_sessions', 'subject_id'],
  ['flashcard_favorites', 'flashcard_id'],
  ['flashcard_knowledge', 'flashcard_id'],
  ['flashcard_sessions', 'flashcard_set_id'],
  ['flashcard_sessions', 'subject_id'],
  ['flashcard_session_cards', 'flashcard_id'],
  ['flashcard_schedules', 'subject_id'],
  ['flashcard_schedules', 'flashcard_id'],
  ['payments', 'user_id'],
  ['shop_state_history', 'user_id'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of INDEXES) {
    await db.schema.createIndex(`${table}_${column}_fk_idx`).ifNotExists().on(table).column(column).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of INDEXES) await db.schema.dropIndex(`${table}_${column}_fk_idx`).ifExists().execute();
}
