import type { Kysely } from 'kysely';

/**
 * The Anki note an imported card came from (issue 38): the cards of one reversed or cloze note
 * know they belong together, so an export gives Anki one "Basic (and reversed card)" or Cloze note
 * back instead of a Basic note per card. JSON written and read by card import (a card has one
 * student, nothing is looked up by it); null for a card of its own, and again once she changes the
 * card. Existing cards get none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('own_flashcards').addColumn('source_note', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('own_flashcards').dropColumn('source_note').execute();
}
