import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, REFRESH_COOKIE_HEADER, REFRESH_TOKEN_LIFETIME_SECONDS, type TokenResponse } from '@blok/contract';
import { DIALECTS, PASSWORD, bearer, createTestApp, newDeviceId, registerUser, uniqueEmail, type TestContext } from '../helpers.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** What the web app sends with every token call (decision 034). */
const COOKIE_MODE = { [REFRESH_COOKIE_HEADER]: '1' };

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json: () => unknown;
}

/** Every Set-Cookie line of an answer. */
function setCookies(res: Answer): string[] {
  const header = res.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header.map(String) : [String(header)];
}

/** The answer's refresh cookie line, if it set one. */
function refreshLine(res: Answer): string | undefined {
  return setCookies(res).find((line) => line.startsWith('blok_refresh='));
}

/** The `name=value` a browser sends back for the refresh cookie. */
function refreshCookie(res: Answer): string {
  const line = refreshLine(res);
  if (!line) throw new Error(`no refresh cookie in ${JSON.stringify(setCookies(res))}`);
  return line.split(';')[0]!;
}

/** The refresh token inside a `blok_refresh=<ends>.<token>` cookie. */
const tokenOf = (cookie: string) => cookie.split('.').slice(1).join('.');

/** Issue 38 item 9: the refresh token in a cookie no script can read, for the web app. */
describe.each(DIALECTS)('the refresh cookie on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { TRUST_PROXY: '1', REGISTER_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_IP: '1000' });
  });
  afterAll(async () => ctx?.close());

  const login = (email: string, fields: Record<string, string> = {}, headers: Record<string, string> = COOKIE_MODE) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...FORM, ...headers },
      payload: new URLSearchParams({ grant_type: 'password', client_id: CLIENT_ID, client_secret: '', username: email, password: PASSWORD, device_id: newDeviceId(), ...fields }).toString(),
    });
  /** A refresh as the web app sends it: no token in the body, the cookie it keeps. */
  const refresh = (cookie: string | null, deviceId: string, headers: Record<string, string> = COOKIE_MODE, fields: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...FORM, ...(cookie ? { cookie } : {}), ...headers },
      payload: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, client_secret: '', device_id: deviceId, ...fields }).toString(),
    });
  const profile = (accessToken: string) => ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(accessToken) });
  /** A browser that registered and signed in, keeping herself logged in unless told otherwise. */
  async function signedIn(persistent = '1') {
    const { email } = await registerUser(ctx.app, { email: uniqueEmail('koek') });
    const deviceId = newDeviceId();
    const res = await login(email, { device_id: deviceId, ...(persistent ? { persistent } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return { email, deviceId, res, cookie: refreshCookie(res), tokens: res.json() as TokenResponse };
  }

  it('sets the refresh token as an HttpOnly, SameSite=Strict cookie of the auth path and leaves it out of the JSON', async () => {
    const { res, cookie, tokens } = await signedIn();
    expect(refreshLine(res)).toMatch(new RegExp(`^blok_refresh=\\d+\\.[\\w-]{43}; Max-Age=${REFRESH_TOKEN_LIFETIME_SECONDS}; Path=/api/auth; HttpOnly; SameSite=Strict$`));
    expect(tokens).toEqual({ access_token: expect.any(String), expires_in: 900, token_type: 'Bearer' });
    expect(res.body).not.toContain(tokenOf(cookie));
    // the device cookie (decision 017) still comes with it
    expect(setCookies(res).some((line) => line.startsWith('blok_device_'))).toBe(true);
    expect((await profile(tokens.access_token)).statusCode).toBe(200);
  });

  it('makes it a session cookie when she did not keep herself logged in', async () => {
    for (const persistent of ['', '0', 'false']) {
      const { res } = await signedIn(persistent);
      expect(refreshLine(res)).toMatch(/^blok_refresh=0\.[\w-]{43}; Path=\/api\/auth; HttpOnly; SameSite=Strict$/);
    }
  });

  it('does the same on registration', async () => {
    const kept = await registerUser(ctx.app, { persistent: '1' }).then(({ res }) => res);
    expect(kept.statusCode).toBe(200);
    expect(refreshLine(kept)).toBeUndefined(); // without the header: the spec's JSON
    const register = (persistent: string | null) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { ...FORM, ...COOKIE_MODE },
        payload: new URLSearchParams({
          device_id: newDeviceId(),
          grant_type: 'external_register',
          client_id: CLIENT_ID,
          email: uniqueEmail('nieuw'),
          password: PASSWORD,
          university: 'uva',
          study: 'psychologie',
          year: 'bachelor-1',
          ...(persistent === null ? {} : { persistent }),
        }).toString(),
      });
    const persistentAnswer = await register('1');
    expect(persistentAnswer.statusCode, persistentAnswer.body).toBe(200);
    expect(refreshLine(persistentAnswer)).toMatch(new RegExp(`; Max-Age=${REFRESH_TOKEN_LIFETIME_SECONDS}; Path=/api/auth; HttpOnly; SameSite=Strict$`));
    expect(persistentAnswer.json()).not.toHaveProperty('refresh_token');
    const session = await register(null);
    expect(refreshLine(session)).toMatch(/^blok_refresh=0\.[\w-]+; Path=\/api\/auth; HttpOnly; SameSite=Strict$/);
  });

  it('marks it Secure when the request came over https through the trusted proxy', async () => {
    const { email } = await registerUser(ctx.app, { email: uniqueEmail('https') });
    const res = await login(email, { persistent: '1' }, { ...COOKIE_MODE, 'x-forwarded-for': '192.0.2.7', 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(refreshLine(res)).toMatch(/; Path=\/api\/auth; HttpOnly; SameSite=Strict; Secure$/);
    const plain = await login(email, { persistent: '1' });
    expect(refreshLine(plain)).not.toContain('Secure');
  });

  it('keeps the spec JSON, and sets no cookie, for a client without the header (the native wrapper)', async () => {
    const { email } = await registerUser(ctx.app, { email: uniqueEmail('native') });
    const res = await login(email, { persistent: '1' }, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access_token: expect.any(String), expires_in: 900, refresh_token: expect.stringMatching(/^[\w-]{43}$/), token_type: 'Bearer' });
    expect(refreshLine(res)).toBeUndefined();
  });

  it('refreshes with the cookie: rotated into a new cookie of the same kind and end, the JSON without it', async () => {
    const { cookie, deviceId } = await signedIn();
    const res = await refresh(cookie, deviceId);
    expect(res.statusCode, res.body).toBe(200);
    const next = refreshCookie(res);
    expect(tokenOf(next)).not.toBe(tokenOf(cookie));
    // the family's end stays where the login put it
    expect(next.split('=')[1]!.split('.')[0]).toBe(cookie.split('=')[1]!.split('.')[0]);
    const maxAge = Number(/Max-Age=(\d+)/.exec(refreshLine(res)!)![1]);
    expect(maxAge).toBeLessThanOrEqual(REFRESH_TOKEN_LIFETIME_SECONDS);
    expect(maxAge).toBeGreaterThan(REFRESH_TOKEN_LIFETIME_SECONDS - 60);
    const tokens = res.json() as TokenResponse;
    expect(tokens).not.toHaveProperty('refresh_token');
    expect((await profile(tokens.access_token)).statusCode).toBe(200);
    // and again with the new one
    expect((await refresh(next, deviceId)).statusCode).toBe(200);

    // a session cookie stays a session cookie
    const session = await signedIn('0');
    const rotated = await refresh(session.cookie, session.deviceId);
    expect(rotated.statusCode).toBe(200);
    expect(refreshLine(rotated)).toMatch(/^blok_refresh=0\.[\w-]{43}; Path=\/api\/auth; HttpOnly; SameSite=Strict$/);
  });

  it('reads the cookie only with the header: a cross-site form cannot refresh (CSRF)', async () => {
    const { cookie, deviceId } = await signedIn();
    const forged = await refresh(cookie, deviceId, {});
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: 'invalid_request' });
    expect(refreshLine(forged)).toBeUndefined();
    // the token was not used: the cookie still refreshes
    expect((await refresh(cookie, deviceId)).statusCode).toBe(200);
  });

  it('answers invalid_grant and clears the cookie when there is no cookie or a malformed one', async () => {
    for (const cookie of [null, 'blok_refresh=rommel', 'blok_refresh=1.a.b']) {
      const res = await refresh(cookie, newDeviceId());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_grant' });
      expect(refreshLine(res)).toBe('blok_refresh=; Max-Age=0; Path=/api/auth; HttpOnly; SameSite=Strict');
    }
  });

  it('gives a repeat of the just-rotated cookie from its own device the same successor (a lost answer)', async () => {
    const { cookie, deviceId } = await signedIn();
    const first = await refresh(cookie, deviceId);
    const again = await refresh(cookie, deviceId);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(refreshCookie(again)).toBe(refreshCookie(first));
  });

  it('detects a reused cookie token: the family is revoked, the device signed out and the cookie cleared', async () => {
    const { cookie, deviceId } = await signedIn();
    const rotated = await refresh(cookie, deviceId);
    const next = refreshCookie(rotated);
    const access = (rotated.json() as TokenResponse).access_token;
    // the old token, from another device: a stolen copy
    const stolen = await refresh(cookie, newDeviceId());
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ error: 'invalid_grant' });
    expect(refreshLine(stolen)).toMatch(/^blok_refresh=; Max-Age=0; Path=\/api\/auth;/);
    expect((await profile(access)).statusCode).toBe(401);
    const owner = await refresh(next, deviceId);
    expect(owner.statusCode).toBe(400);
    expect(refreshLine(owner)).toMatch(/^blok_refresh=; Max-Age=0;/);
  });

  it('clears the cookie when another device signed in (device_revoked)', async () => {
    const { email, cookie, deviceId } = await signedIn();
    expect((await login(email, { persistent: '1' })).statusCode).toBe(200);
    const res = await refresh(cookie, deviceId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'device_revoked' });
    expect(refreshLine(res)).toMatch(/^blok_refresh=; Max-Age=0;/);
  });

  it('sets the cookie again on a repeat of the Idempotency-Key, and refuses that key without the header', async () => {
    const { cookie, deviceId } = await signedIn();
    const key = randomUUID();
    const first = await refresh(cookie, deviceId, { ...COOKIE_MODE, 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    // the answer got lost: the browser still has the old cookie and sends the request again
    const replay = await refresh(cookie, deviceId, { ...COOKIE_MODE, 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(refreshCookie(replay)).toBe(refreshCookie(first));
    expect(replay.json()).not.toHaveProperty('refresh_token');
    // a script that saw the key cannot have the stored answer's token in the JSON
    const without = await refresh(cookie, deviceId, { 'idempotency-key': key });
    expect(without.statusCode).toBe(422);
    expect(without.body).not.toContain(tokenOf(refreshCookie(first)));
  });

  it('moves a token from the body into the cookie (a browser that kept it readable before)', async () => {
    const { email } = await registerUser(ctx.app, { email: uniqueEmail('oud') });
    const deviceId = newDeviceId();
    const old = (await login(email, { device_id: deviceId }, {})).json() as TokenResponse;
    const res = await refresh(null, deviceId, COOKIE_MODE, { refresh_token: old.refresh_token, persistent: '1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('refresh_token');
    expect(refreshLine(res)).toMatch(new RegExp(`Max-Age=${REFRESH_TOKEN_LIFETIME_SECONDS}; Path=/api/auth; HttpOnly; SameSite=Strict$`));
    expect((await refresh(refreshCookie(res), deviceId)).statusCode).toBe(200);
  });

  it('logs out with the cookie: the family is revoked and the cookie cleared', async () => {
    const { cookie, deviceId, tokens } = await signedIn();
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, ...COOKIE_MODE }, payload: {} });
    expect(out.statusCode).toBe(204);
    expect(refreshLine(out)).toBe('blok_refresh=; Max-Age=0; Path=/api/auth; HttpOnly; SameSite=Strict');
    expect((await profile(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(cookie, deviceId)).statusCode).toBe(400);
    // signed out already: nothing to revoke, the cookie is cleared all the same
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: COOKIE_MODE, payload: {} });
    expect(again.statusCode).toBe(204);
    expect(refreshLine(again)).toMatch(/^blok_refresh=; Max-Age=0;/);
    // without the header the cookie is not read: the body must name the token
    const forged = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie }, payload: {} });
    expect(forged.statusCode).toBe(400);
    expect(refreshLine(forged)).toBeUndefined();
  });
});
