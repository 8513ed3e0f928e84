import { describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import {
  LOCAL_KEY,
  TOKEN_COOKIE,
  clearAuthStorage,
  getAccessToken,
  getAccessTokenExpiresAt,
  getRefreshToken,
  isAuthenticated,
  markSignedIn,
  readFreshTokens,
  storeTokens,
} from './token-storage.ts';
import { testTokens } from '../../testing/fixtures.ts';

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
    Cookies.remove(TOKEN_COOKIE.accessToken, { path: '/' });
    await Promise.resolve();
    expect(isAuthenticated(now)).toBe(false);
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
      expect(getRefreshToken()).toBe('refresh-1');
      expect(reads).toBe(1);

      // its own writes: at once
      storeTokens({ ...testTokens, access_token: 'access-2', refresh_token: 'refresh-2' });
      expect(getAccessToken()).toBe('access-2');
      clearAuthStorage();
      expect(getAccessToken()).toBeUndefined();

      // another writer (another tab rotating the pair): from the next run, or at once after readFreshTokens
      storeTokens(testTokens);
      expect(getRefreshToken()).toBe('refresh-1');
      Cookies.set(TOKEN_COOKIE.refreshToken, 'refresh-other', { path: '/' });
      expect(getRefreshToken()).toBe('refresh-1');
      readFreshTokens();
      expect(getRefreshToken()).toBe('refresh-other');
      Cookies.set(TOKEN_COOKIE.refreshToken, 'refresh-third', { path: '/' });
      await Promise.resolve();
      expect(getRefreshToken()).toBe('refresh-third');
      // read as js-cookie reads it: '=' and encoded characters in a value
      Cookies.set(TOKEN_COOKIE.accessToken, 'a=b;%c é"', { path: '/' });
      await Promise.resolve();
      expect(getAccessToken()).toBe(Cookies.get(TOKEN_COOKIE.accessToken));
      expect(getAccessToken()).toBe('a=b;%c é"');
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
    }
  });

  it('keeps the local keys spelled as the spec does and clears them, but not the device id, on sign-out', async () => {
    localStorage.setItem(LOCAL_KEY.deviceId, 'device-1234');
    markSignedIn();
    storeTokens(testTokens);
    expect(localStorage.getItem('provider')).toBeTruthy();
    expect(localStorage.getItem('keep_me_logged_in')).toBe('1');
    expect(localStorage.getItem('is_authenticated')).toBe('true');
    expect(Cookies.get(TOKEN_COOKIE.refreshToken)).toBe('refresh-1');

    clearAuthStorage();
    expect(Cookies.get(TOKEN_COOKIE.accessToken)).toBeUndefined();
    expect(Cookies.get(TOKEN_COOKIE.refreshToken)).toBeUndefined();
    expect(localStorage.getItem('provider')).toBeNull();
    expect(localStorage.getItem('keep_me_logged_in')).toBeNull();
    expect(localStorage.getItem('is_authenticated')).toBeNull();
    expect(localStorage.getItem('device_id')).toBe('device-1234');
  });
});
