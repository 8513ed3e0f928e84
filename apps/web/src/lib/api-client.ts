import { env } from '../config/env.ts';
import { CLIENT_ID, DEVICE_ID_HEADER, IDEMPOTENCY_KEY_HEADER, KEEP_ME_LOGGED_IN_VALUE, REFRESH_COOKIE_HEADER } from '@blok/contract/auth-constants';
import { loadAuthContract } from './auth/auth-contract.ts';
import { ApiError, setGlobalApiError } from './api-error.ts';
import { getDeviceId, getStoredDeviceId } from './device-id.ts';
import { signOutLocally, signIn } from './auth/session.ts';
import {
  forgetLegacyRefreshToken,
  getAccessToken,
  getLegacyRefreshToken,
  hasAuthProvider,
  isAuthenticated,
  keepsLoggedIn,
  readFreshTokens,
  storeTokens,
} from './auth/token-storage.ts';

/**
 * The one API client (spec section 7). It owns the base URL, the bearer and accept-language
 * headers, the deviceid check, token refresh and the global API error state.
 *
 * Auth-path calls (`auth/...`) are the token endpoints: they send no bearer or accept-language
 * header (so the server answers in its default Dutch), skip the deviceid check and never raise the
 * global error popup; their screens show the error themselves. They carry REFRESH_COOKIE_HEADER:
 * the refresh token lives in the API's HttpOnly cookie (decision 034), never where a script reads it.
 */

/** A successful refresh resolves this long after the new tokens are stored (spec section 7). */
export const REFRESH_SETTLE_MS = 500;

/** Anything with a zod-like `parse`; keeps the client independent of the schema library. */
export type Parser<T> = { parse: (data: unknown) => T };

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** FormData and URLSearchParams are sent as they are; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Show errors in place instead of the global toast. */
  skipErrorPopup?: boolean;
  /**
   * The write's Idempotency-Key (decision 007). Writes get a fresh one per call by default; a
   * caller that retries the same intended change later (an offline queue) passes its own.
   */
  idempotencyKey?: string;
  /** 'blob': the body as a file (a download), not parsed as JSON */
  responseType?: 'json' | 'blob';
};

/** Transient failures of a write that are retried with the same Idempotency-Key. */
const RETRY_DELAYS_MS = [400, 1500];
const RETRY_STATUSES = new Set([502, 503, 504]);

/** A random UUID (v4), also where crypto.randomUUID is missing (plain http on a LAN address). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const isWrite = (method: RequestOptions['method']) => method !== undefined && method !== 'GET';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function normalisePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^api\//, '');
}

export function isAuthApiPath(path: string): boolean {
  return normalisePath(path).startsWith('auth/');
}

function url(path: string): string {
  return `${env.API_BASE_URL}/${normalisePath(path)}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) return body;
  // A file goes as the body itself, with its own type (the profile picture).
  if (body instanceof Blob) {
    if (body.type) headers.set('content-type', body.type);
    return body;
  }
  headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

async function readError(response: Response): Promise<ApiError> {
  let code = '';
  let description = '';
  const fields: Array<{ field: string; message: string }> = [];
  try {
    const data: unknown = await response.json();
    if (data && typeof data === 'object') {
      const record = data as Record<string, unknown>;
      if (typeof record.error === 'string') code = record.error;
      if (typeof record.error_description === 'string') description = record.error_description;
      if (Array.isArray(record.fields)) {
        for (const f of record.fields as unknown[]) {
          const item = f as { field?: unknown; message?: unknown } | null;
          if (typeof item?.field === 'string' && typeof item.message === 'string') fields.push({ field: item.field, message: item.message });
        }
      }
    }
  } catch {
    // not JSON: keep the defaults
  }
  const retryAfterRaw = response.headers.get('retry-after');
  const retryAfter = retryAfterRaw !== null && Number.isFinite(Number(retryAfterRaw)) ? Number(retryAfterRaw) : null;
  return new ApiError(response.status, code || 'unknown', description, retryAfter, fields);
}

/* ------------------------------------------------------------------ refresh */

let refreshInFlight: Promise<boolean> | null = null;

/**
 * One refresh: the refresh token is the API's HttpOnly cookie, sent by the browser with this call
 * and rotated by its answer (decision 034); the body names none. A browser that still keeps a
 * readable token from before hands it over in the body this once, and the API moves it into the cookie.
 */
