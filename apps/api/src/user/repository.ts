import type { Executor, UsersTable } from '@blok/db';

export type UserRow = UsersTable;

/** The user's own record as the profile and the other features see it. */
export class UserRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Deletes the user; every personal row goes with it (foreign keys cascade) or is deleted here. */
  async delete(id: string): Promise<boolean> {
    await this.db.deleteFrom('idempotency_keys').where('scope', '=', id).where('state', '=', 'completed').execute();
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
