import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { uuidv7, type DB, type Executor } from '@blok/db';

/** How long a stored response is kept: at least this long, then the purge job removes it. */
export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 60 * 60;
/** A first request still 'processing' after this is taken to have died with its process. */
export const IDEMPOTENCY_LOCK_SECONDS = 20;

export type Claim =
  | { kind: 'claimed'; id: string }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

export interface RequestIdentity {
  scope: string;
  key: string;
  method: string;
  path: string;
  body: unknown;
}

/** JSON with object keys sorted, so that equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Stored first responses of commands (IETF httpapi Idempotency-Key draft; decision 007).
 * The fingerprint is an HMAC (a body may hold a password); the stored body is encrypted with a key
 * derived from the server secret and the idempotency key (it may hold tokens).
 */
export class IdempotencyStore {
  private readonly fingerprintKey: Buffer;
  private readonly encryptionSecret: Buffer;

  constructor(
    private readonly db: DB,
    secret: string,
  ) {
    this.fingerprintKey = Buffer.from(hkdfSync('sha256', secret, 'blok', 'idempotency fingerprint', 32));
    this.encryptionSecret = Buffer.from(hkdfSync('sha256', secret, 'blok', 'idempotency response', 32));
  }

  fingerprint(req: Pick<RequestIdentity, 'method' | 'path' | 'body'>): string {
    return createHmac('sha256', this.fingerprintKey).update(`${req.method} ${req.path}\n${canonicalJson(req.body)}`).digest('base64url');
  }

  /**
   * Inserts the key's row, unless the key is taken (then false). 'processing' claims it for a
   * request about to run; 'completed' stores a response at once (a command that changed nothing).
   */
  async insert(
    executor: Executor,
    req: RequestIdentity,
    id: string,
    nowMs: number,
    response?: { status: number; body: unknown },
  ): Promise<boolean> {
    const inserted = await executor
      .insertInto('idempotency_keys')
      .values({
        id,
        scope: req.scope,
        key: req.key,
        fingerprint: this.fingerprint(req),
        method: req.method,
        path: req.path.slice(0, 500),
        state: response ? 'completed' : 'processing',
        locked_until: iso(nowMs + IDEMPOTENCY_LOCK_SECONDS * 1000),
        response_status: response ? response.status : null,
        response_body: response ? this.encrypt(req.key, response.body) : null,
        created_at: iso(nowMs),
        completed_at: response ? iso(nowMs) : null,
      })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /**
   * What a stored key says about this request without claiming it (a read, no commit): a response
   * to replay, another request's key, one in progress; 'none' when the key is free, 'stale' when
   * its first request died (claim() takes it over).
   */
  async lookup(req: RequestIdentity, nowMs = Date.now()): Promise<Exclude<Claim, { kind: 'claimed' }> | { kind: 'none' } | { kind: 'stale' }> {
    const row = await this.db.selectFrom('idempotency_keys').selectAll().where('scope', '=', req.scope).where('key', '=', req.key).executeTakeFirst();
    if (!row) return { kind: 'none' };
    if (row.fingerprint !== this.fingerprint(req)) return { kind: 'mismatch' };
    if (row.state === 'completed') return { kind: 'replay', status: Number(row.response_status), body: this.decrypt(req.key, row.response_body) };
    return row.locked_until > iso(nowMs) ? { kind: 'in_progress' } : { kind: 'stale' };
  }

  /** Claims the key for this request, or says why not (a stored response, one in progress, another request). */
  async claim(req: RequestIdentity, nowMs = Date.now()): Promise<Claim> {
    const fingerprint = this.fingerprint(req);
    const id = uuidv7();
    if (await this.insert(this.db, req, id, nowMs)) return { kind: 'claimed', id };

    const row = await this.db.selectFrom('idempotency_keys').selectAll().where('scope', '=', req.scope).where('key', '=', req.key).executeTakeFirst();
    if (!row) return this.claim(req, nowMs); // purged between the two statements
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (row.state === 'completed') {
      return { kind: 'replay', status: Number(row.response_status), body: this.decrypt(req.key, row.response_body) };
    }
    if (row.locked_until > iso(nowMs)) return { kind: 'in_progress' };
    // The first request's process died: take the key over, unless another request just did.
    const taken = await this.db
      .updateTable('idempotency_keys')
      .set({ locked_until: iso(nowMs + IDEMPOTENCY_LOCK_SECONDS * 1000) })
      .where('id', '=', row.id)
      .where('state', '=', 'processing')
      .where('locked_until', '=', row.locked_until)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? { kind: 'claimed', id: row.id } : { kind: 'in_progress' };
  }

  /** Stores the response; called inside the transaction that made the change. */
  async complete(executor: Executor, id: string, key: string, status: number, body: unknown): Promise<void> {
    await executor
      .updateTable('idempotency_keys')
      .set({ state: 'completed', response_status: status, response_body: this.encrypt(key, body), completed_at: iso(Date.now()) })
      .where('id', '=', id)
      .where('state', '=', 'processing')
      .execute();
  }

  /** Gives the key up (the request failed in a way a retry may not repeat). */
  async release(id: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('id', '=', id).where('state', '=', 'processing').execute();
  }

  /** Removes stored responses older than the retention; returns how many. */
  async purge(executor: Executor, nowMs = Date.now()): Promise<number> {
    const res = await executor
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', iso(nowMs - IDEMPOTENCY_RETENTION_SECONDS * 1000))
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  private keyFor(key: string): Buffer {
    return createHmac('sha256', this.encryptionSecret).update(key).digest();
  }

  private encrypt(key: string, body: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyFor(key), iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(body ?? null), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
  }

  private decrypt(key: string, stored: string | null): unknown {
    if (!stored) return null;
    const raw = Buffer.from(stored, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.keyFor(key), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
  }
}
