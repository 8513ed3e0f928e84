import type { Kysely } from 'kysely';

/**
 * Issue 41, her own courses: a set of her own cards can belong to one of her courses ("her card sets
 * (existing own sets can move into it)"). `own_flashcard_sets.course_id` names the course; a set is in
 * a subject, in a course or personal, never two. Owned by the own-cards feature; a course deleted
 * leaves its sets as personal sets (her cards are not her material: they stay hers).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('own_flashcard_sets')
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('set null'))
    .execute();
  // a course's sets, and a course deleted, without a scan
  await db.schema.createIndex('own_flashcard_sets_course_idx').on('own_flashcard_sets').column('course_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('own_flashcard_sets_course_idx').execute();
  await db.schema.alterTable('own_flashcard_sets').dropColumn('course_id').execute();
}
