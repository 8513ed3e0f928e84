import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { CLIENT_ID, type TokenResponse } from '@blok/contract';
import { DIALECTS, bearer, createTestApp, registerUser, type TestContext } from '../helpers.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const SECRET = 'sessions-test-secret-0123456789abcdef0123456789abcdef';

/** Issue 8 defects 7, 8 and 10 (JWT): sign-out takes effect at once; a lost refresh answer is forgiven. */
describe.each(DIALECTS)('sessions on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { JWT_SECRET: SECRET, REGISTER_RATE_LIMIT_IP: '1000' });
  });
  afterAll(async () => ctx?.close());

  const refreshWith = (token: string, deviceId?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: FORM,
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: CLIENT_ID, client_secret: '', ...(deviceId ? { device_id: deviceId } : {}) }).toString(),
    });
  const profile = (accessToken: string) => ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(accessToken) });

  it('signs the device out at logout: its access token answers 401 at once', async () => {
    const { tokens } = await registerUser(ctx.app);
    expect((await profile(tokens!.access_token)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: tokens!.refresh_token } });
    expect(out.statusCode).toBe(204);
    const after = await profile(tokens!.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('signs the device out when a reused refresh token is detected', async () => {
    const { tokens, deviceId } = await registerUser(ctx.app);
    const rotated = (await refreshWith(tokens!.refresh_token, deviceId)).json() as TokenResponse;
    expect((await profile(rotated.access_token)).statusCode).toBe(200);
    // the old token, from another device: a stolen copy
    expect((await refreshWith(tokens!.refresh_token, 'device-of-the-thief')).statusCode).toBe(400);
    const after = await profile(rotated.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'invalid_token' });
    expect((await refreshWith(rotated.refresh_token, deviceId)).statusCode).toBe(400);
  });

  it('gives a repeat of the just-rotated token from its own device the same successor (a lost answer)', async () => {
    const { tokens, deviceId } = await registerUser(ctx.app);
    const first = await refreshWith(tokens!.refresh_token, deviceId);
    const again = await refreshWith(tokens!.refresh_token, deviceId);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect((again.json() as TokenResponse).refresh_token).toBe((first.json() as TokenResponse).refresh_token);
    // the family lives on
    expect((await refreshWith((first.json() as TokenResponse).refresh_token, deviceId)).statusCode).toBe(200);
  });

  it('lets two tabs of one device refresh at once with the same token and both stay signed in', async () => {
    const { tokens, deviceId } = await registerUser(ctx.app);
    const [a, b] = await Promise.all([refreshWith(tokens!.refresh_token, deviceId), refreshWith(tokens!.refresh_token, deviceId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((a.json() as TokenResponse).refresh_token).toBe((b.json() as TokenResponse).refresh_token);
    expect((await profile((b.json() as TokenResponse).access_token)).statusCode).toBe(200);
  });

  it('revokes the family for a repeat after the reuse interval', async () => {
    const { tokens, deviceId } = await registerUser(ctx.app);
    const first = (await refreshWith(tokens!.refresh_token, deviceId)).json() as TokenResponse;
    await ctx.handle.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - 11_000).toISOString() })
      .where('used_at', 'is not', null)
      .where('revoked_at', 'is', null)
      .execute();
    expect((await refreshWith(tokens!.refresh_token, deviceId)).statusCode).toBe(400);
    expect((await refreshWith(first.refresh_token, deviceId)).statusCode).toBe(400);
  });

  it('refuses access tokens without exp, living longer than configured, or issued in the future', async () => {
    const { tokens } = await registerUser(ctx.app);
    const { sub, dev } = JSON.parse(Buffer.from(tokens!.access_token.split('.')[1]!, 'base64url').toString()) as { sub: string; dev: string };
    const key = new TextEncoder().encode(SECRET);
    const base = () => new SignJWT({ dev }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuer('blok').setAudience('blok-api');
    const now = Math.floor(Date.now() / 1000);
    const forged = [
      await base().setIssuedAt().sign(key), // no exp
      await base().setIssuedAt().setExpirationTime('30d').sign(key), // too long
      await base().setIssuedAt(now + 3600).setExpirationTime(now + 3600 + 600).sign(key), // from the future
      await base().setExpirationTime('10m').sign(key), // no iat
    ];
    for (const token of forged) expect((await profile(token)).statusCode).toBe(401);
    const proper = await base().setIssuedAt().setExpirationTime('10m').sign(key);
    expect((await profile(proper)).statusCode).toBe(200);
  });
});
