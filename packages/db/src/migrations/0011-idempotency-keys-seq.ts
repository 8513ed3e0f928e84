import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely, type Transaction } from 'kysely';

/**
 * Issue 14 (decision 014, "Write path, fourth round"): every command's Idempotency-Key row wrote four
 * b-trees on SQLite (the table, its text primary key's index, the unique (scope, key) index and the
 * created_at index), in the same commit as the change itself: a third of a save-answer's CPU.
 *
 * The row is now found by (scope, key) as before, and otherwise known by `seq`, an integer primary
 * key given by the database in insert order: on SQLite the rowid itself (no index of its own), on
 * PostgreSQL an identity column. The purge walks `seq` from the oldest row instead of an index on
 * created_at. Two b-trees per row on SQLite (was four), three on PostgreSQL (was four).
 *
 * The table is rebuilt (SQLite cannot change a primary key in place); stored responses are copied in
 * the order they were made, so that the purge's walk from the oldest `seq` meets them in time order.
 */
const COLUMNS = [
  'scope',
  'key',
  'fingerprint',
  'method',
  'path',
  'state',
  'locked_until',
  'response_status',
  'response_body',
  'created_at',
  'completed_at',
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function inTransaction(db: Db, fn: (tx: Transaction<any> | Db) => Promise<void>): Promise<void> {
  // PostgreSQL runs every migration in a transaction already; SQLite runs them without one
  // (Kysely: no transactional DDL), so a crash between the drop and the rename would lose the table.
  if (db.isTransaction) return fn(db);
  return db.transaction().execute(fn);
}

/** The columns both tables share (0004's and this one's), after their key. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function keyColumns(table: CreateTableBuilder<any, any>): CreateTableBuilder<any, any> {
  return (
    table
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
      // the first response as sent: 'json:' + text, or 'aes:' + its AES-256-GCM encryption
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
  );
}

/**
 * The table's columns in the schema in use. On PostgreSQL Kysely's introspection lists the tables of
 * every schema: another schema's table of the same name (another test's, running at the same time,
 * or another application's) must not count, or this migration skips a table it has not converted.
 */
async function columnsOf(db: Db, table: string): Promise<string[] | undefined> {
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const tables = await db.introspection.getTables();
  return tables.find((t) => t.name === table && (schema === undefined || t.schema === schema))?.columns.map((c) => c.name);
}

export async function up(db: Db): Promise<void> {
  // already rebuilt (a crash after the rebuild's commit, before Kysely recorded the migration)
  if ((await columnsOf(db, 'idempotency_keys'))?.includes('seq')) return;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await inTransaction(db, async (tx) => {
    await tx.schema.alterTable('idempotency_keys').renameTo('idempotency_keys_0004').execute();
    await tx.schema
      .createTable('idempotency_keys')
      // SQLite: an INTEGER PRIMARY KEY is the rowid (next = largest + 1), no index of its own
      .addColumn('seq', postgres ? 'bigint' : 'integer', (c) => (postgres ? c.notNull().generatedByDefaultAsIdentity() : c.notNull()))
      .$call(keyColumns)
      // named: PostgreSQL's default name (idempotency_keys_pkey) is still the renamed table's
      .addPrimaryKeyConstraint('idempotency_keys_seq_pk', ['seq'])
      .addUniqueConstraint('idempotency_keys_scope_key', ['scope', 'key'])
      .execute();
    await tx
      .insertInto('idempotency_keys')
      .columns([...COLUMNS])
      .expression(tx.selectFrom('idempotency_keys_0004').select([...COLUMNS]).orderBy('created_at').orderBy('id'))
      .execute();
    await tx.schema.dropTable('idempotency_keys_0004').execute();
  });
}

/** Back to 0004's table: every row gets a text id (its seq, zero-padded, so it sorts as it did). */
export async function down(db: Db): Promise<void> {
  if (!(await columnsOf(db, 'idempotency_keys'))?.includes('seq')) return;
  await inTransaction(db, async (tx) => {
    await tx.schema.alterTable('idempotency_keys').renameTo('idempotency_keys_0011').execute();
    await tx.schema
      .createTable('idempotency_keys')
      .addColumn('id', 'text', (c) => c.notNull())
      .$call(keyColumns)
      .addPrimaryKeyConstraint('idempotency_keys_id_pk', ['id'])
      .addUniqueConstraint('idempotency_keys_scope_key_unique', ['scope', 'key'])
      .execute();
    const rows = (await tx.selectFrom('idempotency_keys_0011').selectAll().orderBy('seq').execute()) as Array<Record<string, unknown> & { seq: number }>;
    for (const { seq, ...row } of rows) {
      await tx
        .insertInto('idempotency_keys')
        .values({ ...row, id: `legacy-${String(seq).padStart(16, '0')}` })
        .execute();
    }
    await tx.schema.dropTable('idempotency_keys_0011').execute();
    await tx.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
  });
}
