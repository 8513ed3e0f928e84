import type { CookieTokenResponse } from '@blok/contract/auth';
import { readKey, removeKey, writeKey } from '../storage.ts';
import { KEEP_ME_LOGGED_IN_VALUE, REFRESH_TOKEN_LIFETIME_SECONDS } from '@blok/contract/auth-constants';

/**
 * Cookie names of the access token (15 minutes, readable by the app). The refresh token is no cookie
 * of the app's: the API keeps it in an HttpOnly cookie no script reaches (decision 034).
 */
export const TOKEN_COOKIE = {
  accessToken: 'access_token',
  /** epoch milliseconds at which the access token stops being valid */
  accessTokenExpiresAt: 'access_token_expires_at',
} as const;

/**
 * A marker without a secret, while she is signed in: it tells the server which first screen to send
 * for `/` once the access token ran out (apps/api plugins/web.ts), as the readable refresh token did.
 */
export const SIGNED_IN_COOKIE = 'signed_in';

/**
 * The readable refresh-token cookie the app wrote before decision 034. A browser still holding one
 * hands it to the API once (the next refresh moves it into the HttpOnly cookie), then it is removed.
 */
export const LEGACY_REFRESH_COOKIE = 'refresh_token';

/** localStorage keys (spec section 3), spelled exactly as the spec does. */
export const LOCAL_KEY = {
  provider: 'provider',
  keepMeLoggedIn: 'keep_me_logged_in',
  isAuthenticated: 'is_authenticated',
  deviceId: 'device_id',
} as const;

/** localStorage key: a logout whose call has not reached the API yet (auth/pending-logout.ts). */
export const PENDING_LOGOUT_KEY = 'logout_pending';

/** The auth provider this web app signs in with (Blok's own e-mail and password accounts). */
export const AUTH_PROVIDER = 'blok';

/** Writes one of the app's cookies for the whole site; lifetime 0 removes it, null makes a session cookie. */
function writeCookie(name: string, value: string, lifetimeSeconds: number | null): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  const maxAge = lifetimeSeconds === null ? '' : `; Max-Age=${Math.max(0, Math.floor(lifetimeSeconds))}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/${maxAge}; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/**
 * Reading `document.cookie` is a round trip to the browser's cookie store: about half a millisecond
 * each on this machine without throttling, and a first visit of the reader read it 50 times (guards,
 * the API client, every query). The token cookies are read once per synchronous run and kept until
 * its microtasks are done; Blok's own writes drop them at once, another tab's writes are seen from the
 * next run on. The refresh reads fresh (`readFreshTokens`) inside its cross-tab lock.
 */
let kept: Record<string, string> | null = null;

function tokenCookie(name: string): string | undefined {
  if (kept === null) {
    kept = parseCookies(typeof document === 'undefined' ? '' : document.cookie);
    queueMicrotask(forgetKept);
  }
  return kept[name];
}

/** `document.cookie`, read once: the first of a name wins, quotes and %-escapes undone (as js-cookie read it). */
function parseCookies(raw: string): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const pair of raw ? raw.split('; ') : []) {
    const cut = pair.indexOf('=');
    const rawName = cut < 0 ? pair : pair.slice(0, cut);
    try {
      const name = decodeURIComponent(rawName);
      let value = cut < 0 ? '' : pair.slice(cut + 1);
      if (value.startsWith('"')) value = value.slice(1, -1);
      if (!(name in jar)) jar[name] = value.replace(/(%[\dA-F]{2})+/gi, decodeURIComponent);
    } catch {
      // a cookie that is not URI-encoded is none of ours
    }
  }
  return jar;
}

function forgetKept(): void {
  kept = null;
}

/** Drops the kept cookies, so the next read asks the browser (another tab may just have rotated them). */
export function readFreshTokens(): void {
  forgetKept();
}

/**
 * Stores a fresh access token for expires_in seconds. Its refresh token is the API's HttpOnly cookie
 * (decision 034): a token in the answer's JSON (a server before it) is not kept.
 */
export function storeTokens(tokens: Pick<CookieTokenResponse, 'access_token' | 'expires_in'>, now: number = Date.now()): void {
  const expiresAt = now + tokens.expires_in * 1000;
  forgetKept();
  writeCookie(TOKEN_COOKIE.accessToken, tokens.access_token, tokens.expires_in);
  writeCookie(TOKEN_COOKIE.accessTokenExpiresAt, String(expiresAt), tokens.expires_in);
  // lives as her refresh cookie does: the token's lifetime when she stays logged in, else the session
  writeCookie(SIGNED_IN_COOKIE, '1', keepsLoggedIn() ? REFRESH_TOKEN_LIFETIME_SECONDS : null);
}

export function getAccessToken(): string | undefined {
  return tokenCookie(TOKEN_COOKIE.accessToken);
}

/** The refresh token a browser kept readable before decision 034, until it is handed to the API. */
export function getLegacyRefreshToken(): string | undefined {
  return tokenCookie(LEGACY_REFRESH_COOKIE);
}

/** Removes the readable refresh token of before decision 034 (it was handed to the API, or is dead). */
export function forgetLegacyRefreshToken(): void {
  forgetKept();
  writeCookie(LEGACY_REFRESH_COOKIE, '', 0);
}

/** Whether she chose to stay signed in (the spec's local key): the refresh cookie then outlives the browser. */
export function keepsLoggedIn(): boolean {
  return readKey(LOCAL_KEY.keepMeLoggedIn) === KEEP_ME_LOGGED_IN_VALUE;
}

export function getAccessTokenExpiresAt(): number | null {
  const raw = tokenCookie(TOKEN_COOKIE.accessTokenExpiresAt);
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Authenticated = an access token exists and its expiry is later than now (spec section 4). */
export function isAuthenticated(now: number = Date.now()): boolean {
  const expiresAt = getAccessTokenExpiresAt();
  return Boolean(getAccessToken()) && expiresAt !== null && expiresAt > now;
}

export function getAuthProvider(): string | null {
  return readKey(LOCAL_KEY.provider);
}

export function hasAuthProvider(): boolean {
  return Boolean(getAuthProvider());
}

/** Marks this browser as signed in (local keys); tokens are stored separately. */
export function markSignedIn(): void {
  writeKey(LOCAL_KEY.provider, AUTH_PROVIDER);
  writeKey(LOCAL_KEY.keepMeLoggedIn, KEEP_ME_LOGGED_IN_VALUE);
  writeKey(LOCAL_KEY.isAuthenticated, 'true');
}

/** True while the local keys say a user is signed in (the access token may need a refresh). */
export function isMarkedSignedIn(): boolean {
  return readKey(LOCAL_KEY.isAuthenticated) === 'true' && hasAuthProvider();
}

/**
 * Removes the access-token cookies (and a readable refresh token of before decision 034) and the
 * session's local keys. The refresh cookie is HttpOnly: the logout call's answer clears it. The
 * device id stays: it names the browser.
 */
export function clearAuthStorage(): void {
  forgetKept();
  for (const name of [...Object.values(TOKEN_COOKIE), SIGNED_IN_COOKIE, LEGACY_REFRESH_COOKIE]) writeCookie(name, '', 0);
  removeKey(LOCAL_KEY.provider);
  removeKey(LOCAL_KEY.keepMeLoggedIn);
  removeKey(LOCAL_KEY.isAuthenticated);
}
