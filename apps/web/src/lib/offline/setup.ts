import type { QueryClient } from '@tanstack/react-query';
import { onSessionEvent } from '../auth/session.ts';
import { clearOutbox, startOutbox } from './outbox.ts';
import { clearPersistedQueries, persistQueries, restoreQueries } from './query-persistence.ts';

/** Reading saved data must never hold the first screen back for long (a stuck IndexedDB). */
const RESTORE_TIMEOUT_MS = 3000;

/**
 * Offline support at start (decision 013): the saved server data goes back into the query cache,
 * changes are saved from then on, the outbox starts sending, and signing out removes both.
 */
export async function startOffline(client: QueryClient): Promise<void> {
  const restored = restoreQueries(client);
  await Promise.race([restored, new Promise<void>((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS))]);
  // Saving starts only once the saved data is back (late, on a slow device): saving earlier would
  // overwrite it with the near-empty cache of the first moments.
  void restored.then(() => persistQueries(client));
  onSessionEvent((event) => {
    if (event.type !== 'signed-out') return;
    void clearOutbox().catch(() => undefined);
    void clearPersistedQueries().catch(() => undefined);
  });
  startOutbox();
}
