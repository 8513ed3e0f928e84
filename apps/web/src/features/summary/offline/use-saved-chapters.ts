import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { savedChapterIds } from './save-offline.ts';

/** The chapters of a summary whose text is on this device, kept current as the cache changes. */
export function useSavedChapters(summaryId: string): ReadonlySet<string> {
  const client = useQueryClient();
  const subscribe = useCallback((listener: () => void) => client.getQueryCache().subscribe(listener), [client]);
  const snapshot = useSyncExternalStore(
    subscribe,
    () => savedChapterIds(client, summaryId).join('\n'),
    () => '',
  );
  return useMemo(() => new Set(snapshot ? snapshot.split('\n') : []), [snapshot]);
}
