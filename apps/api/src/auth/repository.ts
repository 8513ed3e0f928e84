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

// The statements of every login and token refresh, compiled once (fixedQuery, decision 014).
const userByEmailQuery = fixedQuery((db: Executor, email: string) => db.selectFrom('users').selectAll().where('email', '=', email));
/** Locks the user's row: concurrent logins of one user run one after the other. */
const lockUserQuery = fixedQuery((db: Executor, userId: string) => db.updateTable('users').set({ id: sql<string>`id` }).where('id', '=', userId));
const revokeOtherDevicesQuery = fixedQuery((db: Executor, userId: string, ts: string) =>
  db.updateTable('devices').set({ revoked_at: ts, revoked_reason: 'replaced' }).where('user_id', '=', userId).where('revoked_at', 'is', null),
);
const revokeUserTokensQuery = fixedQuery((db: Executor, userId: string, ts: string) =>
  db.updateTable('refresh_tokens').set({ revoked_at: ts }).where('user_id', '=', userId).where('revoked_at', 'is', null),
);
const insertDeviceQuery = fixedQuery((db: Executor, id: string, userId: string, deviceId: string, userAgent: string, ts: string) =>
  db.insertInto('devices').values({ id, user_id: userId, device_id: deviceId, user_agent: userAgent, created_at: ts, last_seen_at: ts, revoked_at: null, revoked_reason: null }),
);
const insertRefreshTokenQuery = fixedQuery(
  (db: Executor, id: string, userId: string, deviceRowId: string, familyId: string, tokenHash: string, ts: string, familyExpiresAt: string) =>
    db.insertInto('refresh_tokens').values({
      id,
      user_id: userId,
      device_row_id: deviceRowId,
      family_id: familyId,
      token_hash: tokenHash,
      created_at: ts,
      family_expires_at: familyExpiresAt,
      used_at: null,
      revoked_at: null,
      successor_enc: null,
    }),
);
const refreshTokenQuery = fixedQuery((db: Executor, tokenHash: string) =>
  db
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
    .where('refresh_tokens.token_hash', '=', tokenHash),
);
/** Marks a token used, only if it still is unused and not revoked: the row it returns says it won. */
const markTokenUsedQuery = fixedQuery((db: Executor, id: string, ts: string, successorEnc: string) =>
  db
    .updateTable('refresh_tokens')
    .set({ used_at: ts, successor_enc: successorEnc })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id'),
);

/** Users, devices and refresh tokens. The only place that touches these tables. */
export class AccountRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    return (await userByEmailQuery(this.db, email))[0];
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
      await lockUserQuery(trx, input.userId);
      await revokeOtherDevicesQuery(trx, input.userId, ts);
      await revokeUserTokensQuery(trx, input.userId, ts);
      const deviceRowId = uuidv7();
      await insertDeviceQuery(trx, deviceRowId, input.userId, input.deviceId, input.userAgent.slice(0, 300), ts);
      const familyExpiresAt = new Date(Date.now() + input.familyLifetimeSeconds * 1000).toISOString();
      await insertRefreshTokenQuery(trx, uuidv7(), input.userId, deviceRowId, uuidv7(), input.tokenHash, ts, familyExpiresAt);
      return { deviceRowId };
    }
  }

  async findRefreshToken(tokenHash: string) {
    return (await refreshTokenQuery(this.db, tokenHash))[0];
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
      const won = await markTokenUsedQuery(trx, input.id, ts, input.successorEnc);
      if (won.length !== 1) return false;
      await insertRefreshTokenQuery(trx, uuidv7(), input.userId, input.deviceRowId, input.familyId, input.newHash, ts, input.familyExpiresAt);
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
