import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH } from '@blok/contract';
import { validateValue } from '@blok/contract/validation/index';
import { DIALECTS, createTestApp, login, newDeviceId, registerUser, signedInUser, PASSWORD, type TestContext } from '../helpers.ts';

// Issue 13: a password of 500 characters, or one of emoji, gets a clear Dutch message (never the
// generic invalid_request), and the server holds the same ceiling as the forms: MAX_PASSWORD_LENGTH
// characters, where an emoji counts as one.
const TOO_LONG = { error: 'password_too_long', error_description: `Je wachtwoord mag maximaal ${MAX_PASSWORD_LENGTH} tekens lang zijn` };
const formRule = `required|maxLength:${MAX_PASSWORD_LENGTH}|passwordSecurity`;

describe.each(DIALECTS)('the password ceiling on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_IP: '1000', REGISTER_RATE_LIMIT_IP: '1000' });
  });
  afterAll(async () => ctx?.close());

  it('refuses a 500-character password at registration with password_too_long, as the form does', async () => {
    const password = `Geheim#1${'a'.repeat(492)}`;
    expect(validateValue(password, formRule, { fieldName: 'password', locale: 'nl' })).toBe('Gebruik maximaal 256 tekens');
    const { res } = await registerUser(ctx.app, { password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TOO_LONG);
  });

  it('counts an emoji as one character: 200 emoji fit, 300 do not', async () => {
    const fits = `Geheim#1${'😀'.repeat(200)}`; // 208 characters, 408 UTF-16 units
    expect(validateValue(fits, formRule, { fieldName: 'password', locale: 'nl' })).toBe(true);
    const email = `emoji.${Date.now()}@example.nl`;
    const ok = await registerUser(ctx.app, { email, password: fits });
    expect(ok.res.statusCode, ok.res.body).toBe(200);
    expect((await login(ctx.app, { username: email, password: fits, device_id: newDeviceId() })).statusCode).toBe(200);

    const over = `Geheim#1${'😀'.repeat(300)}`;
    expect(validateValue(over, formRule, { fieldName: 'password', locale: 'nl' })).not.toBe(true);
    const { res } = await registerUser(ctx.app, { password: over });
    expect(res.json()).toEqual(TOO_LONG);
  });

  it('accepts exactly the ceiling', async () => {
    const password = `Geheim#1${'b'.repeat(MAX_PASSWORD_LENGTH - 8)}`;
    expect((await registerUser(ctx.app, { password })).res.statusCode).toBe(200);
  });

  it('answers a too-long login password with invalid_credentials, not a generic error', async () => {
    const res = await login(ctx.app, { username: 'niemand@example.nl', password: 'x'.repeat(500), device_id: newDeviceId() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_credentials');
  });

  it('refuses a too-long new password when changing it', async () => {
    const user = await signedInUser(ctx.app);
    const newPassword = `Nieuw#2025${'c'.repeat(490)}`;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: user.headers,
      payload: { currentPassword: PASSWORD, newPassword, newPasswordConfirmation: newPassword },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TOO_LONG);
  });
});
