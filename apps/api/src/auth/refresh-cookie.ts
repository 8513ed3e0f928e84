import type { IncomingHttpHeaders } from 'node:http';
import { REFRESH_COOKIE_HEADER, REFRESH_TOKEN_LIFETIME_SECONDS } from '@blok/contract';

/**
 * The refresh token in a cookie no script reaches (decision 034). A client that sends
 * `Blok-Refresh-Cookie: 1` with its token calls (the web app) gets the refresh token as
 * `Set-Cookie: blok_refresh=<ends>.<token>; Path=/api/auth; HttpOnly; SameSite=Strict` (+ `Max-Age`
 * when she keeps herself logged in, + `Secure` over https) and never in the JSON. `<ends>` is when
 * the token's family ends (unix seconds), or 0 for a session cookie: a rotation gives the new
 * token a cookie of the same kind and end. The family's end is the database's to enforce; the
 * cookie only says when the browser may forget it.
 */

export const REFRESH_COOKIE_NAME = 'blok_refresh';
/** Every token call lives below it (login, register, refresh, logout); no other request gets the cookie. */
export const REFRESH_COOKIE_PATH = '/api/auth';

export interface RefreshCookie {
  token: string;
  /** unix seconds at which the token's family ends; null: a session cookie, gone with the browser */
  endsAt: number | null;
}

const VALUE = /^(\d{1,12})\.([A-Za-z0-9_-]{1,512})$/;

/** Whether the request asks for the refresh token in the cookie (REFRESH_COOKIE_HEADER: 1). */
export function wantsRefreshCookie(headers: IncomingHttpHeaders): boolean {
  return headers[REFRESH_COOKIE_HEADER] === '1';
}

/** The spec's keep-me-logged-in field (`persistent`) as the forms send it. */
export function isPersistent(value: boolean | string | undefined): boolean {
  return value === true || value === '1' || value === 'true';
}

/** A new family's cookie: for the refresh token's lifetime when she keeps herself logged in, else a session cookie. */
export function newRefreshCookie(token: string, persistent: boolean, nowMs = Date.now()): RefreshCookie {
  return { token, endsAt: persistent ? Math.floor(nowMs / 1000) + REFRESH_TOKEN_LIFETIME_SECONDS : null };
}

/** The request's refresh cookie, or null when there is none or it is not one this API wrote. */
export function readRefreshCookie(cookies: Readonly<Record<string, string>>): RefreshCookie | null {
  const match = VALUE.exec(cookies[REFRESH_COOKIE_NAME] ?? '');
  if (!match) return null;
  const endsAt = Number(match[1]);
  return { token: match[2]!, endsAt: endsAt === 0 ? null : endsAt };
}

function attributes(secure: boolean): string[] {
  return [`Path=${REFRESH_COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
}

/** The Set-Cookie header: HttpOnly, SameSite=Strict, the auth path only, Secure over https. */
export function serializeRefreshCookie(cookie: RefreshCookie, secure: boolean, nowMs = Date.now()): string {
  const value = `${REFRESH_COOKIE_NAME}=${cookie.endsAt ?? 0}.${cookie.token}`;
  if (cookie.endsAt === null) return [value, ...attributes(secure)].join('; ');
  const maxAge = Math.max(0, cookie.endsAt - Math.floor(nowMs / 1000));
  return [value, `Max-Age=${maxAge}`, ...attributes(secure)].join('; ');
}

/** The Set-Cookie header that removes the refresh cookie (logout, a session that is over). */
export function clearedRefreshCookie(secure: boolean): string {
  return [`${REFRESH_COOKIE_NAME}=`, 'Max-Age=0', ...attributes(secure)].join('; ');
}
