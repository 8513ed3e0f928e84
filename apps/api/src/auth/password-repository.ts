import { uuidv7, type Executor } from '@blok/db';

const now = () => new Date().toISOString();

/** Password hashes, sign-outs after a password change, and single-use reset tokens (stored hashed). */
export class PasswordRepository {
  /** `db` is the executor it runs on: the database, or the transaction of a unit of work. */
  constructor(private readonly db: Executor) {}

  findUserByEmail(email: string) {
    return this.db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
  }

  async passwordHash(userId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
    return row?.password_hash;
  }

  async setPasswordHash(userId: string, hash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: hash, updated_at: now() }).where('id', '=', userId).execute();
  }

  /**
   * Signs the user out everywhere except on `keepDeviceRowId` (null: everywhere). The devices keep
   * the reason `password`: their next request answers a plain sign-out (`invalid_token`), not the
   * notice of a newer login elsewhere (`device_revoked`, reason `replaced`).
   */
  async revokeDevices(userId: string, keepDeviceRowId: string | null): Promise<void> {
    const ts = now();
    let devices = this.db.updateTable('devices').set({ revoked_at: ts, revoked_reason: 'password' }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    let tokens = this.db.updateTable('refresh_tokens').set({ revoked_at: ts }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (keepDeviceRowId) {
      devices = devices.where('id', '!=', keepDeviceRowId);
      tokens = tokens.where('device_row_id', '!=', keepDeviceRowId);
    }
    await devices.execute();
    await tokens.execute();
  }

  async createResetToken(userId: string, tokenHash: string, ttlSeconds: number, nowMs = Date.now()): Promise<void> {
    await this.db
      .insertInto('password_reset_tokens')
      .values({
        id: uuidv7(),
        user_id: userId,
        token_hash: tokenHash,
        created_at: new Date(nowMs).toISOString(),
        expires_at: new Date(nowMs + ttlSeconds * 1000).toISOString(),
        used_at: null,
      })
      .execute();
  }

  /** Whether a reset token is there, unused and not expired (a read: the reset then uses it with `consumeResetToken`). */
  async isUsableResetToken(tokenHash: string, nowMs = Date.now()): Promise<boolean> {
    const row = await this.db
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date(nowMs).toISOString())
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Uses a reset token: marks it used if it is unused and not expired, in one conditional UPDATE, so
   * two concurrent resets with the same link cannot both pass. Returns the user id, or null.
   */
  async consumeResetToken(tokenHash: string, nowMs = Date.now()): Promise<string | null> {
    const ts = new Date(nowMs).toISOString();
    const row = await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: ts })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', ts)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** Every other outstanding link of the user stops working once one was used. */
  async invalidateResetTokens(userId: string, nowMs = Date.now()): Promise<void> {
    await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date(nowMs).toISOString() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
