import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateValue } from '@blok/contract/validation/index';
import { DIALECTS, createTestApp, login, newDeviceId, registerUser, uniqueEmail, type TestContext } from '../helpers.ts';

// The registration form checks `required|email` and `required|passwordSecurity` (spec section 5);
// the API must refuse what the form refuses, with the same rules, whoever calls it.
describe.each(DIALECTS)('registration applies the forms’ e-mail and password policy on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_IP: '1000', REGISTER_RATE_LIMIT_IP: '1000' });
  });
  afterAll(async () => ctx?.close());

  it('refuses aaaaaaaa with weak_password and the Dutch text, and creates no account', async () => {
    const email = uniqueEmail();
    const { res } = await registerUser(ctx.app, { email, password: 'aaaaaaaa' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'weak_password', error_description: 'Dit wachtwoord komt niet overeen met het veiligheidsbeleid' });
    expect((await login(ctx.app, { username: email, password: 'aaaaaaaa', device_id: newDeviceId() })).statusCode).not.toBe(200);
    // The address is still free: the refused call stored nothing.
    expect((await registerUser(ctx.app, { email })).res.statusCode).toBe(200);
  });

  it('refuses a password without a letter, a digit or a special character', async () => {
    for (const password of ['12345!!!', 'geheimpje!', 'geheim123', 'wacht@woord1']) {
      const { res } = await registerUser(ctx.app, { password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error, password).toBe('weak_password');
    }
  });

  it('keeps invalid_password_length for a password under 8 characters', async () => {
    const { res } = await registerUser(ctx.app, { password: 'ab1!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_password_length');
  });

  it('answers exactly as the form rule does, for every password', async () => {
    const passwords = ['Geheim#2024', 'mijn wacht"woord 7', 'ébène12?', 'aaaaaaaa', 'Wachtwoord12', 'wacht woord', 'A1%😀😀😀😀😀', 'A1%😀😀😀😀'];
    for (const password of passwords) {
      const formAccepts = validateValue(password, 'required|passwordSecurity', { fieldName: 'password', locale: 'nl' }) === true;
      const { res } = await registerUser(ctx.app, { password });
      expect(res.statusCode === 200, password).toBe(formAccepts);
      if (!formAccepts) expect(res.json().error, password).toMatch(/^(weak_password|invalid_password_length)$/);
    }
  });

  it('refuses an e-mail address the form refuses with invalid_email', async () => {
    for (const email of ['anna..de.vries@uva.nl', '.anna@uva.nl', 'anna@uva.n', 'anna@-uva.nl', `${'a'.repeat(65)}@uva.nl`]) {
      expect(validateValue(email, 'required|email', { fieldName: 'email', locale: 'nl' }), email).not.toBe(true);
      const { res } = await registerUser(ctx.app, { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json(), email).toEqual({ error: 'invalid_email', error_description: 'Ongeldig e-mailadres' });
    }
  });
});
