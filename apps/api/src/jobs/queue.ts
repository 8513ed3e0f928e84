import { randomUUID } from 'node:crypto';
import { sql, uuidv7, type DB, type DialectName, type Executor, type JobsTable } from '@blok/db';

export type JobRow = JobsTable;

export interface EnqueueSpec {
  name: string;
  payload?: unknown;
  /** not before this moment (default: now) */
  runAt?: Date;
  /** unique: a second enqueue with the same key is a no-op */
  dedupeKey?: string;
  /** attempts before the job is given up as failed (default 5) */
  maxAttempts?: number;
}

export interface JobContext {
  /** the transaction that marks the job done (the database itself for non-transactional jobs) */
  tx: Executor;
  job: JobRow;
}

export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;

export interface HandlerOptions {
  /** how long a claim holds before another process may take the job over (default: runner's) */
  leaseSeconds?: number;
  /**
   * true (default): the handler runs inside the transaction that marks the job done, so its
   * database effects happen exactly once. false: for effects outside the database (a push message,
   * a mail), the handler runs first and the job is marked done afterwards (at least once).
   */
  transactional?: boolean;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
const iso = (ms: number) => new Date(ms).toISOString();

/** Exponential backoff with jitter: 10 s, 20 s, 40 s … at most an hour. */
export function backoffSeconds(attempts: number, random = Math.random()): number {
  const base = Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + random * 0.5));
}

/** Adds a job inside the caller's transaction. False when the dedupe key already exists. */
export async function enqueueJob(executor: Executor, spec: EnqueueSpec, nowMs = Date.now()): Promise<boolean> {
  const result = await executor
    .insertInto('jobs')
    .values({
      id: uuidv7(),
      name: spec.name,
      payload: JSON.stringify(spec.payload ?? null),
      dedupe_key: spec.dedupeKey ?? null,
      state: 'queued',
      run_at: iso(spec.runAt?.getTime() ?? nowMs),
      attempts: 0,
      max_attempts: spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: iso(nowMs),
      updated_at: iso(nowMs),
      finished_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * Claims up to `limit` due jobs of the given names (which share one lease length) by lease: queued jobs whose time has come, and
 * running jobs whose lease expired (their process died). One conditional UPDATE … RETURNING; on
 * PostgreSQL the sub-select skips rows another process is claiming (FOR UPDATE SKIP LOCKED), on
 * SQLite the database serializes writers.
 */
export async function claimJobs(
  db: DB,
  dialect: DialectName,
  opts: { names: string[]; workerId: string; limit: number; leaseSeconds: number },
  nowMs = Date.now(),
): Promise<JobRow[]> {
  if (opts.names.length === 0) return [];
  const now = iso(nowMs);
  const due = db
    .selectFrom('jobs')
    .select('id')
    .where('name', 'in', opts.names)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
        eb.and([eb('state', '=', 'running'), eb('locked_until', '<', now)]),
      ]),
    )
    .orderBy('run_at')
    .limit(opts.limit);
  const lockable = dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
  return db
    .updateTable('jobs')
    .set({
      state: 'running',
      locked_by: opts.workerId,
      locked_until: iso(nowMs + opts.leaseSeconds * 1000),
      attempts: sql<number>`attempts + 1`,
      updated_at: now,
    })
    .where('id', 'in', lockable)
    .returningAll()
    .execute();
}

/** Deletes queued jobs whose dedupe key starts with one of the prefixes (a deleted account's). */
export async function cancelQueuedJobs(executor: Executor, dedupeKeyPrefixes: readonly string[]): Promise<number> {
  let cancelled = 0;
  for (const prefix of dedupeKeyPrefixes) {
    // LIKE's wildcards in the prefix escaped with `!`
    const pattern = `${prefix.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    const res = await executor.deleteFrom('jobs').where('state', '=', 'queued').where(sql<boolean>`dedupe_key like ${pattern} escape '!'`).executeTakeFirst();
    cancelled += Number(res.numDeletedRows);
  }
  return cancelled;
}

/** Deletes done and failed jobs finished before `beforeIso` (their dedupe keys go with them). */
export async function purgeFinishedJobs(executor: Executor, beforeIso: string): Promise<number> {
  const res = await executor.deleteFrom('jobs').where('state', 'in', ['done', 'failed']).where('finished_at', '<', beforeIso).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export const newWorkerId = () => `worker-${randomUUID()}`;
