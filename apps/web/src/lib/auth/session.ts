import { useSyncExternalStore } from 'react';
import type { CookieTokenResponse } from '@blok/contract/auth';
import { getDeviceId } from '../device-id.ts';
import { queryClient } from '../react-query.ts';
import { readKey, removeKey, writeKey } from '../storage.ts';
import { LOCAL_KEY, PENDING_LOGOUT_KEY, clearAuthStorage, forgetLegacyRefreshToken, isMarkedSignedIn, markSignedIn, storeTokens } from './token-storage.ts';

/**
 * The session: signing in and out, and the events the app shell reacts to (navigation after an
 * automatic sign-out lives in the app, not here, so lib never imports the router).
 */

export type SignOutReason =
  /** the user chose to log out, or deleted the account */
  | 'logout'
  /** another device signed in with this account (deviceid header differs, or 401 device_revoked) */
  | 'device-revoked'
  /** the access token expired and a refresh failed */
  | 'refresh-failed';

export type SessionEvent = { type: 'signed-in' } | { type: 'signed-out'; reason: SignOutReason };

/** sessionStorage flag behind the automatic-logout notice on the login page. */
export const AUTO_LOGOUT_FLAG_KEY = 'auto_logout';

const eventListeners = new Set<(event: SessionEvent) => void>();
const snapshotListeners = new Set<() => void>();

function notify(event: SessionEvent): void {
  for (const listener of snapshotListeners) listener();
  for (const listener of eventListeners) listener(event);
}

/** Listens to sign-in and sign-out events. Returns the unsubscribe function. */
export function onSessionEvent(listener: (event: SessionEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/**
 * Stores a new session: device id, access token and the local keys (its refresh token is the API's
 * HttpOnly cookie, set by the answer), and clears the auto-logout flag.
 */
export function signIn(tokens: CookieTokenResponse): void {
  getDeviceId();
  markSignedIn();
  storeTokens(tokens);
  // a readable refresh token of an earlier session (before decision 034) is of no use any more,
  // nor the logout of one that waited for a connection (this sign-in's cookie replaced its cookie)
  forgetLegacyRefreshToken();
  removeKey(PENDING_LOGOUT_KEY);
  clearAutoLogoutFlag();
  notify({ type: 'signed-in' });
}

/** Ends the session in this browser: cookies, local keys and cached server data go. */
export function signOutLocally(reason: SignOutReason): void {
  const wasSignedIn = isMarkedSignedIn();
  clearAuthStorage();
  queryClient.clear();
  if (reason === 'device-revoked') writeKey(AUTO_LOGOUT_FLAG_KEY, '1', 'session');
  if (wasSignedIn || reason !== 'logout') notify({ type: 'signed-out', reason });
}

export function isAutoLogoutFlagSet(): boolean {
  return readKey(AUTO_LOGOUT_FLAG_KEY, 'session') === '1';
}

export function clearAutoLogoutFlag(): void {
  removeKey(AUTO_LOGOUT_FLAG_KEY, 'session');
}

function subscribeSnapshot(listener: () => void): () => void {
  snapshotListeners.add(listener);
  // Another tab signing in or out changes the local keys: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === LOCAL_KEY.isAuthenticated || event.key === LOCAL_KEY.provider) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    snapshotListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Whether a user is signed in on this browser (drives the navigation bar and Home). The server's
 * renderers read the same local keys: empty for a visitor's page at build time (decision 032), marked
 * signed in for her chapter rendered by the API (src/prerender/reader-screen.tsx, decision 048).
 */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeSnapshot, isMarkedSignedIn, isMarkedSignedIn);
}
