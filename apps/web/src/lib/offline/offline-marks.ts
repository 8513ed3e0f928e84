import { useEffect, useSyncExternalStore } from 'react';
import { cacheDelete, cacheGet, cacheSet } from './offline-db.ts';

/**
 * Which summaries she marked 'Offline beschikbaar' on this device (decision 013), kept in the
 * offline database next to the saved query cache so the choice survives a reload. `savedAt` is
 * when every chapter she may read was last fetched; null means it has to be done again (the
 * pictures were emptied when Premium ended), which the summary screens do when online.
 */
export type OfflineMark = { summaryId: string; markedAt: number; savedAt: number | null };
type Marks = Readonly<Record<string, OfflineMark>>;

const MARKS_KEY = 'offline-summaries';

let marks: Marks = {};
let loaded = false;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function emit(next: Marks): void {
  marks = next;
  for (const listener of listeners) listener();
}

/** Reads the marks from the device once per page. */
export function loadOfflineMarks(): Promise<void> {
  loading ??= cacheGet<Marks>(MARKS_KEY)
    .catch((error: unknown) => {
      console.warn('Offline marks could not be read', error);
      return undefined;
    })
    .then((saved) => {
      loaded = true;
      emit(saved && typeof saved === 'object' ? { ...saved, ...marks } : { ...marks });
    });
  return loading;
}

async function write(next: Marks): Promise<void> {
  emit(next);
  await cacheSet(MARKS_KEY, next);
}

export function getOfflineMark(summaryId: string): OfflineMark | undefined {
  return marks[summaryId];
}

/** Marks a summary (or updates when it was saved last); null removes the mark. */
export async function setOfflineMark(summaryId: string, mark: OfflineMark | null): Promise<void> {
  await loadOfflineMarks();
  const next = { ...marks };
  if (mark) next[summaryId] = mark;
  else delete next[summaryId];
  await write(next);
}

/** The saved pictures are gone (Premium ended): every marked summary is fetched again when online. */
export async function markOfflineSummariesStale(): Promise<void> {
  await loadOfflineMarks();
  if (Object.keys(marks).length === 0) return;
  await write(Object.fromEntries(Object.entries(marks).map(([id, mark]) => [id, { ...mark, savedAt: null }])));
}

/** Signing out: the marks go with the account's saved data. */
export async function clearOfflineMarks(): Promise<void> {
  // Nothing left to read from the device: the (empty) marks are known.
  loaded = true;
  loading = Promise.resolve();
  emit({});
  await cacheDelete(MARKS_KEY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The mark of one summary; `loaded` is false until the marks were read from the device. */
export function useOfflineMark(summaryId: string): { mark: OfflineMark | undefined; loaded: boolean } {
  useEffect(() => void loadOfflineMarks(), []);
  const mark = useSyncExternalStore(
    subscribe,
    () => marks[summaryId],
    () => undefined,
  );
  const isLoaded = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => false,
  );
  return { mark, loaded: isLoaded };
}
