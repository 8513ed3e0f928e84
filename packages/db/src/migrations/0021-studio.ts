import type { Kysely } from 'kysely';

/**
 * The author studio (issue 29, decision 026): assignments of authors to subjects, one draft per
 * subject, its numbered releases and the audit log. `users.role_id` (1 student) gains its meaning
 * without a change: 2 author, 3 editor, 4 admin.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('studio_assignments')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('studio_assignments_pk', ['user_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('studio_assignments_subject_idx').on('studio_assignments').column('subject_id').execute();

  await db.schema
    .createTable('studio_drafts')
    .addColumn('subject_id', 'text', (c) => c.primaryKey())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('studio_releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('studio_releases_subject_number_uq', ['subject_id', 'number'])
    .execute();

  // No foreign key to users: the log keeps who did it after her account is gone.
  await db.schema
    .createTable('studio_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studio_audit_subject_idx').on('studio_audit').columns(['subject_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('studio_audit').execute();
  await db.schema.dropTable('studio_releases').execute();
  await db.schema.dropTable('studio_drafts').execute();
  await db.schema.dropTable('studio_assignments').execute();
}
