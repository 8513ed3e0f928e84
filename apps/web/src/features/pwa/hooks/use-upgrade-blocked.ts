import { useSyncExternalStore } from 'react';
import { isUpgradeBlocked, onUpgradeBlocked } from '../../../lib/offline/offline-db.ts';

/** Whether the offline database's upgrade waits for another tab to close (lib/offline/offline-db.ts). */
export function useUpgradeBlocked(): boolean {
  return useSyncExternalStore(onUpgradeBlocked, isUpgradeBlocked, () => false);
}
