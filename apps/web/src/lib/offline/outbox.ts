import { useSyncExternalStore } from 'react';
import { newIdempotencyKey, request, type Parser } from '../api-client.ts';
import { ApiError } from '../api-error.ts';
import { outboxAdd, outboxAll, outboxClear, outboxDelete } from './offline-db.ts';

/**
 * The one durable queue of writes (decision 013). A practice answer, a self-assessment, reading
 * progress or a flashcard answer is first stored in IndexedDB together with its Idempotency-Key,
 * then sent; the record goes only after the server acknowledged it. Entries leave in the order they
 * were made, one at a time, each always with its own key, so a write that reached the server but
 * whose answer got lost (or whose tab closed) is stored exactly once when it is sent again
 * (decision 007).
 */

export type OutboxKind = 'answer' | 'assessment' | 'progress' | 'flashcard' | 'flashcard-rating' | 'annotation';

export type OutboxEntry = {
  seq: number;
  /** the Idempotency-Key of this write, for every attempt */
  key: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
  createdAt: string;
  /** a newer write with the same coalesce key makes an older waiting one pointless */
  coalesceKey?: string;
  /**
   * Query keys whose cached data showed this write as done (a local update while offline): when
   * the server refuses the write they are fetched again, so the screen shows what the server holds.
   */
  refreshOnRefusal?: unknown[][];
};

export type OutboxWrite = Pick<OutboxEntry, 'kind' | 'method' | 'path' | 'body' | 'coalesceKey' | 'refreshOnRefusal'>;

/**
 * A queued write the server refused (a 4xx waiting cannot change, e.g. an FSRS rating whose
 * schedule version went stale because the card was reviewed on another device meanwhile).
 * `waited` is true when the caller that made it was still waiting for this answer (it rejects and
 * shows the error itself); otherwise nobody on screen knows, and the listener tells her.
 */
export type RefusedWrite = { entry: OutboxEntry; error: ApiError; waited: boolean };
const refusalListeners = new Set<(refused: RefusedWrite) => void>();

