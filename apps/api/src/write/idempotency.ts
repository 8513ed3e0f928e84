import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { fixedQuery, sql, type DB, type Executor } from '@blok/db';

/** How long a stored response is kept: at least this long, then the purge job removes it. */
export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 60 * 60;
/** A first request still 'processing' after this is taken to have died with its process. */
export const IDEMPOTENCY_LOCK_SECONDS = 20;
/** Rows the purge reads and deletes per statement. */
const PURGE_BATCH = 1000;

/** A claimed key is known by its row's `seq` until its response is stored. */
export type Claim = { kind: 'claimed'; id: number } | Replay | { kind: 'in_progress' } | { kind: 'mismatch' };

export interface RequestIdentity {
  scope: string;
  key: string;
  method: string;
  path: string;
  body: unknown;
  /** the response holds no secret (no token): stored as sent, not encrypted (decision 014) */
  plain?: boolean;
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

/** A stored response: its status and its body as it was sent (JSON text), or null for no body. */
export interface StoredResponse {
  status: number;
  text: string | null;
}
/**
 * A stored response to send again. A row stored before responses were stored as sent (decision 014)
 * holds the handler's value instead (`body`, `text` undefined): it goes through the route's
 * serializer, as it did then.
 */
export type Replay = { kind: 'replay'; status: number; text: string | null } | { kind: 'replay'; status: number; text: undefined; body: unknown };

/** Stored as sent, unencrypted: a response that holds no secret (decision 014). */
const PLAIN = 'json:';
/** Encrypted (AES-256-GCM): `aes:` + base64 of iv, tag and the encrypted text. */
const SEALED = 'aes:';

const selectKey = fixedQuery((db, scope: string, key: string) =>
  db
    .selectFrom('idempotency_keys')
    .select(['seq', 'fingerprint', 'state', 'locked_until', 'response_status', 'response_body'])
    .where('scope', '=', scope)
    .where('key', '=', key),
);
const insertKey = fixedQuery(
  (
    db,
    scope: string,
    key: string,
    fingerprint: string,
    method: string,
    path: string,
    state: 'processing' | 'completed',
    lockedUntil: string,
    status: number | null,
    body: string | null,
    createdAt: string,
    completedAt: string | null,
  ) =>
    db
      .insertInto('idempotency_keys')
      .values({
        scope,
        key,
        fingerprint,
        method,
        path,
        state,
        locked_until: lockedUntil,
        response_status: status,
        response_body: body,
        created_at: createdAt,
        completed_at: completedAt,
      })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .returning('seq'),
);
const completeKey = fixedQuery((db, seq: number, status: number, body: string | null, completedAt: string) =>
  db
    .updateTable('idempotency_keys')
    .set({ state: 'completed', response_status: status, response_body: body, completed_at: completedAt })
    .where('seq', '=', seq)
    .where('state', '=', 'processing'),
);

/** The window of the per-address ceiling on anonymous stored keys. */
export const ANONYMOUS_KEY_WINDOW_SECONDS = 60 * 60;

/** One more stored key for the address, in a new window when its old one is over; the count after. */
const countAnonymousKey = fixedQuery((db, address: string, nowIso: string, cutoff: string) =>
  db
    .insertInto('idempotency_quotas')
    .values({ address, window_start: nowIso, count: 1 })
    .onConflict((oc) =>
      oc.column('address').doUpdateSet({
        count: sql<number>`case when idempotency_quotas.window_start < ${cutoff} then 1 else idempotency_quotas.count + 1 end`,
        window_start: sql<string>`case when idempotency_quotas.window_start < ${cutoff} then ${nowIso} else idempotency_quotas.window_start end`,
      }),
    )
    .returning('count'),
);

/**
 * Stored first responses of commands (IETF httpapi Idempotency-Key draft; decisions 007 and 014).
 * The fingerprint is an HMAC (a body may hold a password). A response is stored as it was sent;
 * encrypted with a key derived from the server secret and the idempotency key (it may hold tokens),
 * unless the request says its response holds no secret (`plain`). Every statement is compiled once.
 */
export class IdempotencyStore {
  // KeyObjects, made once: an HMAC over a raw Buffer imports the key anew on every call
  private readonly fingerprintKey: KeyObject;
  private readonly encryptionSecret: KeyObject;
  private readonly fingerprints = new WeakMap<RequestIdentity, string>();

