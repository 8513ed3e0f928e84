import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../lib/auth/session.ts';
import { PENDING_LOGOUT_KEY, isMarkedSignedIn } from '../../../lib/auth/token-storage.ts';
import { sendPendingLogout } from '../../../lib/auth/pending-logout.ts';
import { mockApi } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';
import { logout } from './logout.ts';
import { login } from './login.ts';
import { register } from './register.ts';

const calls = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost').pathname);

/**
 * The refresh token is the API's HttpOnly cookie (decision 034): only the logout call's answer
 * clears it. A logout without a connection signs her out here and sends the call once it can.
 */
describe('logout and the refresh cookie', () => {
  it('asks the API to revoke the session and clear its cookie, naming no token', async () => {
    await signIn(testTokens);
    const fetchSpy = mockApi([{ method: 'POST', path: 'auth/logout', status: 204 }]);
    await logout();
    expect(calls(fetchSpy)).toEqual(['/api/auth/logout']);
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({});
    expect(new Headers(init?.headers).get('blok-refresh-cookie')).toBe('1');
    expect(isMarkedSignedIn()).toBe(false);
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
  });

  it('offline: signs out here at once and sends the logout when the connection is back', async () => {
    await signIn(testTokens);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await logout();
    expect(isMarkedSignedIn()).toBe(false);
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBe('1');
    // still offline: nothing is sent
    const offlineSpy = mockApi([]);
    await sendPendingLogout();
    expect(offlineSpy).not.toHaveBeenCalled();

    online.mockReturnValue(true);
    const fetchSpy = mockApi([{ method: 'POST', path: 'auth/logout', status: 204 }]);
    await sendPendingLogout();
    expect(calls(fetchSpy)).toEqual(['/api/auth/logout']);
    expect(new Headers(fetchSpy.mock.calls[0]?.[1]?.headers).get('blok-refresh-cookie')).toBe('1');
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
    await sendPendingLogout();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('sends a waiting logout before a new sign-in, so its answer cannot clear the new cookie', async () => {
    localStorage.setItem(PENDING_LOGOUT_KEY, '1');
    const fetchSpy = mockApi([
      { method: 'POST', path: 'auth/logout', status: 204 },
      { method: 'POST', path: 'auth/login', body: testTokens },
      { method: 'POST', path: 'auth/register', body: testTokens },
    ]);
    await login({ email: 'student@example.nl', password: 'Geheim#2024' });
    expect(calls(fetchSpy)).toEqual(['/api/auth/logout', '/api/auth/login']);
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
    // the login keeps her logged in: the API makes the refresh cookie outlive the browser
    expect((fetchSpy.mock.calls[1]?.[1]?.body as FormData).get('persistent')).toBe('1');

    localStorage.clear();
    localStorage.setItem(PENDING_LOGOUT_KEY, '1');
    await register({ email: 'nieuw@example.nl', password: 'Geheim#2024', university: 'uva', study: 'psychologie', year: 'bachelor-1' });
    expect(calls(fetchSpy).slice(2)).toEqual(['/api/auth/logout', '/api/auth/register']);
    expect((fetchSpy.mock.calls[3]?.[1]?.body as FormData).get('persistent')).toBe('1');
  });

  it('forgets a waiting logout the API refused (nothing left to revoke)', async () => {
    localStorage.setItem(PENDING_LOGOUT_KEY, '1');
    mockApi([{ method: 'POST', path: 'auth/logout', status: 400, body: { error: 'invalid_request', error_description: 'x' } }]);
    await sendPendingLogout();
    expect(localStorage.getItem(PENDING_LOGOUT_KEY)).toBeNull();
  });
});
