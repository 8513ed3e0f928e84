import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import * as db from './offline-db.ts';
import { clearPersistedQueries, PENDING_KEY, persistQueries, restoreQueries } from './query-persistence.ts';

/**
 * Issue 25: the library, then a chapter by a full page load within half a second. The IndexedDB
 * write started on `pagehide` never commits when the page is gone; jsdom has no IndexedDB, so
 * offline-db keeps the cache in memory and these tests make a write lost where a browser loses it.
 */
vi.mock('./offline-db.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./offline-db.ts')>();
  return { ...real, cacheSet: vi.fn(real.cacheSet) };
});

const realCacheSet = vi.mocked(db.cacheSet).getMockImplementation()!;
/** From now on every IndexedDB write dies with the page: nothing is stored, the promise never settles. */
const pageGone = () => vi.mocked(db.cacheSet).mockImplementation(() => new Promise<void>(() => undefined));

const library = [{ id: 'psy', title: 'Inleiding in de psychologie' }];
const newClient = () => new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, retry: false } } });

let stops: Array<() => void> = [];
beforeEach(async () => {
  vi.mocked(db.cacheSet).mockImplementation(realCacheSet);
  await clearPersistedQueries();
  localStorage.clear();
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('query persistence', () => {
  it('keeps data that changed just before the page went, for the next page and its saves', async () => {
    // Page 1: the library arrives; the page goes before the debounced write.
    const first = newClient();
    stops.push(persistQueries(first));
    first.setQueryData(['library'], library);
    pageGone();
    window.dispatchEvent(new Event('pagehide'));
    stops.pop()!();
    vi.mocked(db.cacheSet).mockImplementation(realCacheSet);

    // Page 2 (the chapter): restores the library and moves the copy into IndexedDB.
    const second = newClient();
    await restoreQueries(second);
    expect(second.getQueryData(['library'])).toEqual(library);
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
    stops.push(persistQueries(second));
    second.setQueryData(['chapter', 'h1'], { title: 'Hoofdstuk 1' });
    const saved = () => db.cacheGet<{ state: { queries: Array<{ queryKey: unknown }> } }>('queries');
    await vi.waitFor(async () => expect((await saved())?.state.queries.map((q) => q.queryKey)).toContainEqual(['chapter', 'h1']), { timeout: 2000 });

    // Page 3 (the library again, offline): both are there.
    const third = newClient();
    await restoreQueries(third);
    expect(third.getQueryData(['library'])).toEqual(library);
    expect(third.getQueryData(['chapter', 'h1'])).toEqual({ title: 'Hoofdstuk 1' });
  });

  it('keeps no classmate’s shared set: once the link is revoked, a reload must not show it (issue 38)', async () => {
    const client = newClient();
    stops.push(persistQueries(client));
    client.setQueryData(['own-cards', 'shared', 'token'], { title: 'Gedeelde begrippen' });
    client.setQueryData(['own-cards', 'sets'], { sets: [] });
    const saved = () => db.cacheGet<{ state: { queries: Array<{ queryKey: unknown }> } }>('queries');
    await vi.waitFor(async () => expect((await saved())?.state.queries.map((q) => q.queryKey)).toContainEqual(['own-cards', 'sets']), { timeout: 2000 });
    expect((await saved())?.state.queries.map((q) => q.queryKey)).not.toContainEqual(['own-cards', 'shared', 'token']);
  });

  it('ignores a copy left on leaving that is older than what IndexedDB holds', async () => {
    const first = newClient();
    stops.push(persistQueries(first));
    first.setQueryData(['library'], library);
    pageGone();
    window.dispatchEvent(new Event('pagehide'));
    vi.mocked(db.cacheSet).mockImplementation(realCacheSet);
    const newer = newClient();
    newer.setQueryData(['library'], [{ id: 'mic', title: 'Micro-economie' }]);
    const { dehydrate } = await import('@tanstack/react-query');
    await db.cacheSet('queries', { savedAt: Date.now() + 1000, buster: '1', state: dehydrate(newer) });

    const next = newClient();
    await restoreQueries(next);
    expect(next.getQueryData(['library'])).toEqual([{ id: 'mic', title: 'Micro-economie' }]);
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
  });

  it('signing out removes the copy left on leaving, so nothing of hers is restored', async () => {
    const first = newClient();
    stops.push(persistQueries(first));
    first.setQueryData(['library'], library);
    pageGone();
    window.dispatchEvent(new Event('pagehide'));
    stops.pop()!();
    // Signed out on the next page before it started (the copy is still only in localStorage).
    vi.mocked(db.cacheSet).mockImplementation(realCacheSet);
    expect(localStorage.getItem(PENDING_KEY)).not.toBeNull();

    await clearPersistedQueries();
    expect(localStorage.getItem(PENDING_KEY)).toBeNull();
    const next = newClient();
    await restoreQueries(next);
    expect(next.getQueryData(['library'])).toBeUndefined();
  });

  it('survives a full localStorage: the IndexedDB write still goes', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = newClient();
    stops.push(persistQueries(first));
    first.setQueryData(['library'], library);
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(async () => expect(await db.cacheGet('queries')).toBeDefined());
    setItem.mockRestore();
    warn.mockRestore();
    const next = newClient();
    await restoreQueries(next);
    expect(next.getQueryData(['library'])).toEqual(library);
  });
});
