import type { Kysely } from 'kysely';

/**
 * Issue 39, readiness from graded evidence (decision 035). `plan_marks` says of her latest answer
 * per item whether and how it is evidence of what she knows (`source`, `score`), and holds her
 * latest mock exam answer per question (kind 'mock'). `item_difficulties`: each question's (and
 * card's) difficulty, learnt online from every student's first graded answer; owned by the plan.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plan_marks').addColumn('source', 'text').execute();
  await db.schema.alterTable('plan_marks').addColumn('score', 'real').execute();
  await db.schema
    .createTable('item_difficulties')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('chapter_id', 'text', (c) => c.notNull())
    .addColumn('difficulty', 'real', (c) => c.notNull())
    .addColumn('information', 'real', (c) => c.notNull())
    .addColumn('answers', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_difficulties_pk', ['kind', 'item_id'])
    .execute();
  await db.schema.createIndex('item_difficulties_subject_idx').on('item_difficulties').columns(['subject_id', 'kind']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('item_difficulties').execute();
  await db.schema.alterTable('plan_marks').dropColumn('score').execute();
  await db.schema.alterTable('plan_marks').dropColumn('source').execute();
}
