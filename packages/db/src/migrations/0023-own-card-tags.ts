import type { Kysely } from 'kysely';

/**
 * Tags on her own cards (issue 28): the tags an Anki note or a text's tags column brought, shown
 * on the card and written back on export. A JSON array of strings on the card (a card has one
 * student and at most OWN_CARD_TAGS_MAX tags, and nothing is looked up by tag); existing cards get
 * none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('own_flashcards')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('own_flashcards').dropColumn('tags').execute();
}
