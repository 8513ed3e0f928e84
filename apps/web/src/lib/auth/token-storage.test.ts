import { describe, expect, it } from 'vitest';
import Cookies from 'js-cookie';
import {
  LOCAL_KEY,
  TOKEN_COOKIE,
  clearAuthStorage,
  getAccessTokenExpiresAt,
  isAuthenticated,
  markSignedIn,
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

    Cookies.remove(TOKEN_COOKIE.accessToken, { path: '/' });
    expect(isAuthenticated(now)).toBe(false);
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
