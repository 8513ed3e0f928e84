import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getGlobalApiError } from './api-error.ts';
import { EARLY_READ_TTL_MS, REFRESH_SETTLE_MS, api, fetchEarly, refreshTokens } from './api-client.ts';
import { AUTO_LOGOUT_FLAG_KEY, onSessionEvent, signIn, type SessionEvent } from './auth/session.ts';
import { LEGACY_REFRESH_COOKIE, TOKEN_COOKIE, getAccessToken, isAuthenticated, markSignedIn, readFreshTokens } from './auth/token-storage.ts';
import { getDeviceId } from './device-id.ts';
import { loadAuthContract } from './auth/auth-contract.ts';
import { mockApi } from '../testing/test-utils.tsx';
import { testTokens } from '../testing/fixtures.ts';

const events: SessionEvent[] = [];
let stop: () => void = () => undefined;

// The refresh path loads the zod schemas lazily. Load them once up front, so that the fake timers
// below only have to drive the refresh's own 500 ms settle delay, not a module load.
beforeAll(async () => {
  await loadAuthContract();
});

beforeEach(() => {
  events.length = 0;
  stop = onSessionEvent((event) => events.push(event));
});
afterEach(() => stop());

async function signInForTest() {
  await signIn(testTokens);
  return getDeviceId();
}

