import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { cacheDelete, cacheGet, cacheSet } from './offline-db.ts';
import { clearOfflineMarks, markOfflineSummariesStale } from './offline-marks.ts';

/**
 * The last known server data, kept in IndexedDB so that the library, subject pages, Home, the
 * profile and the chapters she opened show offline (decision 013). The query cache is written a
 * moment after it changes and read back before the first render.
 */

const CACHE_KEY = 'queries';
/**
 * A copy written synchronously when the page goes (a full load of the next page): the IndexedDB
 * write then started is asynchronous and may die with the page, and the next page would restore
 * (and save over) an older cache. Moved into IndexedDB by the next start.
 */
export const PENDING_KEY = 'blok-offline-pending';
/** Older saved data is not shown: after a week offline it says too little about now. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const WRITE_DELAY_MS = 500;
/** Runtime cache of pictures (vite.config.ts, workbox runtimeCaching). */
export const IMAGE_CACHE = 'blok-images';
/** Her PDFs kept for reading offline (features/courses/offline/pdf-cache.ts): hers only, gone at sign-out. */
export const PDF_CACHE = 'blok-pdfs';

type Saved = { savedAt: number; buster: string; state: DehydratedState };

/** Changes of the app's data shape make old saved data unusable: bump with such a change. */
const BUSTER = '1';

/**
 * Search results and payments are of the moment, and a classmate's shared set is hers to revoke
 * (issue 38: a revoked link must not show it after a reload); everything else is worth keeping.
 */
function isPersistable(query: Query): boolean {
  if (query.state.status !== 'success') return false;
  const [root, second] = query.queryKey as unknown[];
  if (root === 'shop') return false;
  if (root === 'subjects' && second === 'search') return false;
  if (root === 'own-cards' && second === 'shared') return false;
  return true;
}

const usable = (saved: Saved | undefined): saved is Saved =>
  saved !== undefined && saved.buster === BUSTER && typeof saved.savedAt === 'number' && Date.now() - saved.savedAt <= PERSIST_MAX_AGE_MS;

function readPending(): Saved | undefined {
  try {
    const text = localStorage.getItem(PENDING_KEY);
    return text === null ? undefined : (JSON.parse(text) as Saved);
  } catch {
    return undefined;
  }
}

function removePending(savedAt?: number): void {
  try {
    // Only the copy this write covers: a newer one (another tab leaving meanwhile) stays.
    if (savedAt !== undefined && (readPending()?.savedAt ?? 0) > savedAt) return;
    localStorage.removeItem(PENDING_KEY);
  } catch {
    // No localStorage (private mode, blocked): nothing was written there either.
  }
}

/** Loads the saved data into the client; call before the first render. */
export async function restoreQueries(client: QueryClient): Promise<void> {
  try {
    const pending = readPending();
    const stored = await cacheGet<Saved>(CACHE_KEY).catch((error: unknown) => {
      console.warn('Offline data could not be read', error);
      return undefined;
    });
    const usePending = usable(pending) && !(usable(stored) && stored.savedAt >= pending.savedAt);
    const saved = usePending ? pending : stored;
    if (usePending) {
      // The copy the last page wrote on leaving goes to IndexedDB; it stays in localStorage until
      // that write is done, so a failed write loses nothing.
      await cacheSet(CACHE_KEY, pending)
        .then(() => removePending(pending.savedAt))
        .catch((error: unknown) => console.warn('Offline data could not be saved', error));
    } else if (pending !== undefined) {
      removePending(pending.savedAt);
    }
    if (!usable(saved)) return;
    hydrate(client, saved.state);
    // Saved data is what she saw last, not what the server holds now: every screen asks again when
    // it opens (online), and shows the saved copy meanwhile and offline.
    void client.invalidateQueries({ refetchType: 'none' });
  } catch (error) {
    console.warn('Offline data could not be read', error);
  }
}

const isPremiumChapter = (query: Query): boolean => {
  const [root, , section] = query.queryKey as unknown[];
  const data = query.state.data as { access?: unknown } | undefined;
  return root === 'summaries' && section === 'chapters' && data?.access === 'premium';
};

/** Premium ended (or never was): premium chapters and pictures kept for offline reading go. */
export function dropPremiumContent(client: QueryClient): void {
  client.removeQueries({ predicate: isPremiumChapter });
  if (typeof caches !== 'undefined') void caches.delete(IMAGE_CACHE).catch(() => undefined);
  // The pictures of free chapters went with them: summaries marked 'Offline beschikbaar' fetch
  // their (now free only) chapters and pictures again when next opened online.
  void markOfflineSummariesStale().catch(() => undefined);
}

/** Writes the cache to IndexedDB whenever it changes (debounced). Returns the stop function. */
export function persistQueries(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** IndexedDB writes started and not yet committed: leaving the page may lose them. */
  let writing = 0;
  const snapshot = (): Saved => ({ savedAt: Date.now(), buster: BUSTER, state: dehydrate(client, { shouldDehydrateQuery: isPersistable }) });
  const store = (saved: Saved) => {
    writing += 1;
    cacheSet(CACHE_KEY, saved)
      .then(() => removePending(saved.savedAt))
      .catch((error: unknown) => console.warn('Offline data could not be saved', error))
      .finally(() => (writing -= 1));
  };
  const write = () => {
    timer = undefined;
    store(snapshot());
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') {
      const [root, second] = event.query.queryKey as unknown[];
      const profile = event.query.state.data as { hasSubscription?: unknown } | undefined;
      if (root === 'user' && second === 'profile' && profile?.hasSubscription === false) {
        const hasPremium = client.getQueryCache().findAll({ predicate: isPremiumChapter }).length > 0;
        if (hasPremium) dropPremiumContent(client);
      }
    }
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    if (timer === undefined) timer = setTimeout(write, WRITE_DELAY_MS);
  });
  // Leaving the page (a full load of the next page, closing the tab) with a write waiting or under
  // way: the copy goes to localStorage at once, as IndexedDB may not finish before the page is gone.
  const onHide = () => {
    if (timer === undefined && writing === 0) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const saved = snapshot();
    try {
      localStorage.setItem(PENDING_KEY, JSON.stringify(saved));
    } catch (error) {
      // Full (QuotaExceededError) or blocked: the IndexedDB write below is all there is.
      console.warn('Offline data could not be saved', error);
    }
    store(saved);
  };
  window.addEventListener('pagehide', onHide);
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    window.removeEventListener('pagehide', onHide);
    unsubscribe();
  };
}

/** Signing out: the saved data, the 'Offline beschikbaar' marks, the cached pictures and her PDFs go with the session. */
export async function clearPersistedQueries(): Promise<void> {
  removePending();
  await cacheDelete(CACHE_KEY);
  await clearOfflineMarks();
  if (typeof caches !== 'undefined') {
    await caches.delete(IMAGE_CACHE).catch(() => undefined);
    await caches.delete(PDF_CACHE).catch(() => undefined);
  }
}
