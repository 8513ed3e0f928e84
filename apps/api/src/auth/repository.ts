import { fixedQuery, sql, uuidv7, type Executor, type UsersTable } from '@blok/db';

export type UserRow = UsersTable;

const now = () => new Date().toISOString();

/** What an authenticated request needs to know about its user and device (one query). */
export interface RequestContext {
  /** null: the account no longer exists */
  user: Pick<UsersTable, 'id' | 'study' | 'year' | 'has_subscription' | 'first_name'> | null;
  tokenDeviceRevoked: boolean;
  revokedReason: string | null;
  activeDeviceId: string | null;
}

/** The user with the token's own device and every active device of hers (a left join: none is fine). */
const requestContextQuery = fixedQuery((db: Executor, userId: string, deviceRowId: string) =>
  db
    .selectFrom('users')
    .leftJoin('devices', (join) =>
      join.onRef('devices.user_id', '=', 'users.id').on((eb) => eb.or([eb('devices.id', '=', deviceRowId), eb('devices.revoked_at', 'is', null)])),
    )
    .select([
      'users.id',
      'users.study',
      'users.year',
      'users.has_subscription',
      'users.first_name',
      'devices.id as device_row_id',
      'devices.device_id',
      'devices.revoked_at',
      'devices.revoked_reason',
      'devices.created_at as device_created_at',
    ])
    .where('users.id', '=', userId),
);

