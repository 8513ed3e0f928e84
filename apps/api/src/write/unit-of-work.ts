import { AsyncLocalStorage } from 'node:async_hooks';
import type { DB, Executor, Tx } from '@blok/db';
import { AppError } from '../errors.ts';

export type { Executor, Tx } from '@blok/db';

/**
 * What a command (an idempotent write request) needs from the unit of work: when its outermost
 * transaction succeeds, the response is stored in that same transaction.
 */
export interface CommandScope {
  /** stores the response of the command in the transaction that made its change */
  complete(tx: Tx, status: number, body: unknown): Promise<void>;
  /** the success status of the route (its one 2xx response) */
  readonly successStatus: number;
  /** set once the response was stored with the change */
  stored: boolean;
}

interface Ambient {
  tx?: Tx;
  command?: CommandScope;
}

const ambient = new AsyncLocalStorage<Ambient>();

/**
 * Units of work and commands in flight in this process. On Node 20 an AsyncLocalStorage that is
 * enabled puts promise hooks on every promise of the process: each request of any kind paid for
 * them (about 40 µs of a 300 µs read in the bench, decision 014), while only a unit of work or a
 * command reads the ambient store. So the storage is on only while one of them is in flight: the
 * first to start enables it (`run` does), the last to end disables it. A read outside them never
 * needs a store: `executor` is then the database, as it would be with the storage on.
 */
let inFlight = 0;

/** Runs `fn` (which starts its ambient store with `ambient.run`) counted as in flight. */
function counted<T>(fn: () => Promise<T>): Promise<T> {
  inFlight++;
  let promise: Promise<T>;
  try {
    promise = fn();
  } catch (err) {
    leave();
    throw err;
  }
  return promise.finally(leave);
}

function leave(): void {
  inFlight--;
  // Nothing in flight holds a store: the promise hooks go off until the next `run` turns them on.
  if (inFlight === 0) ambient.disable();
}

/** Units of work and commands in flight, and whether the ambient storage (its promise hooks) is on; for tests. */
export function ambientState(): { inFlight: number; enabled: boolean } {
  return { inFlight, enabled: (ambient as unknown as { enabled: boolean }).enabled === true };
}

/**
 * An AppError that answers the request while the changes made so far stand (a refresh token reuse
 * revokes the family and still answers invalid_grant). Throw `keepChanges(err)` inside `uow.run`.
 */
export class KeepChangesError extends Error {
  constructor(public readonly error: AppError) {
    super(error.message);
    this.name = 'KeepChangesError';
  }
}
export const keepChanges = (error: AppError) => new KeepChangesError(error);

/**
 * One transaction per change (decision 007). Services call `run` once per command and compose
 * repositories on the transaction it hands them; a nested `run` joins the outer transaction. Inside
 * a command, the value the outermost `run` returns is the response body, stored with the change.
 */
export class UnitOfWork {
  constructor(readonly db: DB) {}

  async run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const outer = ambient.getStore();
    if (outer?.tx) return fn(outer.tx);
    const command = outer?.command;
    if (command?.stored) throw new Error('A command runs one unit of work: its response is already stored.');
    let kept: AppError | undefined;
    const result = await counted(() =>
      this.db.transaction().execute(async (tx) =>
        ambient.run({ tx, command }, async () => {
          let value: T;
          try {
            value = await fn(tx);
          } catch (err) {
            if (!(err instanceof KeepChangesError)) throw err;
            kept = err.error;
            if (command && !command.stored) {
              await command.complete(tx, err.error.statusCode, { error: err.error.code, error_description: err.error.message });
              command.stored = true;
            }
            return undefined as T;
          }
          if (command && !command.stored) {
            await command.complete(tx, command.successStatus, value ?? null);
            command.stored = true;
          }
          return value;
        }),
      ),
    );
    if (kept) throw kept;
    return result;
  }

  /**
   * A transaction of its own beside the command's unit of work, for bookkeeping that must stand
   * whatever the command then does (rate-limit counters: a refused login still counts). It never
   * stores the command's response, and a `run` inside it joins it. Not inside a unit of work.
   */
  async apart<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (ambient.getStore()?.tx) throw new Error('apart() inside a unit of work would not be apart from it.');
    return counted(() => this.db.transaction().execute((tx) => ambient.run({ tx }, () => fn(tx))));
  }

  /** The ambient transaction, or the database: for reads that must see the command's own writes. */
  get executor(): Executor {
    return ambient.getStore()?.tx ?? this.db;
  }

  /** Whether a unit of work is open here (a caller's): what runs now joins its transaction. */
  get inUnitOfWork(): boolean {
    return ambient.getStore()?.tx !== undefined;
  }
}

/** Runs `fn` as a command: its unit of work stores the response through `scope`. */
export function runAsCommand<T>(scope: CommandScope, fn: () => Promise<T>): Promise<T> {
  return counted(() => ambient.run({ command: scope }, fn));
}
