import type { FastifyBaseLogger } from 'fastify';
import type { DB, DialectName, Executor } from '@blok/db';
import {
  backoffSeconds,
  claimJobs,
  cancelQueuedJobs,
  enqueueJob,
  newWorkerId,
  type EnqueueSpec,
  type HandlerOptions,
  type JobHandler,
  type JobRow,
} from './queue.ts';

export interface RunnerOptions {
  /** how often an idle runner looks for due jobs */
  pollIntervalMs: number;
  /** default lease of a claimed job */
  leaseSeconds: number;
  /** jobs claimed per poll */
  batchSize: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

interface Registered {
  handler: JobHandler;
  leaseSeconds: number;
  transactional: boolean;
  /** recurring: seconds between runs */
  everySeconds?: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The slot a recurring job belongs to: the start of its interval, counted from the epoch. */
export const slotStart = (nowMs: number, everySeconds: number) => Math.floor(nowMs / (everySeconds * 1000)) * everySeconds * 1000;
export const recurringKey = (name: string, slotMs: number) => `every:${name}:${iso(slotMs)}`;

/**
 * The leased job runner (decision 007). Every API process runs one (JOBS=off disables it); jobs
 * live in the database, so N processes share the work and no job runs twice at once: a claim is a
 * lease, a job whose process died is taken over when its lease ends, a failed job is retried with
 * backoff up to its max_attempts, then kept as 'failed' with its last error.
 */
export class JobRunner {
  readonly workerId = newWorkerId();
  private readonly handlers = new Map<string, Registered>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  /** the recurring slots this process already made sure of */
  private readonly scheduled = new Map<string, number>();

  constructor(
    private readonly db: DB,
    private readonly dialect: DialectName,
    private readonly options: RunnerOptions,
  ) {}

  /** Registers the code that runs jobs of this name. */
  register(name: string, handler: JobHandler, opts: HandlerOptions = {}): void {
    if (this.handlers.has(name)) throw new Error(`job ${name} is registered twice`);
    this.handlers.set(name, { handler, leaseSeconds: opts.leaseSeconds ?? this.options.leaseSeconds, transactional: opts.transactional ?? true });
  }

  /**
   * A recurring job: runs once per interval across all processes (one job per slot, deduplicated by
   * the slot's key); each run enqueues the next slot in its own transaction.
   */
  every(name: string, everySeconds: number, handler: JobHandler, opts: HandlerOptions = {}): void {
    this.register(name, handler, opts);
    this.handlers.get(name)!.everySeconds = everySeconds;
  }

  /** Adds a job inside the caller's transaction; false when its dedupe key exists already. */
  enqueue(executor: Executor, spec: EnqueueSpec): Promise<boolean> {
    return enqueueJob(executor, spec);
  }

  /** Drops queued jobs whose dedupe key starts with one of the prefixes, in the caller's transaction. */
  cancelQueued(executor: Executor, dedupeKeyPrefixes: readonly string[]): Promise<number> {
    return cancelQueuedJobs(executor, dedupeKeyPrefixes);
  }

  get names(): string[] {
    return [...this.handlers.keys()];
  }

  /** Ensures each recurring job has its current slot queued (a no-op when it exists). */
  async scheduleRecurring(nowMs = Date.now()): Promise<void> {
    for (const [name, r] of this.handlers) {
      if (!r.everySeconds) continue;
      const slot = slotStart(nowMs, r.everySeconds);
      if (this.scheduled.get(name) === slot) continue;
      await enqueueJob(this.db, { name, runAt: new Date(slot), dedupeKey: recurringKey(name, slot) }, nowMs);
      this.scheduled.set(name, slot);
    }
  }

  /** Claims and runs due jobs until none is left or `max` ran; returns how many ran. For tests and the loop. */
  async runDue(max = Number.POSITIVE_INFINITY): Promise<number> {
    // Jobs are claimed per lease length, so each gets its own handler's lease.
    const byLease = new Map<number, string[]>();
    for (const [name, r] of this.handlers) byLease.set(r.leaseSeconds, [...(byLease.get(r.leaseSeconds) ?? []), name]);
    let ran = 0;
    while (ran < max && !this.stopping) {
      let claimedAny = false;
      for (const [leaseSeconds, names] of byLease) {
        if (ran >= max || this.stopping) break;
        const jobs = await claimJobs(this.db, this.dialect, { names, workerId: this.workerId, limit: Math.min(this.options.batchSize, max - ran), leaseSeconds });
        claimedAny ||= jobs.length > 0;
        for (const job of jobs) {
          await this.runOne(job);
          ran += 1;
        }
      }
      if (!claimedAny) break;
    }
    return ran;
  }