/** Users, devices and refresh tokens. The only place that touches these tables. */
export class AccountRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findUserById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Creates the user; returns undefined when the e-mail address is taken (unique index). */
  async createUser(input: { email: string; passwordHash: string; university: string; study: string; year: string }): Promise<UserRow | undefined> {
    const ts = now();
    const row: UserRow = {
      id: uuidv7(),
      email: input.email,
      password_hash: input.passwordHash,
      first_name: '',
      middle_name: '',
      last_name: '',
      role_id: 1,
      profile_picture_url: '',
      has_subscription: 0,
      university: input.university,
      study: input.study,
      year: input.year,
      created_at: ts,
      updated_at: ts,
    };
    const result = await this.db
      .insertInto('users')
      .values(row)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1 ? row : undefined;
  }

  async deleteUser(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * Signs the user in on this device and out everywhere else: revokes every other device and its
   * refresh tokens, then starts a new token family. One transaction.
   */
  async startDeviceSession(input: {
    userId: string;
    deviceId: string;
    userAgent: string;
    tokenHash: string;
    familyLifetimeSeconds: number;
  }): Promise<{ deviceRowId: string }> {
    {
      // part of the caller's unit of work (one transaction)
      const trx = this.db;
      const ts = now();
      // Lock the user's row first, so that concurrent logins of one user run one after the other
      // (on PostgreSQL each would otherwise miss the other's new device and both stay active).
      await trx.updateTable('users').set({ id: sql<string>`id` }).where('id', '=', input.userId).execute();
      await trx
        .updateTable('devices')
        .set({ revoked_at: ts, revoked_reason: 'replaced' })
        .where('user_id', '=', input.userId)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: ts })
        .where('user_id', '=', input.userId)
        .where('revoked_at', 'is', null)
        .execute();
      const deviceRowId = uuidv7();
      await trx
        .insertInto('devices')
        .values({
          id: deviceRowId,
          user_id: input.userId,
          device_id: input.deviceId,
          user_agent: input.userAgent.slice(0, 300),
          created_at: ts,
          last_seen_at: ts,
          revoked_at: null,
          revoked_reason: null,
        })
        .execute();
      await trx
        .insertInto('refresh_tokens')
        .values({
          id: uuidv7(),
          user_id: input.userId,
          device_row_id: deviceRowId,
          family_id: uuidv7(),
          token_hash: input.tokenHash,
          created_at: ts,
          family_expires_at: new Date(Date.now() + input.familyLifetimeSeconds * 1000).toISOString(),
          used_at: null,
          revoked_at: null,
          successor_enc: null,
        })
        .execute();
      return { deviceRowId };
    }
  }

  findRefreshToken(tokenHash: string) {
    return this.db
      .selectFrom('refresh_tokens')
      .innerJoin('devices', 'devices.id', 'refresh_tokens.device_row_id')
      .select([
        'refresh_tokens.id',
        'refresh_tokens.user_id',
        'refresh_tokens.device_row_id',
        'refresh_tokens.family_id',
        'refresh_tokens.family_expires_at',
        'refresh_tokens.used_at',
        'refresh_tokens.revoked_at',
        'refresh_tokens.successor_enc',
        'devices.device_id as device_client_id',
        'devices.revoked_at as device_revoked_at',
        'devices.revoked_reason as device_revoked_reason',
      ])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /**
   * Marks the token used and issues its successor in the same family, atomically.
   * Returns false when the token was already used or revoked meanwhile (a concurrent reuse).
   */
  async rotateRefreshToken(input: {
    id: string;
    userId: string;
    deviceRowId: string;
    familyId: string;
    familyExpiresAt: string;
    newHash: string;
    /** the successor, encrypted for holders of the old token (reuse interval) */
    successorEnc: string;
  }): Promise<boolean> {
    {
      // part of the caller's unit of work (one transaction)
      const trx = this.db;
      const ts = now();
      const updated = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: ts, successor_enc: input.successorEnc })
        .where('id', '=', input.id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('refresh_tokens')
        .values({
          id: uuidv7(),
          user_id: input.userId,
          device_row_id: input.deviceRowId,
          family_id: input.familyId,
          token_hash: input.newHash,
          created_at: ts,
          family_expires_at: input.familyExpiresAt,
          used_at: null,
          revoked_at: null,
          successor_enc: null,
        })
        .execute();
      return true;
    }
  }

  /**
   * Revokes a refresh token family; with a reason, also its device, so that the device's access
   * tokens stop working at once (logout, a detected reuse).
   */
  async revokeFamily(familyId: string, deviceReason?: 'logout' | 'reuse'): Promise<void> {
    const ts = now();
    await this.db.updateTable('refresh_tokens').set({ revoked_at: ts }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
    if (!deviceReason) return;
    const devices = this.db.selectFrom('refresh_tokens').select('device_row_id').where('family_id', '=', familyId);
    await this.db.updateTable('devices').set({ revoked_at: ts, revoked_reason: deviceReason }).where('id', 'in', devices).where('revoked_at', 'is', null).execute();
  }


  /** The device rows that matter for a request: the token's own and the user's active one. */
  async deviceState(
    userId: string,
    deviceRowId: string,
  ): Promise<{ tokenDeviceRevoked: boolean; revokedReason: string | null; activeDeviceId: string | null }> {
    const rows = await this.db
      .selectFrom('devices')
      .select(['id', 'device_id', 'revoked_at', 'revoked_reason', 'created_at'])
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('id', '=', deviceRowId), eb('revoked_at', 'is', null)]))
      .execute();
    const own = rows.find((r) => r.id === deviceRowId);
    const active = rows.filter((r) => r.revoked_at === null).sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
    return { tokenDeviceRevoked: !own || own.revoked_at !== null, revokedReason: own?.revoked_reason ?? null, activeDeviceId: active?.device_id ?? null };
  }

  /**
   * Everything an authenticated request needs, in one query (compiled once): the user (null when
   * the account is gone), whether the token's device is revoked and why, and the active device.
   */
  async requestContext(userId: string, deviceRowId: string): Promise<RequestContext> {
    const rows = await requestContextQuery(this.db, userId, deviceRowId);
    const first = rows[0];
    if (!first) return { user: null, tokenDeviceRevoked: true, revokedReason: null, activeDeviceId: null };
    const devices = rows.filter((r) => r.device_row_id !== null);
    const own = devices.find((r) => r.device_row_id === deviceRowId);
    const active = devices.filter((r) => r.revoked_at === null).sort((a, b) => b.device_created_at!.localeCompare(a.device_created_at!))[0];
    return {
      user: { id: first.id, study: first.study, year: first.year, has_subscription: first.has_subscription, first_name: first.first_name },
      tokenDeviceRevoked: !own || own.revoked_at !== null,
      revokedReason: own?.revoked_reason ?? null,
      activeDeviceId: active?.device_id ?? null,
    };
  }

  /** Deletes refresh tokens whose family ended (reuse detection needs them only until then). */
  async purgeEndedFamilies(nowIso: string): Promise<number> {
    const res = await this.db.deleteFrom('refresh_tokens').where('family_expires_at', '<', nowIso).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