  constructor(
    private readonly db: DB,
    secret: string,
  ) {
    this.fingerprintKey = createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'blok', 'idempotency fingerprint', 32)));
    this.encryptionSecret = createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'blok', 'idempotency response', 32)));
  }

  /** The request's keyed hash (worked out once per request). */
  fingerprint(req: RequestIdentity): string {
    let fingerprint = this.fingerprints.get(req);
    if (fingerprint === undefined) {
      fingerprint = createHmac('sha256', this.fingerprintKey).update(`${req.method} ${req.path}\n${canonicalJson(req.body)}`).digest('base64url');
      this.fingerprints.set(req, fingerprint);
    }
    return fingerprint;
  }

  /**
   * Inserts the key's row and returns its seq, unless the key is taken (then null). 'processing'
   * claims it for a request about to run; 'completed' stores a response at once.
   */
  async insert(executor: Executor, req: RequestIdentity, nowMs: number, response?: StoredResponse): Promise<number | null> {
    const rows = await insertKey(
      executor,
      req.scope,
      req.key,
      this.fingerprint(req),
      req.method,
      req.path.slice(0, 500),
      response ? 'completed' : 'processing',
      iso(nowMs + IDEMPOTENCY_LOCK_SECONDS * 1000),
      response ? response.status : null,
      response ? this.seal(req, response.text) : null,
      iso(nowMs),
      response ? iso(nowMs) : null,
    );
    return rows.length === 1 ? Number(rows[0]!.seq) : null;
  }

  /**
   * What a stored key says about this request without claiming it (a read, no commit): a response
   * to replay, another request's key, one in progress; 'none' when the key is free, 'stale' when
   * its first request died (claim() takes it over).
   */
  async lookup(req: RequestIdentity, nowMs = Date.now()): Promise<Exclude<Claim, { kind: 'claimed' }> | { kind: 'none' } | { kind: 'stale' }> {
    const [row] = await selectKey(this.db, req.scope, req.key);
    if (!row) return { kind: 'none' };
    if (row.fingerprint !== this.fingerprint(req)) return { kind: 'mismatch' };
    if (row.state === 'completed') return this.replay(req.key, Number(row.response_status), row.response_body);
    return row.locked_until > iso(nowMs) ? { kind: 'in_progress' } : { kind: 'stale' };
  }

  /**
   * Counts a stored key of an anonymous request from `address` (issue 25): true while the address
   * is within `limit` keys in the current window, false past it (the request then runs without
   * storing its key). In the database, so the ceiling holds for N processes together.
   */
  async countAnonymousKey(address: string, limit: number, nowMs = Date.now()): Promise<{ allowed: boolean; count: number }> {
    const [row] = await countAnonymousKey(this.db, address.slice(0, 100), iso(nowMs), iso(nowMs - ANONYMOUS_KEY_WINDOW_SECONDS * 1000));
    const count = Number(row?.count ?? 0);
    return { allowed: count <= limit, count };
  }

  /** Claims the key for this request, or says why not (a stored response, one in progress, another request). */
  async claim(req: RequestIdentity, nowMs = Date.now()): Promise<Claim> {
    const fingerprint = this.fingerprint(req);
    const seq = await this.insert(this.db, req, nowMs);
    if (seq !== null) return { kind: 'claimed', id: seq };

    const [row] = await selectKey(this.db, req.scope, req.key);
    if (!row) return this.claim(req, nowMs); // purged between the two statements
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    if (row.state === 'completed') return this.replay(req.key, Number(row.response_status), row.response_body);
    if (row.locked_until > iso(nowMs)) return { kind: 'in_progress' };
    // The first request's process died: take the key over, unless another request just did.
    const taken = await this.db
      .updateTable('idempotency_keys')
      .set({ locked_until: iso(nowMs + IDEMPOTENCY_LOCK_SECONDS * 1000) })
      .where('seq', '=', row.seq)
      .where('state', '=', 'processing')
      .where('locked_until', '=', row.locked_until)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? { kind: 'claimed', id: Number(row.seq) } : { kind: 'in_progress' };
  }

  /** Stores the response of a claimed key; called inside the transaction that made the change. */
  async complete(executor: Executor, id: number, req: Pick<RequestIdentity, 'key' | 'plain'>, response: StoredResponse): Promise<void> {
    await completeKey(executor, id, response.status, this.seal(req, response.text), iso(Date.now()));
  }

  /** Gives the key up (the request failed in a way a retry may not repeat). */
  async release(id: number): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('seq', '=', id).where('state', '=', 'processing').execute();
  }

  /**
   * Removes stored responses older than the retention; returns how many. There is no index on
   * created_at (one b-tree less for every command to write, decision 014): rows are walked from the
   * oldest `seq` (insert order, the primary key) a batch at a time, and each batch's rows older than
   * the cutoff are deleted. The walk stops at the first row that is young enough to keep; a row that
   * is older still but came later (another process's clock, a long transaction) waits for the next
   * run, so nothing is ever removed before its retention is over.
   */
  async purge(executor: Executor, nowMs = Date.now(), batchSize = PURGE_BATCH): Promise<number> {
    // the anonymous keys' counters of windows that are over
    await executor.deleteFrom('idempotency_quotas').where('window_start', '<', iso(nowMs - ANONYMOUS_KEY_WINDOW_SECONDS * 1000)).execute();
    const cutoff = iso(nowMs - IDEMPOTENCY_RETENTION_SECONDS * 1000);
    let purged = 0;
    for (;;) {
      const oldest = await executor.selectFrom('idempotency_keys').select(['seq', 'created_at']).orderBy('seq').limit(batchSize).execute();
      if (oldest.length === 0 || oldest[0]!.created_at >= cutoff) return purged;
      // the first row is older than the cutoff, so each batch removes at least one row
      const res = await executor
        .deleteFrom('idempotency_keys')
        .where('seq', '<=', oldest[oldest.length - 1]!.seq)
        .where('created_at', '<', cutoff)
        .executeTakeFirst();
      purged += Number(res.numDeletedRows);
    }
  }

  /**
   * Account deletion (UserService.deleteAccount): the completed responses stored for her, in its
   * transaction. A command still in flight (the deletion's own) keeps its row until it completes.
   */
  async forgetAccount(executor: Executor, account: { id: string }): Promise<void> {
    await executor.deleteFrom('idempotency_keys').where('scope', '=', account.id).where('state', '=', 'completed').execute();
  }

  private keyFor(key: string): Buffer {
    return createHmac('sha256', this.encryptionSecret).update(key).digest();
  }

  /** The stored form of a response's text: as it is, or encrypted. */
  private seal(req: Pick<RequestIdentity, 'key' | 'plain'>, text: string | null): string | null {
    if (text === null) return null;
    if (req.plain) return PLAIN + text;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyFor(req.key), iv);
    const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return SEALED + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
  }

  private replay(key: string, status: number, stored: string | null): Replay {
    if (stored === null) return { kind: 'replay', status, text: null };
    if (stored.startsWith(PLAIN)) return { kind: 'replay', status, text: stored.slice(PLAIN.length) };
    if (stored.startsWith(SEALED)) return { kind: 'replay', status, text: this.open(key, stored.slice(SEALED.length)) };
    // stored before decision 014: the encrypted JSON of the handler's value, sent through the serializer
    return { kind: 'replay', status, text: undefined, body: JSON.parse(this.open(key, stored)) };
  }

  private open(key: string, sealed: string): string {
    const raw = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.keyFor(key), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
