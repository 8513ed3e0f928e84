import { uuidv7, type Executor } from '@blok/db';

/** Single-use password reset tokens, stored as SHA-256 hashes. */
export class PasswordResetRepository {
  constructor(private readonly db: Executor) {}

  async create(userId: string, tokenHash: string, ttlSeconds: number, nowMs = Date.now()): Promise<void> {
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

  /**
   * Uses the token: marks it used if it is unused and not expired, in one conditional UPDATE, so
   * that two concurrent resets with the same link cannot both pass. Returns the user id, or null.
   */
  async consume(tokenHash: string, nowMs = Date.now()): Promise<string | null> {
    const now = new Date(nowMs).toISOString();
    const row = await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** Every other outstanding link of the user stops working once one was used. */
  async invalidateAll(userId: string, nowMs = Date.now()): Promise<void> {
    await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date(nowMs).toISOString() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
