import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, signedInUser, type TestContext } from '../helpers.ts';

const NAME = { firstName: 'Sanne', middleName: '', lastName: 'Dijk', university: 'uva', study: 'psychologie', year: 'bachelor-1' };

// Issue 26: a refused body names each field and says in Dutch which rule it breaks (the same rule
// and message the form uses); the description never carries a field's name.
describe.each(DIALECTS)('field errors on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_IP: '1000', REGISTER_RATE_LIMIT_IP: '1000' });
  });
  afterAll(async () => ctx?.close());

  const refuse = async (method: 'PUT' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload: object) => {
    const res = await ctx.app.inject({ method, url, headers, payload });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { error: string; error_description: string; fields: Array<{ field: string; message: string }> };
    expect(body.error).toBe('invalid_request');
    for (const { field } of body.fields) expect(body.error_description).not.toContain(field);
    expect(body.error_description).not.toMatch(/Ongeldige invoer voor|Invalid|expected/);
    return body;
  };

  it('names the profile field and the Dutch message of its rule', async () => {
    const { headers } = await signedInUser(ctx.app);
    const digits = await refuse('PUT', '/api/user/profile', headers, { ...NAME, firstName: 'Sanne2' });
    expect(digits.fields).toEqual([{ field: 'firstName', message: 'Gebruik alleen letters, spaties, streepjes en apostroffen' }]);
    expect(digits.error_description).toBe('Gebruik alleen letters, spaties, streepjes en apostroffen.');
    const both = await refuse('PUT', '/api/user/profile', headers, { ...NAME, firstName: ' ', lastName: 'x'.repeat(81) });
    expect(both.fields).toEqual([
      { field: 'firstName', message: 'Je moet een naam invoeren' },
      { field: 'lastName', message: 'Gebruik maximaal 80 tekens' },
    ]);
  });

  it('does the same for the password change, the push preferences and the deletion', async () => {
    const { headers } = await signedInUser(ctx.app);
    const password = await refuse('PUT', '/api/user/password', headers, { currentPassword: '', newPassword: 'Nieuw#2025x', newPasswordConfirmation: 'Nieuw#2025x' });
    expect(password.fields).toEqual([{ field: 'currentPassword', message: 'Je moet een wachtwoord invoeren' }]);
    const push = await refuse('PUT', '/api/user/push-preference', headers, {
      dailyReminder: { enabled: true, time: '25:00', days: [1] },
      flashcardsDue: { enabled: false },
      subjectNews: { enabled: false },
    });
    expect(push.fields).toEqual([{ field: 'dailyReminder.time', message: 'Kies een tijd tussen 00:00 en 23:59' }]);
    const deletion = await refuse('DELETE', '/api/user/profile', headers, {});
    expect(deletion.fields).toEqual([{ field: 'password', message: 'Je moet een wachtwoord invoeren' }]);
  });

  it('does the same for forgot and reset password', async () => {
    const forgot = await refuse('POST', '/api/auth/forgot-password', {}, { email: '' });
    expect(forgot.fields).toEqual([{ field: 'email', message: 'Je moet een e-mailadres invoeren' }]);
    const reset = await refuse('POST', '/api/auth/reset-password', {}, { token: 'x'.repeat(40), password: '', passwordConfirmation: '' });
    expect(reset.fields).toEqual([{ field: 'password', message: 'Je moet een wachtwoord invoeren' }]);
  });
});
