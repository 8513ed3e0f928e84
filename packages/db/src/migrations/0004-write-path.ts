import type { Kysely } from 'kysely';

/**
 * The write path (decision 007): stored responses of idempotent commands, and the jobs table of the
 * leased job runner. Both work unchanged on SQLite and PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // the user id, or 'anonymous' for calls without a signed-in user (register, login, refresh)
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    // keyed hash of method, path and body: the same key with another request is refused
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    // 'processing' while the first request runs, then 'completed'
    .addColumn('state', 'text', (c) => c.notNull())
    // a processing row whose process died is taken over after this
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    // the first response's body, encrypted (AES-256-GCM, key derived from the server secret and the key)
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addUniqueConstraint('idempotency_keys_scope_key_unique', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // unique: a second enqueue with the same key is a no-op (exactly one reminder per slot)
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    // 'queued' | 'running' | 'done' | 'failed'
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'run_at']).execute();
  await db.schema.createIndex('jobs_finished_idx').on('jobs').column('finished_at').execute();
  await db.schema.createIndex('refresh_tokens_created_idx').on('refresh_tokens').column('created_at').execute();
  await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_start').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rate_limits_window_idx').execute();
  await db.schema.dropIndex('refresh_tokens_created_idx').execute();
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('idempotency_keys').execute();
}
