/**
 * The app's one IndexedDB database (`blok-offline`): the outbox of writes waiting for a
 * connection and the last known server data (the persisted query cache). Where IndexedDB is
 * missing (jsdom, a locked-down browser) everything lives in memory for the page's lifetime.
 */

const DB_NAME = 'blok-offline';
const DB_VERSION = 1;
export const OUTBOX_STORE = 'outbox';
export const CACHE_STORE = 'cache';

let opening: Promise<IDBDatabase | null> | null = null;

/**
 * Another tab holds the database open at an older version and does not let go, so this tab's
 * upgrade waits (the first schema bump with two tabs open: tabs running code from before
 * `versionchange` was handled never close). Everything that reads or writes the database waits with
 * it; the PWA toasts tell her to close the other tab (pwa:upgradeBlocked).
 */
let upgradeBlocked = false;
const blockedListeners = new Set<(blocked: boolean) => void>();

function setUpgradeBlocked(blocked: boolean): void {
  if (upgradeBlocked === blocked) return;
  upgradeBlocked = blocked;
  for (const listener of blockedListeners) listener(blocked);
}

export const isUpgradeBlocked = (): boolean => upgradeBlocked;

/** Calls `listener` whenever an upgrade of the database starts or stops waiting for another tab. */
export function onUpgradeBlocked(listener: (blocked: boolean) => void): () => void {
  blockedListeners.add(listener);
  return () => blockedListeners.delete(listener);
}

function openDb(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DB_NAME, DB_VERSION);
    } catch {
      return resolve(null);
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(OUTBOX_STORE)) db.createObjectStore(OUTBOX_STORE, { keyPath: 'seq', autoIncrement: true });
      if (!db.objectStoreNames.contains(CACHE_STORE)) db.createObjectStore(CACHE_STORE);
    };
    request.onblocked = () => setUpgradeBlocked(true);
    request.onsuccess = () => {
      setUpgradeBlocked(false);
      const db = request.result;
      // A newer version of Blok in another tab upgrades the database: let go of it at once, so its
      // upgrade is not blocked by this tab. The next read or write here opens it again (and, if this
      // tab's code is now too old for it, falls back to memory with a warning).
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      // Closed by the browser (storage cleared, a crash of its database process): open again next time.
      db.onclose = () => {
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      setUpgradeBlocked(false);
      console.warn('IndexedDB unavailable, offline data stays in memory', request.error);
      resolve(null);
    };
  });
  return opening;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

// In-memory fallback of both stores.
const memory = { outbox: new Map<number, unknown>(), cache: new Map<string, unknown>(), seq: 0 };

/** Adds a record to the outbox; resolves with its sequence number once it is durable. */
export async function outboxAdd<T extends object>(record: T): Promise<number> {
  const db = await openDb();
  if (!db) {
    memory.seq += 1;
    memory.outbox.set(memory.seq, { ...record, seq: memory.seq });
    return memory.seq;
  }
  const tx = db.transaction(OUTBOX_STORE, 'readwrite', { durability: 'strict' });
  const seq = await done(tx.objectStore(OUTBOX_STORE).add(record));
  await committed(tx);
  return Number(seq);
}

/** Every outbox record, oldest first. */
export async function outboxAll<T>(): Promise<T[]> {
  const db = await openDb();
  if (!db) return [...memory.outbox.entries()].sort(([a], [b]) => a - b).map(([, value]) => value as T);
  const tx = db.transaction(OUTBOX_STORE, 'readonly');
  return (await done(tx.objectStore(OUTBOX_STORE).getAll())) as T[];
}

export async function outboxDelete(seqs: readonly number[]): Promise<void> {
  if (seqs.length === 0) return;
  const db = await openDb();
  if (!db) {
    for (const seq of seqs) memory.outbox.delete(seq);
    return;
  }
  const tx = db.transaction(OUTBOX_STORE, 'readwrite', { durability: 'strict' });
  for (const seq of seqs) tx.objectStore(OUTBOX_STORE).delete(seq);
  await committed(tx);
}

export async function outboxClear(): Promise<void> {
  const db = await openDb();
  if (!db) return void memory.outbox.clear();
  const tx = db.transaction(OUTBOX_STORE, 'readwrite');
  tx.objectStore(OUTBOX_STORE).clear();
  await committed(tx);
}

export async function cacheGet<T>(key: string): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return memory.cache.get(key) as T | undefined;
  const tx = db.transaction(CACHE_STORE, 'readonly');
  return (await done(tx.objectStore(CACHE_STORE).get(key))) as T | undefined;
}

export async function cacheSet(key: string, value: unknown): Promise<void> {
  const db = await openDb();
  if (!db) return void memory.cache.set(key, value);
  const tx = db.transaction(CACHE_STORE, 'readwrite');
  tx.objectStore(CACHE_STORE).put(value, key);
  await committed(tx);
}

export async function cacheDelete(key: string): Promise<void> {
  const db = await openDb();
  if (!db) return void memory.cache.delete(key);
  const tx = db.transaction(CACHE_STORE, 'readwrite');
  tx.objectStore(CACHE_STORE).delete(key);
  await committed(tx);
}
