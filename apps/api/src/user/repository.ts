import { uuidv7, type Executor, type ProfilePicturesTable, type UsersTable } from '@blok/db';

const now = () => new Date().toISOString();

export type UserRow = UsersTable;

/** The user's own record as the profile and the other features see it. */
export class UserRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Deletes the user; every personal row goes with it (foreign keys cascade: devices, tokens,
   * progress, picture, push preferences and subscriptions, reset links, mails). What other features
   * keep about her without a foreign key (stored responses, throttling counters, queued reminders)
   * their own services forget (UserService.deleteAccount).
   */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The account with this e-mail address (stored lower-case), for the studio's role and subject assignments. */
  findByEmail(email: string): Promise<Pick<UserRow, 'id' | 'email' | 'role_id'> | undefined> {
    return this.db.selectFrom('users').select(['id', 'email', 'role_id']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  /** The accounts whose role is above student (the studio's members), by e-mail. */
  listWithRole(minRoleId: number): Promise<Array<Pick<UserRow, 'id' | 'email' | 'role_id'>>> {
    return this.db.selectFrom('users').select(['id', 'email', 'role_id']).where('role_id', '>=', minRoleId).orderBy('email').execute();
  }

  /** How many accounts chose this university (and study, and year): the catalogue's removals ask. */
  async countIn(choice: { university: string; study?: string; year?: string }): Promise<number> {
    let q = this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('university', '=', choice.university);
    if (choice.study !== undefined) q = q.where('study', '=', choice.study);
    if (choice.year !== undefined) q = q.where('year', '=', choice.year);
    const row = await q.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * The ids of the accounts with this role, their rows locked until the transaction ends (an update
   * that changes nothing): two admins stepping down at once wait for each other (issue 38).
   */
  async lockRole(roleId: number): Promise<string[]> {
    const rows = await this.db
      .updateTable('users')
      .set((eb) => ({ role_id: eb.ref('role_id') }))
      .where('role_id', '=', roleId)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async setRole(userId: string, roleId: number): Promise<void> {
    await this.db.updateTable('users').set({ role_id: roleId, updated_at: now() }).where('id', '=', userId).execute();
  }

  /** The Premium flag every premium check reads (library, profile); the shop keeps it in step. */
  async setHasSubscription(userId: string, has: boolean): Promise<void> {
    await this.db.updateTable('users').set({ has_subscription: has ? 1 : 0, updated_at: now() }).where('id', '=', userId).execute();
  }

  async updateProfile(
    userId: string,
    input: { firstName: string; middleName: string; lastName: string; university: string; study: string; year: string },
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('users')
      .set({
        first_name: input.firstName,
        middle_name: input.middleName,
        last_name: input.lastName,
        university: input.university,
        study: input.study,
        year: input.year,
        updated_at: now(),
      })
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Replaces the user's picture; returns the new picture's id (part of its URL). */
  async replacePicture(userId: string, picture: { mime: string; data: Buffer }): Promise<string> {
    const id = uuidv7();
    await this.db.deleteFrom('profile_pictures').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('profile_pictures')
      .values({ id, user_id: userId, mime: picture.mime, data_base64: picture.data.toString('base64'), created_at: now() })
      .execute();
    await this.db.updateTable('users').set({ profile_picture_url: pictureUrl(id), updated_at: now() }).where('id', '=', userId).execute();
    return id;
  }

  async removePicture(userId: string): Promise<void> {
    await this.db.deleteFrom('profile_pictures').where('user_id', '=', userId).execute();
    await this.db.updateTable('users').set({ profile_picture_url: '', updated_at: now() }).where('id', '=', userId).execute();
  }

  findPicture(id: string): Promise<ProfilePicturesTable | undefined> {
    return this.db.selectFrom('profile_pictures').selectAll().where('id', '=', id).executeTakeFirst();
  }
}

/** Public URL of a stored picture. The id is unguessable; an <img> cannot send a bearer token. */
export const pictureUrl = (id: string) => `/api/profile-pictures/${id}`;