  /** Starts polling. */
  start(): void {
    if (this.timer || this.running) return;
    this.stopping = false;
    const loop = async () => {
      try {
        await this.scheduleRecurring();
        await this.runDue();
      } catch (err) {
        this.options.log?.error({ err }, 'job runner poll failed');
      }
    };
    const tick = () => {
      if (this.stopping) return;
      this.running = loop().finally(() => {
        this.running = null;
        if (!this.stopping) this.timer = setTimeout(tick, this.options.pollIntervalMs);
      });
    };
    this.timer = setTimeout(tick, 0);
    this.wake = () => {
      if (this.timer && !this.running) {
        clearTimeout(this.timer);
        this.timer = setTimeout(tick, 0);
      }
    };
  }

  /** Looks for due jobs now instead of at the next poll (after an enqueue, say). */
  poke(): void {
    this.wake?.();
  }

  /** Stops polling and waits for the running job(s), at most `timeoutMs`. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wake = null;
    const running = this.running;
    if (!running) return;
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timeout = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([running.then(() => 'done' as const), timedOut]);
    clearTimeout(timeout);
    if (outcome === 'timeout') this.options.log?.warn({ timeoutMs }, 'job runner stopped while a job still ran; its lease will expire');
  }

  private async runOne(job: JobRow): Promise<void> {
    const registered = this.handlers.get(job.name);
    if (!registered) return;
    if (job.attempts > job.max_attempts) {
      await this.finish(job, 'failed', job.last_error ?? 'too many attempts');
      return;
    }
    let payload: unknown = null;
    try {
      payload = JSON.parse(job.payload);
    } catch {
      await this.finish(job, 'failed', 'payload is not JSON');
      return;
    }
    try {
      if (registered.transactional) {
        await this.db.transaction().execute(async (tx) => {
          await registered.handler(payload, { tx, job });
          if (!(await this.markDone(tx, job))) throw new LeaseLostError(job.id);
          if (registered.everySeconds) await this.enqueueNextSlot(tx, job, registered.everySeconds);
        });
      } else {
        await registered.handler(payload, { tx: this.db, job });
        await this.db.transaction().execute(async (tx) => {
          if (!(await this.markDone(tx, job))) throw new LeaseLostError(job.id);
          if (registered.everySeconds) await this.enqueueNextSlot(tx, job, registered.everySeconds);
        });
      }
    } catch (err) {
      if (err instanceof LeaseLostError) {
        this.options.log?.warn({ job: job.id, name: job.name }, 'job lease lost; another process runs it');
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      this.options.log?.warn({ job: job.id, name: job.name, attempts: job.attempts, err: message }, 'job failed');
      if (job.attempts >= job.max_attempts) await this.finish(job, 'failed', message);
      else await this.retry(job, message);
    }
  }

  private async markDone(tx: Executor, job: JobRow): Promise<boolean> {
    const now = iso(Date.now());
    const res = await tx
      .updateTable('jobs')
      .set({ state: 'done', finished_at: now, updated_at: now, locked_by: null, locked_until: null })
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .where('locked_by', '=', this.workerId)
      .where('attempts', '=', job.attempts)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  private async enqueueNextSlot(tx: Executor, job: JobRow, everySeconds: number): Promise<void> {
    const next = slotStart(Math.max(Date.now(), Date.parse(job.run_at)), everySeconds) + everySeconds * 1000;
    await enqueueJob(tx, { name: job.name, runAt: new Date(next), dedupeKey: recurringKey(job.name, next) });
  }

  private async retry(job: JobRow, error: string): Promise<void> {
    const nowMs = Date.now();
    await this.db
      .updateTable('jobs')
      .set({
        state: 'queued',
        run_at: iso(nowMs + backoffSeconds(job.attempts) * 1000),
        locked_by: null,
        locked_until: null,
        last_error: error.slice(0, 2000),
        updated_at: iso(nowMs),
      })
      .where('id', '=', job.id)
      .where('locked_by', '=', this.workerId)
      .where('attempts', '=', job.attempts)
      .execute();
  }

  private async finish(job: JobRow, state: 'failed', error: string): Promise<void> {
    const now = iso(Date.now());
    await this.db
      .updateTable('jobs')
      .set({ state, finished_at: now, updated_at: now, locked_by: null, locked_until: null, last_error: error.slice(0, 2000) })
      .where('id', '=', job.id)
      .where('locked_by', '=', this.workerId)
      .where('attempts', '=', job.attempts)
      .execute();
  }
}

class LeaseLostError extends Error {
  constructor(id: string) {
    super(`lease of job ${id} lost`);
  }
}