describe('api client', () => {
  it('signs out and raises the automatic-logout flag when the deviceid header differs from this device', async () => {
    await signInForTest();
    mockApi([{ path: 'user/profile', body: { id: 'u1' }, headers: { deviceid: 'another-device-0001' } }]);

    await expect(api.get('user/profile')).rejects.toMatchObject({ code: 'device_revoked' });

    expect(document.cookie).not.toContain(TOKEN_COOKIE.accessToken);
    expect(localStorage.getItem('is_authenticated')).toBeNull();
    expect(sessionStorage.getItem(AUTO_LOGOUT_FLAG_KEY)).toBe('1');
    expect(events).toContainEqual({ type: 'signed-out', reason: 'device-revoked' });
  });

  it('passes when the deviceid header matches, sending the bearer and accept-language headers', async () => {
    const deviceId = await signInForTest();
    const fetchSpy = mockApi([{ path: 'user/profile', body: { id: 'u1' }, headers: { deviceid: deviceId } }]);

    await expect(api.get('user/profile')).resolves.toEqual({ id: 'u1' });

    const headers = new Headers(fetchSpy.mock.calls[0]?.[1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer access-1');
    expect(headers.get('accept-language')).toBe('en');
    expect(isAuthenticated()).toBe(true);
    expect(events.filter((e) => e.type === 'signed-out')).toEqual([]);
  });

  it('treats a 401 device_revoked like a changed device', async () => {
    await signInForTest();
    mockApi([{ path: 'user/profile', status: 401, body: { error: 'device_revoked', error_description: 'x' } }]);
    await expect(api.get('user/profile')).rejects.toMatchObject({ code: 'device_revoked' });
    expect(sessionStorage.getItem(AUTO_LOGOUT_FLAG_KEY)).toBe('1');
  });

  it('skips the deviceid check and the error popup on auth paths, and asks for the refresh cookie there only', async () => {
    const deviceId = await signInForTest();
    const fetchSpy = mockApi([
      { method: 'POST', path: 'auth/logout', status: 204, headers: { deviceid: 'someone-else-01' } },
      { method: 'POST', path: 'auth/login', status: 400, body: { error: 'invalid_credentials', error_description: 'nope' } },
      { path: 'user/profile', body: { id: 'u1' }, headers: { deviceid: deviceId } },
    ]);
    await api.post('auth/logout', {});
    expect(localStorage.getItem('is_authenticated')).toBe('true');
    await expect(api.post('auth/login', new FormData())).rejects.toBeInstanceOf(ApiError);
    expect(getGlobalApiError()).toBeNull();
    await api.get('user/profile');
    const cookieHeader = fetchSpy.mock.calls.map((c) => new Headers(c[1]?.headers).get('blok-refresh-cookie'));
    expect(cookieHeader).toEqual(['1', '1', null]);
    expect(fetchSpy.mock.calls.map((c) => c[1]?.credentials)).toEqual(['same-origin', 'same-origin', 'same-origin']);
  });

  it('records other failures as the global API error, with the default text when the body has none', async () => {
    mockApi([
      { path: 'catalogue', status: 500, body: {} },
      { path: 'health', status: 409, body: { error: 'conflict', error_description: 'Bestaat al' } },
    ]);
    await expect(api.get('catalogue')).rejects.toMatchObject({ status: 500, code: 'unknown' });
    expect(getGlobalApiError()).toMatchObject({ code: 'unknown', message: 'An unknown error occurred' });
    await expect(api.get('health')).rejects.toMatchObject({ code: 'conflict' });
    expect(getGlobalApiError()).toMatchObject({ code: 'conflict', message: 'Bestaat al' });
  });

  it('on 401 invalid_token refreshes once with the HttpOnly refresh cookie, never a token of its own, and retries', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const deviceId = await signInForTest();
    let profileCalls = 0;
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/auth/login')) {
        const body = init?.body as URLSearchParams;
        expect(body.get('grant_type')).toBe('refresh_token');
        expect(body.has('refresh_token')).toBe(false);
        expect(body.get('client_secret')).toBe('');
        expect(body.get('device_id')).toBe(deviceId);
        // the browser sends the API's cookie with it: same origin, and the header that lets the API read it
        expect(init?.credentials).toBe('same-origin');
        expect(new Headers(init?.headers).get('blok-refresh-cookie')).toBe('1');
        return Response.json({ access_token: 'access-2', expires_in: 900, token_type: 'Bearer' });
      }
      profileCalls += 1;
      if (profileCalls === 1) return Response.json({ error: 'invalid_token', error_description: 'expired' }, { status: 401 });
      expect(new Headers(init?.headers).get('authorization')).toBe('Bearer access-2');
      return Response.json({ ok: true }, { headers: { deviceid: deviceId } });
    });
    vi.stubGlobal('fetch', fetchSpy);

    const result = api.get('user/profile');
    await vi.advanceTimersByTimeAsync(REFRESH_SETTLE_MS);
    await expect(result).resolves.toEqual({ ok: true });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    expect(getAccessToken()).toBe('access-2');
    expect(document.cookie).not.toContain('refresh');
  });

  it('hands a readable refresh token kept from before the cookie to the API once, then forgets it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    markSignedIn();
    document.cookie = `${LEGACY_REFRESH_COOKIE}=legacy-1; Path=/`;
    readFreshTokens();
    const bodies: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        bodies.push(init?.body as URLSearchParams);
        return Response.json({ access_token: `access-${bodies.length + 1}`, expires_in: 900, token_type: 'Bearer' });
      }),
    );
    const first = refreshTokens();
    await vi.advanceTimersByTimeAsync(REFRESH_SETTLE_MS);
    await expect(first).resolves.toBe(true);
    // she kept herself logged in: its cookie outlives the browser, as the readable one did
    expect(bodies[0]?.get('refresh_token')).toBe('legacy-1');
    expect(bodies[0]?.get('persistent')).toBe('1');
    expect(document.cookie).not.toContain('refresh_token');
    const second = refreshTokens();
    await vi.advanceTimersByTimeAsync(REFRESH_SETTLE_MS);
    await expect(second).resolves.toBe(true);
    expect(bodies[1]?.has('refresh_token')).toBe(false);
  });

  it('takes the access token another tab refreshed while this one waited for the lock, without a refresh of its own', async () => {
    await signInForTest();
    // another tab holds the refresh lock; when it lets go, it has stored a new access token
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const locks = {
      request: async (_name: string, callback: () => Promise<boolean>) => {
        await held;
        return callback();
      },
    };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { locks }));
    const fetchSpy = mockApi([]);
    const refreshed = refreshTokens();
    document.cookie = `${TOKEN_COOKIE.accessToken}=access-from-the-other-tab; Path=/`;
    release();
    await expect(refreshed).resolves.toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe('access-from-the-other-tab');
  });

  it('shares one refresh between concurrent callers (a rotated token must never be sent twice)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await signInForTest();
    const fetchSpy = mockApi([{ method: 'POST', path: 'auth/login', body: { access_token: 'a2', expires_in: 900, token_type: 'Bearer' } }]);
    const both = Promise.all([refreshTokens(), refreshTokens()]);
    await vi.advanceTimersByTimeAsync(REFRESH_SETTLE_MS);
    await expect(both).resolves.toEqual([true, true]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('signs out with reason refresh-failed when the token cannot be refreshed', async () => {
    await signInForTest();
    mockApi([
      { path: 'user/profile', status: 401, body: { error: 'invalid_token', error_description: 'expired' } },
      { method: 'POST', path: 'auth/login', status: 400, body: { error: 'invalid_grant', error_description: 'reused' } },
    ]);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(api.get('user/profile')).rejects.toMatchObject({ code: 'invalid_token' });
    expect(events).toContainEqual({ type: 'signed-out', reason: 'refresh-failed' });
    expect(sessionStorage.getItem(AUTO_LOGOUT_FLAG_KEY)).toBeNull();
  });

  it('after a password reset or change elsewhere (401 invalid_token, then invalid_grant) signs out plainly, whatever device the header names', async () => {
    await signInForTest();
    // The 401 of a device signed out by a password change still names the device that changed it.
    mockApi([
      { path: 'user/profile', status: 401, body: { error: 'invalid_token', error_description: 'Je sessie is beëindigd.' }, headers: { deviceid: 'changed-it-0001' } },
      { method: 'POST', path: 'auth/login', status: 400, body: { error: 'invalid_grant', error_description: 'Je sessie is verlopen.' } },
    ]);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(api.get('user/profile')).rejects.toMatchObject({ code: 'invalid_token' });
    expect(events.filter((e) => e.type === 'signed-out')).toEqual([{ type: 'signed-out', reason: 'refresh-failed' }]);
    expect(sessionStorage.getItem(AUTO_LOGOUT_FLAG_KEY)).toBeNull();
    expect(getGlobalApiError()).toBeNull();
  });

  it('sends a fresh Idempotency-Key with every write and none with reads', async () => {
    const deviceId = await signInForTest();
    const fetchSpy = mockApi([
      { method: 'PUT', path: 'library/vak-a', status: 204, headers: { deviceid: deviceId } },
      { path: 'library', body: { subjects: [] }, headers: { deviceid: deviceId } },
    ]);
    await api.put('library/vak-a');
    await api.put('library/vak-a');
    await api.get('library');
    const keys = fetchSpy.mock.calls.map((c) => new Headers(c[1]?.headers).get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeNull();
  });

  it('retries a write that lost its connection or met a 503 with the same Idempotency-Key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const deviceId = await signInForTest();
    let calls = 0;
    const fetchSpy = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      if (calls === 2) return Response.json({ error: 'database_unavailable', error_description: 'x' }, { status: 503 });
      return Response.json({ id: 's1' }, { status: 201, headers: { deviceid: deviceId } });
    });
    vi.stubGlobal('fetch', fetchSpy);
    const result = api.post('session/lijst/start', {}, null, { idempotencyKey: '0193a0b2-7c3d-4e5f-8a6b-0c1d2e3f4a5b' });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ id: 's1' });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    const keys = (fetchSpy.mock.calls as unknown as Array<[string, RequestInit]>).map((c) => new Headers(c[1].headers).get('idempotency-key'));
    expect(new Set(keys)).toEqual(new Set(['0193a0b2-7c3d-4e5f-8a6b-0c1d2e3f4a5b']));
  });

  it('keeps the Idempotency-Key when a write is retried after a token refresh', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const deviceId = await signInForTest();
    const keys: Array<string | null> = [];
    let answerCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/api/auth/login')) {
          return Response.json({ access_token: 'access-2', expires_in: 900, token_type: 'Bearer' });
        }
        keys.push(new Headers(init?.headers).get('idempotency-key'));
        answerCalls += 1;
        if (answerCalls === 1) return Response.json({ error: 'invalid_token', error_description: 'expired' }, { status: 401 });
        return Response.json({ ok: true }, { headers: { deviceid: deviceId } });
      }),
    );
    const result = api.post('question-list/l1/save-answer', { questionId: 'q1', answerId: 'a1' });
    await vi.advanceTimersByTimeAsync(REFRESH_SETTLE_MS);
    await expect(result).resolves.toEqual({ ok: true });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('early reads (decision 014, first-visit data)', () => {
  const paths = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost').pathname);

  it('asks once: the query takes the answer already under way instead of asking again', async () => {
    const deviceId = await signInForTest();
    const fetchSpy = mockApi([{ path: 'library', body: { subjects: ['s1'] }, headers: { deviceid: deviceId } }]);
    fetchEarly('library');
    fetchEarly('/api/library'); // the same read: not asked twice
    expect(paths(fetchSpy)).toEqual(['/api/library']);
    expect(new Headers(fetchSpy.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer access-1');
    await expect(api.get('library')).resolves.toEqual({ subjects: ['s1'] });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    // taken once: the next read asks the server
    await expect(api.get('library')).resolves.toEqual({ subjects: ['s1'] });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('asks nothing signed out or offline, and never for a token endpoint', async () => {
    const fetchSpy = mockApi([]);
    fetchEarly('library');
    await signInForTest();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fetchEarly('library');
    online.mockRestore();
    fetchEarly('auth/login');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('does not hand an answer to another session, nor one older than its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const deviceId = await signInForTest();
    const fetchSpy = mockApi([{ path: 'library', body: { n: 1 }, headers: { deviceid: deviceId } }, { path: 'user/profile', body: { id: 'u1' }, headers: { deviceid: deviceId } }]);
    fetchEarly('library');
    await signIn({ ...testTokens, access_token: 'access-other' });
    await api.get('library');
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchSpy.mock.calls[1]?.[1]?.headers).get('authorization')).toBe('Bearer access-other');

    fetchEarly('user/profile');
    vi.setSystemTime(Date.now() + EARLY_READ_TTL_MS + 1);
    await signIn({ ...testTokens, access_token: 'access-other' }); // still valid at the new time
    await api.get('user/profile');
    expect(paths(fetchSpy).filter((p) => p === '/api/user/profile')).toHaveLength(2);
  });

  it('asks again when the early request was lost, and handles its 401 like any answer (refresh, retry)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const deviceId = await signInForTest();
    let calls = 0;
    const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
      calls += 1;
      if (String(input).endsWith('/api/auth/login')) return Response.json({ access_token: 'access-2', expires_in: 900, token_type: 'Bearer' });
      if (calls === 1) throw new TypeError('Failed to fetch');
      if (calls === 3) return Response.json({ error: 'invalid_token', error_description: 'expired' }, { status: 401 });
      return Response.json({ ok: calls }, { headers: { deviceid: deviceId } });
    });
    vi.stubGlobal('fetch', fetchSpy);
    fetchEarly('library');
    await expect(api.get('library')).resolves.toEqual({ ok: 2 });
    fetchEarly('library'); // answered 401 (the third call)
    const read = api.get('library');
    await vi.advanceTimersByTimeAsync(REFRESH_SETTLE_MS);
    await expect(read).resolves.toEqual({ ok: 5 });
    expect(paths(fetchSpy)).toEqual(['/api/library', '/api/library', '/api/library', '/api/auth/login', '/api/library']);
  });
});
