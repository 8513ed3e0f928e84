import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID } from '@blok/contract';
import { DIALECTS, PASSWORD, bearer, createTestApp, login, newDeviceId, refresh, registerUser, uniqueEmail, type TestContext } from '../helpers.ts';

describe.each(DIALECTS)('accounts on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_IP: '1000', REGISTER_RATE_LIMIT_IP: '1000' });
  });
  afterAll(async () => ctx?.close());

  it('registers with form data and answers a token response', async () => {
    const { res } = await registerUser(ctx.app);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(typeof body.access_token).toBe('string');
    expect(body.refresh_token.length).toBeGreaterThan(30);
  });

  it('accepts multipart form data for register, as the web app sends it', async () => {
    const boundary = '----blok';
    const fields = {
      device_id: newDeviceId(),
      grant_type: 'external_register',
      client_id: CLIENT_ID,
      email: uniqueEmail(),
      password: PASSWORD,
      university: 'ul',
      study: 'rechtsgeleerdheid',
      year: 'bachelor-1',
    };
    const payload =
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}--\r\n`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a duplicate e-mail (any case) with email_already_exist', async () => {
    const { email } = await registerUser(ctx.app);
    const { res } = await registerUser(ctx.app, { email: email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'email_already_exist',
      error_description: 'Er bestaat al een account met dit e-mailadres, ga naar de login pagina',
    });
  });

  it('refuses a short password and an invalid e-mail with the spec codes', async () => {
    const short = await registerUser(ctx.app, { password: 'kort1!' });
    expect(short.res.statusCode).toBe(400);
    expect(short.res.json().error).toBe('invalid_password_length');
    const bad = await registerUser(ctx.app, { email: 'geen-adres' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().error).toBe('invalid_email');
  });

  it('refuses an unknown catalogue choice and a wrong client id', async () => {
    const wrong = await registerUser(ctx.app, { university: 'tiu', study: 'geneeskunde' });
    expect(wrong.res.statusCode).toBe(400);
    expect(wrong.res.json().error).toBe('invalid_request');
    const client = await registerUser(ctx.app, { client_id: 'someone-else' });
    expect(client.res.statusCode).toBe(401);
    expect(client.res.json().error).toBe('invalid_client');
  });

  it('answers malformed requests with 400 invalid_request, never 500', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { grant_type: 'password' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
    const grant = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { grant_type: 'implicit', client_id: CLIENT_ID } });
    expect(grant.statusCode).toBe(400);
    const junk = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{not json', headers: { 'content-type': 'application/json' } });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error).toBe('invalid_request');
  });

  it('logs in with the right password and refuses a wrong one', async () => {
    const { email } = await registerUser(ctx.app);
    const ok = await login(ctx.app, { username: email, password: PASSWORD, device_id: newDeviceId() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toBeTruthy();
    const wrong = await login(ctx.app, { username: email, password: 'Verkeerd#123', device_id: newDeviceId() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_credentials', error_description: 'Ongeldige combinatie van gebruikersnaam en wachtwoord' });
    const unknown = await login(ctx.app, { username: uniqueEmail('niemand'), password: PASSWORD, device_id: newDeviceId() });
    expect(unknown.json().error).toBe('invalid_credentials');
  });

  it('accepts the external_password grant like password', async () => {
    const { email } = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { grant_type: 'external_password', client_id: CLIENT_ID, client_secret: '', device_id: newDeviceId(), username: email, password: PASSWORD, persistent: '1' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('rotates the refresh token on every use', async () => {
    const { tokens } = await registerUser(ctx.app);
    const first = await refresh(ctx.app, tokens!.refresh_token);
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refresh_token).not.toBe(tokens!.refresh_token);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(next.access_token) });
    expect(profile.statusCode).toBe(200);
    const second = await refresh(ctx.app, next.refresh_token);
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const { tokens } = await registerUser(ctx.app);
    const rotated = (await refresh(ctx.app, tokens!.refresh_token)).json();
    const reuse = await refresh(ctx.app, tokens!.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_grant');
    // the legitimate successor is now dead too
    const successor = await refresh(ctx.app, rotated.refresh_token);
    expect(successor.statusCode).toBe(400);
    expect(successor.json().error).toBe('invalid_grant');
  });

  it('refuses an unknown refresh token', async () => {
    const res = await refresh(ctx.app, 'bestaat-niet-'.repeat(3));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('signs out the first device when the user logs in on a second one', async () => {
    const { email, deviceId, tokens } = await registerUser(ctx.app);
    const before = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(tokens!.access_token) });
    expect(before.statusCode).toBe(200);
    expect(before.headers.deviceid).toBe(deviceId);

    const secondDevice = newDeviceId();
    const second = await login(ctx.app, { username: email, password: PASSWORD, device_id: secondDevice });
    expect(second.statusCode).toBe(200);

    const first = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(tokens!.access_token) });
    expect(first.statusCode).toBe(401);
    expect(first.json().error).toBe('device_revoked');
    expect(first.headers.deviceid).toBe(secondDevice);

    const oldRefresh = await refresh(ctx.app, tokens!.refresh_token);
    expect(oldRefresh.statusCode).toBe(401);
    expect(oldRefresh.json().error).toBe('device_revoked');
    expect(oldRefresh.headers.deviceid).toBe(secondDevice);

    const current = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(second.json().access_token) });
    expect(current.statusCode).toBe(200);
    expect(current.headers.deviceid).toBe(secondDevice);
  });

  it('logout revokes the refresh token family', async () => {
    const { tokens } = await registerUser(ctx.app);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: tokens!.refresh_token } });
    expect(out.statusCode).toBe(204);
    expect((await refresh(ctx.app, tokens!.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('reads the profile with the spec fields and a default picture', async () => {
    const { tokens, email } = await registerUser(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(tokens!.access_token) });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      email,
      firstName: '',
      lastName: '',
      middleName: '',
      roleId: 1,
      hasSubscription: false,
      profilePictureUrl: '/images/default-profile.svg',
      university: 'uva',
      study: 'psychologie',
      year: 'bachelor-1',
    });
    for (const key of ['id', 'accountUrl', 'subscriptionUrl', 'createdAt']) expect(typeof p[key]).toBe('string');
    expect(Number.isNaN(Date.parse(p.createdAt))).toBe(false);
  });

  it('refuses the profile without a token or with a forged one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/profile' })).json().error).toBe('unauthorized');
    const forged = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer('eyJhbGciOiJIUzI1NiJ9.e30.abc') });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe('invalid_token');
  });

  it('deletes the account with everything personal, after which nothing works', async () => {
    const { tokens, email } = await registerUser(ctx.app);
    const del = await ctx.app.inject({ method: 'DELETE', url: '/api/user/profile', headers: bearer(tokens!.access_token), payload: { password: PASSWORD } });
    expect(del.statusCode).toBe(204);
    const count = async (table: 'users' | 'devices' | 'refresh_tokens', col: 'email' | 'user_id', val: string) =>
      (await ctx.handle.db.selectFrom(table).select(ctx.handle.db.fn.countAll().as('n')).where(col, '=', val).executeTakeFirstOrThrow()).n;
    expect(Number(await count('users', 'email', email))).toBe(0);
    expect((await refresh(ctx.app, tokens!.refresh_token)).statusCode).toBe(400);
    expect((await login(ctx.app, { username: email, password: PASSWORD, device_id: newDeviceId() })).json().error).toBe('invalid_credentials');
    const again = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(tokens!.access_token) });
    expect(again.statusCode).toBe(401);
  });

  it('never stores a refresh token in the clear', async () => {
    const { tokens } = await registerUser(ctx.app);
    const rows = await ctx.handle.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === tokens!.refresh_token)).toBe(false);
  });
});

describe.each(DIALECTS)('login rate limiting on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_IP: '6', LOGIN_RATE_LIMIT_ACCOUNT: '3', REGISTER_RATE_LIMIT_IP: '100' });
  });
  afterAll(async () => ctx?.close());

  it('limits failed attempts per account with 429, Retry-After and a Dutch message', async () => {
    const { email } = await registerUser(ctx.app);
    for (let i = 0; i < 3; i++) {
      const r = await login(ctx.app, { username: email, password: 'Fout#0000', device_id: newDeviceId(), ip: `10.0.0.${i + 1}` });
      expect(r.statusCode).toBe(400);
    }
    const blocked = await login(ctx.app, { username: email, password: PASSWORD, device_id: newDeviceId(), ip: '10.0.0.9' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('too_many_requests');
    expect(blocked.json().error_description).toMatch(/Te veel pogingen/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits attempts per IP address', async () => {
    const { email } = await registerUser(ctx.app);
    const ip = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push((await login(ctx.app, { username: email, password: PASSWORD, device_id: newDeviceId(), ip })).statusCode);
    }
    expect(codes.slice(0, 6).every((c) => c === 200)).toBe(true);
    expect(codes[6]).toBe(429);
  });
});
