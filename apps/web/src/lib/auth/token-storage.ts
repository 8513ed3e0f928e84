import Cookies from 'js-cookie';
import type { TokenResponse } from '@blok/contract/auth';
import { readKey, removeKey, writeKey } from '../storage.ts';
import { KEEP_ME_LOGGED_IN_VALUE, REFRESH_TOKEN_LIFETIME_SECONDS } from '@blok/contract/auth-constants';

/** Cookie names of the token pair. */
export const TOKEN_COOKIE = {
  accessToken: 'access_token',
  /** epoch milliseconds at which the access token stops being valid */
  accessTokenExpiresAt: 'access_token_expires_at',
  refreshToken: 'refresh_token',
} as const;

/** localStorage keys (spec section 3), spelled exactly as the spec does. */
export const LOCAL_KEY = {
  provider: 'provider',
  keepMeLoggedIn: 'keep_me_logged_in',
  isAuthenticated: 'is_authenticated',
  deviceId: 'device_id',
} as const;

/** The auth provider this web app signs in with (Blok's own e-mail and password accounts). */
export const AUTH_PROVIDER = 'blok';

const SECONDS_PER_DAY = 86_400;

function cookieOptions(lifetimeSeconds: number | null): Cookies.CookieAttributes {
  return {
    path: '/',
    sameSite: 'strict',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
    ...(lifetimeSeconds === null ? {} : { expires: lifetimeSeconds / SECONDS_PER_DAY }),
  };
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

/** `document.cookie` as js-cookie reads it (the first of a name wins; its converter decodes), read once. */
function parseCookies(raw: string): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const pair of raw ? raw.split('; ') : []) {
    const cut = pair.indexOf('=');
    const rawName = cut < 0 ? pair : pair.slice(0, cut);
    try {
      const name = decodeURIComponent(rawName);
      if (!(name in jar)) jar[name] = Cookies.converter.read(cut < 0 ? '' : pair.slice(cut + 1), name);
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

/** Stores a fresh token pair: access token for expires_in seconds, refresh token for 30 days. */
export function storeTokens(tokens: TokenResponse, now: number = Date.now()): void {
  const expiresAt = now + tokens.expires_in * 1000;
  forgetKept();
  Cookies.set(TOKEN_COOKIE.accessToken, tokens.access_token, cookieOptions(tokens.expires_in));
  Cookies.set(TOKEN_COOKIE.accessTokenExpiresAt, String(expiresAt), cookieOptions(tokens.expires_in));
  const keep = readKey(LOCAL_KEY.keepMeLoggedIn) === KEEP_ME_LOGGED_IN_VALUE;
  // Without keep-me-logged-in the refresh token is a session cookie that dies with the browser.
  Cookies.set(TOKEN_COOKIE.refreshToken, tokens.refresh_token, cookieOptions(keep ? REFRESH_TOKEN_LIFETIME_SECONDS : null));
}

export function getAccessToken(): string | undefined {
  return tokenCookie(TOKEN_COOKIE.accessToken);
}

export function getRefreshToken(): string | undefined {
  return tokenCookie(TOKEN_COOKIE.refreshToken);
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

/** Removes the token cookies and the session's local keys. The device id stays: it names the browser. */
export function clearAuthStorage(): void {
  forgetKept();
  for (const name of Object.values(TOKEN_COOKIE)) Cookies.remove(name, { path: '/' });
  removeKey(LOCAL_KEY.provider);
  removeKey(LOCAL_KEY.keepMeLoggedIn);
  removeKey(LOCAL_KEY.isAuthenticated);
}