async function requestNewTokens(): Promise<boolean> {
  const { CookieTokenResponseSchema } = await loadAuthContract();
  const key = newIdempotencyKey();
  const form = new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, client_secret: '', device_id: getDeviceId() });
  const legacy = getLegacyRefreshToken();
  if (legacy) {
    form.set('refresh_token', legacy);
    if (keepsLoggedIn()) form.set('persistent', KEEP_ME_LOGGED_IN_VALUE);
  }
  let response: Response;
  try {
    // A refresh whose answer got lost is retried with the same key: the server answers the first
    // rotation again (and sets its cookie again) instead of taking the repeated token for a stolen copy.
    response = await sendWrite(() =>
      fetch(url('auth/login'), {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: key, [REFRESH_COOKIE_HEADER]: '1' },
        credentials: 'same-origin',
      }),
    );
  } catch (error) {
    console.warn('Token refresh failed: network error', error);
    return false;
  }
  // answered: the readable token was moved into the cookie, or it is dead
  if (legacy) forgetLegacyRefreshToken();
  if (!response.ok) {
    const error = await readError(response);
    console.warn(`Token refresh failed: ${response.status} ${error.code}`);
    if (error.code === 'device_revoked') signOutLocally('device-revoked');
    return false;
  }
  try {
    storeTokens(CookieTokenResponseSchema.parse(await response.json()));
  } catch (error) {
    console.warn('Token refresh failed: unexpected response', error);
    return false;
  }
  await delay(REFRESH_SETTLE_MS);
  return true;
}

async function refreshOnce(): Promise<boolean> {
  if (!hasAuthProvider()) return false;
  // The refresh cookie is no script's to read: what tells this tab that another one refreshed is
  // the access token, which every refresh replaces.
  const before = getAccessToken();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return requestNewTokens();
  // Refresh tokens rotate and a reused one revokes the family, so two tabs must never refresh
  // with the same token: the lock serialises them, and the second sees the first one's result.
  return locks.request('blok-token-refresh', async () => {
    // another tab may have refreshed (a new access token) or signed out while this one waited
    readFreshTokens();
    if (!hasAuthProvider()) return false;
    if (getAccessToken() !== before && isAuthenticated()) return true;
    return requestNewTokens();
  });
}

/**
 * Trades the refresh token for a new pair. Concurrent callers share one request. Resolves false
 * (and logs) on failure; a successful refresh resolves after REFRESH_SETTLE_MS.
 */
