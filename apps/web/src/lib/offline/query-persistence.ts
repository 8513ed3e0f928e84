import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { cacheDelete, cacheGet, cacheSet } from './offline-db.ts';
import { clearOfflineMarks, markOfflineSummariesStale } from './offline-marks.ts';

/**
 * The last known server data, kept in IndexedDB so that the library, subject pages, Home, the
 * profile and the chapters she opened show offline (decision 013). The query cache is written a
 * moment after it changes and read back before the first render.
 */

const CACHE_KEY = 'queries';
/** Older saved data is not shown: after a week offline it says too little about now. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const WRITE_DELAY_MS = 500;
/** Runtime cache of pictures (vite.config.ts, workbox runtimeCaching). */
export const IMAGE_CACHE = 'blok-images';

type Saved = { savedAt: number; buster: string; state: DehydratedState };

/** Changes of the app's data shape make old saved data unusable: bump with such a change. */
const BUSTER = '1';

/** Search results and payments are of the moment; everything else is worth keeping. */
function isPersistable(query: Query): boolean {
  if (query.state.status !== 'success') return false;
  const [root, second] = query.queryKey as unknown[];
  if (root === 'shop') return false;
  if (root === 'subjects' && second === 'search') return false;
  return true;
}

/** Loads the saved data into the client; call before the first render. */
export async function restoreQueries(client: QueryClient): Promise<void> {
  try {
    const saved = await cacheGet<Saved>(CACHE_KEY);
    if (!saved || saved.buster !== BUSTER || Date.now() - saved.savedAt > PERSIST_MAX_AGE_MS) return;
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
  const write = () => {
    timer = undefined;
    const state = dehydrate(client, { shouldDehydrateQuery: isPersistable });
    const saved: Saved = { savedAt: Date.now(), buster: BUSTER, state };
    cacheSet(CACHE_KEY, saved).catch((error: unknown) => console.warn('Offline data could not be saved', error));
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
  // Leaving the page (a full reload, closing the tab) writes what is still waiting for its turn.
  const onHide = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    write();
  };
  window.addEventListener('pagehide', onHide);
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    window.removeEventListener('pagehide', onHide);
    unsubscribe();
  };
}

/** Signing out: the saved data, the 'Offline beschikbaar' marks and the cached pictures go with the session. */
export async function clearPersistedQueries(): Promise<void> {
  await cacheDelete(CACHE_KEY);
  await clearOfflineMarks();
  if (typeof caches !== 'undefined') await caches.delete(IMAGE_CACHE).catch(() => undefined);
}
