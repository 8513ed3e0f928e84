import type { Kysely } from 'kysely';

/**
 * Issue 29, decision 031: the onboarding catalogue moves from code into the database, editable by
 * admins in the studio. Universities, their studies and the studies' year layers with their sample
 * course. `catalogue_meta` holds the version the API processes' caches compare and whether the
 * demo catalogue was seeded (the API seeds it once on start-up, apps/api/src/catalogue/seed.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_universities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('catalogue_studies')
    .addColumn('university_id', 'text', (c) => c.notNull().references('catalogue_universities.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalogue_studies_pk', ['university_id', 'id'])
    .execute();
  await db.schema
    .createTable('catalogue_years')
    .addColumn('university_id', 'text', (c) => c.notNull())
    .addColumn('study_id', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('vaknaam', 'text', (c) => c.notNull())
    .addColumn('percentage', 'integer', (c) => c.notNull())
    .addColumn('header_image', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalogue_years_pk', ['university_id', 'study_id', 'id'])
    .addForeignKeyConstraint('catalogue_years_study_fk', ['university_id', 'study_id'], 'catalogue_studies', ['university_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('catalogue_meta')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('seeded', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('catalogue_meta').values({ id: 1, version: 0, seeded: 0 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_meta').execute();
  await db.schema.dropTable('catalogue_years').execute();
  await db.schema.dropTable('catalogue_studies').execute();
  await db.schema.dropTable('catalogue_universities').execute();
}