export function refreshTokens(): Promise<boolean> {
  refreshInFlight ??= refreshOnce().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Guard helper: authenticated now, or a refresh made it so. */
export async function ensureAuthenticated(): Promise<boolean> {
  if (isAuthenticated()) return true;
  if (!hasAuthProvider()) return false;
  return refreshTokens();
}

/* ------------------------------------------------------------------ requests */

function deviceMismatch(response: Response): boolean {
  const active = response.headers.get(DEVICE_ID_HEADER);
  if (!active) return false;
  return active !== getStoredDeviceId();
}

function sessionExpired(): ApiError {
  signOutLocally('refresh-failed');
  return new ApiError(401, 'invalid_token', '');
}

function deviceRevoked(): ApiError {
  signOutLocally('device-revoked');
  return new ApiError(401, 'device_revoked', '');
}

/**
 * Sends a write, retrying a lost connection or a passing 502/503/504 (up to twice, same request and
 * so the same Idempotency-Key): the change happens once, whichever attempt reached the server.
 */
async function sendWrite(attempt: () => Promise<Response>): Promise<Response> {
  for (let i = 0; ; i += 1) {
    const last = i >= RETRY_DELAYS_MS.length;
    try {
      const response = await attempt();
      if (last || !RETRY_STATUSES.has(response.status)) return response;
    } catch (error) {
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      if (last || offline || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    }
    await delay(RETRY_DELAYS_MS[i]!);
  }
}

async function send(path: string, options: RequestOptions, authPath: boolean): Promise<Response> {
  if (isWrite(options.method)) return sendWrite(() => sendOnce(path, options, authPath));
  const early = authPath ? null : takeEarly(path);
  if (early) {
    try {
      return await early;
    } catch {
      // The early request was lost (the network dropped): ask again, as the query would have.
    }
  }
  return sendOnce(path, options, authPath);
}

/* ------------------------------------------------------------------ early reads */

/** How long an early answer waits for the query that asks for it. */
export const EARLY_READ_TTL_MS = 15_000;

type EarlyRead = { token: string; at: number; response: Promise<Response> };
const earlyReads = new Map<string, EarlyRead>();

/**
 * A first visit's data, asked for before the app's code is in (decision 014, "first-visit data"):
 * main.tsx calls this for the reads of the screen a first visit opens, and that screen's query takes
 * the answer (`send`) instead of asking again once the router's loader runs. Only signed in with a
 * valid access token and online; otherwise nothing is asked and the query goes its usual way (a
 * refresh first, the offline cache). An answer is taken once, by the same session, within
 * EARLY_READ_TTL_MS; a 401 or an error answer is handled by `request` like any other.
 */
export function fetchEarly(path: string): void {
  const token = getAccessToken();
  if (!token || !isAuthenticated() || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
  const key = normalisePath(path);
  if (isAuthApiPath(key) || earlyReads.has(key)) return;
  const response = sendOnce(key, { method: 'GET' }, false);
  response.catch(() => undefined);
  earlyReads.set(key, { token, at: Date.now(), response });
}

function takeEarly(path: string): Promise<Response> | null {
  const key = normalisePath(path);
  const entry = earlyReads.get(key);
  if (!entry) return null;
  earlyReads.delete(key);
  // Too old to be what she expects now, or asked for by a session that is no longer hers.
  if (Date.now() - entry.at > EARLY_READ_TTL_MS || entry.token !== getAccessToken()) return null;
  return entry.response;
}

async function sendOnce(path: string, options: RequestOptions, authPath: boolean): Promise<Response> {
  const headers = new Headers({ accept: 'application/json', ...options.headers });
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey);
  if (!authPath) {
    headers.set('accept-language', 'en');
    const token = getAccessToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
  } else {
    // login, registration and logout: the refresh token in the API's HttpOnly cookie (decision 034)
    headers.set(REFRESH_COOKIE_HEADER, '1');
  }
  return fetch(url(path), {
    method: options.method ?? 'GET',
    headers,
    body: encodeBody(options.body, headers),
    signal: options.signal,
    credentials: 'same-origin',
  });
}

/**
 * Calls the API. Resolves with the parsed body (undefined for 204); rejects with ApiError.
 */
export async function request<T = unknown>(path: string, parser: Parser<T> | null, requested: RequestOptions = {}): Promise<T> {
  // One key for every attempt of this write: the retry after a token refresh, or after a lost answer.
  const options = isWrite(requested.method) ? { ...requested, idempotencyKey: requested.idempotencyKey ?? newIdempotencyKey() } : requested;
  const authPath = isAuthApiPath(path);
  const popup = !authPath && !options.skipErrorPopup;

  try {
    // An expired access token is refreshed before the call (spec section 4).
    if (!authPath && hasAuthProvider() && !isAuthenticated()) {
      // Offline a refresh cannot succeed; that is no reason to sign her out (decision 013).
      if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(0, 'offline', '');
      if (!(await refreshTokens())) throw sessionExpired();
    }

    let response = await send(path, options, authPath);

    if (!authPath && response.status === 401) {
      const error = await readError(response.clone());
      if (error.code === 'device_revoked') throw deviceRevoked();
      if (hasAuthProvider()) {
        // invalid_token (or any other 401): one refresh, one retry.
        if (!(await refreshTokens())) throw sessionExpired();
        response = await send(path, options, authPath);
        if (response.status === 401) {
          const retryError = await readError(response.clone());
          throw retryError.code === 'device_revoked' ? deviceRevoked() : sessionExpired();
        }
      }
    }

    // Only a signed-in call can tell that another device took over.
    if (!authPath && getAccessToken() && deviceMismatch(response)) throw deviceRevoked();

    if (!response.ok) {
      const error = await readError(response);
      // A 401 without a session is not news: the user was just signed out (another device, a
      // failed refresh) and the guard is already taking her to the login page.
      const signedOutNoise = response.status === 401 && !hasAuthProvider();
      if (popup && !signedOutNoise) setGlobalApiError(error.code, error.description);
      throw error;
    }

    if (options.responseType === 'blob') return (await response.blob()) as T;
    if (response.status === 204 || response.headers.get('content-length') === '0') return undefined as T;
    const text = await response.text();
    const data: unknown = text === '' ? undefined : JSON.parse(text);
    return parser ? parser.parse(data) : (data as T);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // A cancelled query (navigation, sign-out clearing the cache) is not an error to show.
    if (options.signal?.aborted) throw error;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    // Offline has its own toast; everything else unexpected is the generic global error.
    if (popup && !offline) setGlobalApiError();
    throw new ApiError(0, offline ? 'offline' : 'unknown', '');
  }
}

export const api = {
  get: <T>(path: string, parser: Parser<T> | null = null, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, parser, { ...options, method: 'GET' }),
  /** GET a file (an export): its bytes as a Blob, with the same sign-in, refresh and errors as every call. */
  download: (path: string, options: Omit<RequestOptions, 'method' | 'body' | 'responseType'> = {}) => request<Blob>(path, null, { ...options, method: 'GET', responseType: 'blob' }),
  post: <T>(path: string, body?: unknown, parser: Parser<T> | null = null, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, parser, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, parser: Parser<T> | null = null, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, parser, { ...options, method: 'PUT', body }),
  /** A DELETE may carry a body (the account's deletion sends her password). */
  delete: <T>(path: string, parser: Parser<T> | null = null, options: Omit<RequestOptions, 'method'> = {}) =>
    request<T>(path, parser, { ...options, method: 'DELETE' }),
};

/**
 * Login and register both answer with the access token (the refresh token came as the API's
 * HttpOnly cookie): validate it and start the session.
 */
export async function startSession(data: unknown): Promise<void> {
  const { CookieTokenResponseSchema } = await loadAuthContract();
  await signIn(CookieTokenResponseSchema.parse(data));
}
