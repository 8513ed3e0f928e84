import { api } from '../api-client.ts';
import { ApiError } from '../api-error.ts';
import { readKey, removeKey, writeKey } from '../storage.ts';
import { PENDING_LOGOUT_KEY, forgetLegacyRefreshToken, getLegacyRefreshToken, hasAuthProvider } from './token-storage.ts';

/**
 * Logout on the server (decision 034). The refresh token is the API's HttpOnly cookie: only the
 * logout call's answer clears it, and the call revokes its family. A logout without a connection
 * signs her out here at once and leaves a mark; the call goes once the connection is back (or at the
 * next start), before any new sign-in, so the cookie never outlives her logout for long.
 */

/** Whether the call never got an answer the API meant (no connection, a passing 5xx): worth sending again. */
const unanswered = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/** POST auth/logout: revokes the session's refresh family and clears its cookie. Never throws. */
export async function revokeSession(): Promise<void> {
  // a readable token kept from before decision 034 is named in the body; the cookie's goes by itself
  const legacy = getLegacyRefreshToken();
  try {
    await api.post('auth/logout', legacy ? { refresh_token: legacy } : {});
    removeKey(PENDING_LOGOUT_KEY);
  } catch (error) {
    if (unanswered(error)) writeKey(PENDING_LOGOUT_KEY, '1');
    else removeKey(PENDING_LOGOUT_KEY); // refused: there is nothing left to revoke
  }
  forgetLegacyRefreshToken();
}

let sending: Promise<void> | null = null;

/**
 * Sends a logout that is still waiting, once, while she is signed out; resolves when it is done.
 * Login and registration wait for it: its answer clears the cookie, and must not clear theirs.
 */
export function sendPendingLogout(): Promise<void> {
  if (readKey(PENDING_LOGOUT_KEY) !== '1') return Promise.resolve();
  // signed in again (another tab): the new session set a new cookie; the old family ends by itself
  if (hasAuthProvider()) {
    removeKey(PENDING_LOGOUT_KEY);
    return Promise.resolve();
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve();
  sending ??= revokeSession().finally(() => {
    sending = null;
  });
  return sending;
}

/** At start: a waiting logout goes now, or as soon as the connection is back. */
export function startPendingLogout(): void {
  void sendPendingLogout();
  window.addEventListener('online', () => void sendPendingLogout());
}
