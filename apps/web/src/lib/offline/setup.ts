import type { QueryClient } from '@tanstack/react-query';
import { setGlobalApiError } from '../api-error.ts';
import { onSessionEvent } from '../auth/session.ts';
import { startPendingLogout } from '../auth/pending-logout.ts';
import { i18n } from '../i18n.ts';
import { clearOutbox, onOutboxRefusal, startOutbox, type RefusedWrite } from './outbox.ts';
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
  onOutboxRefusal((refused) => showRefusal(client, refused));
  startOutbox();
  // a logout made offline reaches the API once the connection is back (its refresh cookie, decision 034)
  startPendingLogout();
}

/**
 * A queued write the server refused: the screens that showed it as done (a local update offline)
 * fetch the server's state again, and when nobody was waiting for the answer any more she is told
 * in the error toast, so the app never claims something was saved that was not.
 */
export function showRefusal(client: QueryClient, { entry, error, waited }: RefusedWrite): void {
  for (const queryKey of entry.refreshOnRefusal ?? []) void client.invalidateQueries({ queryKey });
  if (waited) return;
  const message = entry.kind === 'flashcard-rating' && error.code === 'conflict' ? i18n.t('pwa:refusedRating') : error.description || i18n.t('pwa:refusedWrite');
  setGlobalApiError(error.code, message);
}