/** Called for every queued write the server refused; returns the unsubscribe function. */
export function onOutboxRefusal(listener: (refused: RefusedWrite) => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/** Keys of writes whose caller is waiting in sendThroughOutbox right now. */
const awaited = new Set<string>();

export type SendResult<T> = { status: 'sent'; data: T } | { status: 'queued' };

/** How often a queue that could not be sent is tried again while the page is open. */
export const OUTBOX_RETRY_MS = 15_000;

type Outcome = { ok: true; data: unknown } | { ok: false; error: unknown };

/** Answers of writes made in this page, for the caller that waits for its own. */
const outcomes = new Map<string, Outcome>();

/* ------------------------------------------------------------------ pending counts */

/** answers of every kind, reading progress, and highlights and notes (kind 'annotation') */
export type PendingWrites = { answers: number; progress: number; annotations: number };

let pending: PendingWrites = { answers: 0, progress: 0, annotations: 0 };
const listeners = new Set<() => void>();

async function refreshPending(): Promise<void> {
  const entries = await outboxAll<OutboxEntry>();
  const next = {
    answers: entries.filter((e) => e.kind !== 'progress' && e.kind !== 'annotation').length,
    progress: entries.filter((e) => e.kind === 'progress').length,
    annotations: entries.filter((e) => e.kind === 'annotation').length,
  };
  if (next.answers !== pending.answers || next.progress !== pending.progress || next.annotations !== pending.annotations) {
    pending = next;
    for (const listener of listeners) listener();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many writes wait for a connection (answers of every kind, reading progress, highlights and notes). */
export function usePendingWrites(): PendingWrites {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
}

/* ------------------------------------------------------------------ sending */

/** Errors after which the entry stays and the queue waits: no connection, server busy or down. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // Of the 409s only request_in_progress (the same key still being handled, decision 007) passes
  // with time; a stale FSRS schedule version ('conflict') or a locked answer stays what it is.
  if (error.status === 409) return error.code === 'request_in_progress';
  return error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** The key of the entry on its way to the server in this page. */
let sending: string | null = null;

async function sendAll(): Promise<void> {
  for (;;) {
    const [entry] = await outboxAll<OutboxEntry>();
    if (!entry) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    sending = entry.key;
    try {
      const data = await request(entry.path, null, {
        method: entry.method,
        body: entry.body,
        idempotencyKey: entry.key,
        skipErrorPopup: true,
      });
      // Kept only for a caller still waiting in this page; nobody would read the others.
      if (awaited.has(entry.key)) outcomes.set(entry.key, { ok: true, data });
    } catch (error) {
      // A 409 request_in_progress, no connection, 5xx: wait. Any other 4xx is a refusal that waiting
      // will not change (the session is gone, the card was reviewed elsewhere, the body no longer
      // fits): drop it instead of blocking the rest, and let the screen show the server's state.
      if (isTransient(error)) return;
      console.warn(`Outbox: the server refused a queued ${entry.kind}`, error);
      if (awaited.has(entry.key)) outcomes.set(entry.key, { ok: false, error });
      const refused: RefusedWrite = { entry, error: error as ApiError, waited: awaited.has(entry.key) };
      for (const listener of refusalListeners) {
        try {
          listener(refused);
        } catch (listenerError) {
          console.warn('Outbox: a refusal listener failed', listenerError);
        }
      }
    } finally {
      sending = null;
    }
    await outboxDelete([entry.seq]);
    await refreshPending();
  }
}

let chain: Promise<void> = Promise.resolve();

/**
 * Sends whatever waits, oldest first; stops at the first write that cannot get through now. Runs
 * one at a time in this page and, through a Web Lock, across tabs.
 */
export function flushOutbox(): Promise<void> {
  const run = async () => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    try {
      if (locks) await locks.request('blok-outbox', () => sendAll());
      else await sendAll();
    } catch (error) {
      console.warn('Outbox: sending failed', error);
    } finally {
      await refreshPending().catch(() => undefined);
    }
  };
  chain = chain.then(run, run);
  return chain;
}

/**
 * Stores a write in the queue and sends the queue. Resolves 'sent' with the parsed answer when this
 * write got through now, 'queued' when it waits for a connection; rejects when the server refused it.
 */
export async function sendThroughOutbox<T>(write: OutboxWrite, parser: Parser<T>): Promise<SendResult<T>> {
  if (write.coalesceKey !== undefined) {
    // Only waiting entries: one being sent right now is past recall and harmless to repeat.
    const older = (await outboxAll<OutboxEntry>()).filter((e) => e.coalesceKey === write.coalesceKey && e.key !== sending);
    await outboxDelete(older.map((e) => e.seq));
  }
  const key = newIdempotencyKey();
  const entry: Omit<OutboxEntry, 'seq'> = {
    key,
    kind: write.kind,
    method: write.method,
    path: write.path,
    body: write.body,
    createdAt: new Date().toISOString(),
    ...(write.coalesceKey !== undefined ? { coalesceKey: write.coalesceKey } : {}),
    ...(write.refreshOnRefusal !== undefined ? { refreshOnRefusal: write.refreshOnRefusal } : {}),
  };
  awaited.add(key);
  try {
    await outboxAdd(entry);
    await refreshPending();
    await flushOutbox();
  } finally {
    awaited.delete(key);
  }
  const outcome = outcomes.get(key);
  outcomes.delete(key);
  if (!outcome) return { status: 'queued' };
  if (!outcome.ok) throw outcome.error;
  return { status: 'sent', data: parser.parse(outcome.data) };
}

/** Signing out: what waits belongs to the account that is leaving. */
export async function clearOutbox(): Promise<void> {
  await outboxClear();
  await refreshPending();
}

let started = false;

/** Sends the queue at start, when the connection returns, and every OUTBOX_RETRY_MS while open. */
export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void flushOutbox());
  setInterval(() => {
    if (pending.answers + pending.progress + pending.annotations > 0) void flushOutbox();
  }, OUTBOX_RETRY_MS);
  void refreshPending().then(() => flushOutbox());
}
