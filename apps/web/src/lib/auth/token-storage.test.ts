import { describe, expect, it } from 'vitest';
import {
  LEGACY_REFRESH_COOKIE,
  LOCAL_KEY,
  TOKEN_COOKIE,
  clearAuthStorage,
  forgetLegacyRefreshToken,
  getAccessToken,
  getAccessTokenExpiresAt,
  getLegacyRefreshToken,
  isAuthenticated,
  markSignedIn,
  readFreshTokens,
  storeTokens,
} from './token-storage.ts';
import { testTokens } from '../../testing/fixtures.ts';

/** What another writer (another tab, the browser) puts in the cookie jar. */
const setCookie = (name: string, value: string) => (document.cookie = `${name}=${value}; Path=/`);
const removeCookie = (name: string) => (document.cookie = `${name}=; Path=/; Max-Age=0`);

describe('token storage', () => {
  it('is authenticated only while an access token exists and its expiry is later than now', async () => {
    const now = Date.UTC(2025, 0, 1, 12, 0, 0);
    expect(isAuthenticated(now)).toBe(false);

    storeTokens({ ...testTokens, expires_in: 60 }, now);
    expect(getAccessTokenExpiresAt()).toBe(now + 60_000);
    expect(isAuthenticated(now)).toBe(true);
    expect(isAuthenticated(now + 59_999)).toBe(true);
    expect(isAuthenticated(now + 60_000)).toBe(false);
    expect(isAuthenticated(now + 120_000)).toBe(false);

    // written by someone else (another tab): seen from the next run on
    removeCookie(TOKEN_COOKIE.accessToken);
    await Promise.resolve();
    expect(isAuthenticated(now)).toBe(false);
  });

  it('never keeps a refresh token where a script reads it, even when an answer carries one', async () => {
    storeTokens({ ...testTokens, refresh_token: 'refresh-in-the-json' } as typeof testTokens);
    await Promise.resolve();
    expect(document.cookie).toContain('access_token=access-1');
    expect(document.cookie).not.toContain('refresh');
    // only a marker without a secret says she is signed in, for the server's choice of first screen
    expect(document.cookie).toContain('signed_in=1');
    expect(JSON.stringify({ ...localStorage })).not.toContain('refresh');
  });

  it('reads document.cookie once per synchronous run; its own writes at once, another writer from the next run', async () => {
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    let reads = 0;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get() {
        reads += 1;
        return cookie.get!.call(this);
      },
      set(value: string) {
        cookie.set!.call(this, value);
      },
    });
    try {
      storeTokens(testTokens);
      await Promise.resolve();
      reads = 0;
      expect(getAccessToken()).toBe('access-1');
      expect(isAuthenticated()).toBe(true);
      expect(getAccessTokenExpiresAt()).not.toBeNull();
      expect(reads).toBe(1);

      // its own writes: at once
      storeTokens({ ...testTokens, access_token: 'access-2' });
      expect(getAccessToken()).toBe('access-2');
      clearAuthStorage();
      expect(getAccessToken()).toBeUndefined();

      // another writer (another tab refreshing): from the next run, or at once after readFreshTokens
      storeTokens(testTokens);
      expect(getAccessToken()).toBe('access-1');
      setCookie(TOKEN_COOKIE.accessToken, 'access-other');
      expect(getAccessToken()).toBe('access-1');
      readFreshTokens();
      expect(getAccessToken()).toBe('access-other');
      setCookie(TOKEN_COOKIE.accessToken, 'access-third');
      await Promise.resolve();
      expect(getAccessToken()).toBe('access-third');
      // written and read back whatever its characters: '=', ';', '%', accents and quotes
      storeTokens({ ...testTokens, access_token: 'a=b;%c é"' });
      expect(getAccessToken()).toBe('a=b;%c é"');
      // a value js-cookie wrote before (its encoding: only what a cookie cannot hold escaped)
      setCookie(TOKEN_COOKIE.accessToken, 'eyJ.a-b_c%3Bd');
      readFreshTokens();
      expect(getAccessToken()).toBe('eyJ.a-b_c;d');
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
    }
  });

  it('reads and removes the readable refresh token of before the HttpOnly cookie', () => {
    setCookie(LEGACY_REFRESH_COOKIE, 'legacy-1');
    readFreshTokens();
    expect(getLegacyRefreshToken()).toBe('legacy-1');
    forgetLegacyRefreshToken();
    expect(getLegacyRefreshToken()).toBeUndefined();
    expect(document.cookie).not.toContain('refresh_token');
  });

  it('keeps the local keys spelled as the spec does and clears them, but not the device id, on sign-out', () => {
    localStorage.setItem(LOCAL_KEY.deviceId, 'device-1234');
    markSignedIn();
    storeTokens(testTokens);
    setCookie(LEGACY_REFRESH_COOKIE, 'legacy-1');
    expect(localStorage.getItem('provider')).toBeTruthy();
    expect(localStorage.getItem('keep_me_logged_in')).toBe('1');
    expect(localStorage.getItem('is_authenticated')).toBe('true');

    clearAuthStorage();
    expect(document.cookie).toBe('');
    expect(getAccessToken()).toBeUndefined();
    expect(localStorage.getItem('provider')).toBeNull();
    expect(localStorage.getItem('keep_me_logged_in')).toBeNull();
    expect(localStorage.getItem('is_authenticated')).toBeNull();
    expect(localStorage.getItem('device_id')).toBe('device-1234');
  });
});
