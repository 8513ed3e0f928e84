import { CompiledQuery, SqliteDialect, SqliteDriver } from 'kysely';
import type { DatabaseConnection, Driver, SqliteDialectConfig } from 'kysely';

/**
 * Kysely begins SQLite transactions with a plain `begin` (deferred): the transaction takes its
 * snapshot at its first read and asks for the write lock at its first write. When another process
 * wrote to the file in between (the API while `npm run user:role` or `content:import` runs beside
 * it), that write cannot be granted on the old snapshot and SQLite answers SQLITE_BUSY at once,
 * without waiting out busy_timeout: the command line failed with "database is locked" while the app
 * was in use (seen in the browser suite, 27-11-2026). `begin immediate` takes the write lock as the
 * transaction begins, waiting up to busy_timeout for another process to finish, so a transaction
 * that has begun always gets to write. Within one process nothing changes: Kysely already runs one
 * transaction at a time on SQLite's single connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
