import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, PASSWORD, createTestApp, signedInUser, type TestContext } from '../helpers.ts';

const LIMIT = 5;
const NEW = 'Nieuw#2025x';

/**
 * Issue 25 item 5: the password change's throttle reserves the attempt before the current password
 * is checked (as logins do), so concurrent wrong guesses cannot all be evaluated.
 */
describe.each(DIALECTS)('password change throttling on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The change's limit per account is the login's per-account failure limit.
    ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_ACCOUNT: String(LIMIT) });
  });
  afterAll(async () => ctx?.close());

  const change = (headers: Record<string, string>, currentPassword: string) =>
    ctx.app.inject({ method: 'PUT', url: '/api/user/password', headers, payload: { currentPassword, newPassword: NEW, newPasswordConfirmation: NEW } });

  it('evaluates exactly the limit of 20 concurrent wrong current passwords', async () => {
    const { headers, tokens } = await signedInUser(ctx.app);
    const userId = (JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => change(headers, `Verkeerd#${i}x`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - LIMIT);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json().error).toBe('invalid_current_password');
    const refused = answers.find((x) => x.statusCode === 429)!;
    expect(refused.json().error).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // the account guessed enough: the right password waits for the window too, and nothing changed
    expect((await change(headers, PASSWORD)).statusCode).toBe(429);
    const counter = await ctx.handle.db.selectFrom('rate_limits').select('count').where('key', '=', `password-change:account:${userId}`).execute();
    expect(counter.map((c) => Number(c.count))).toEqual([LIMIT]);
  });

  it('clears the counter with the right current password', async () => {
    const { headers } = await signedInUser(ctx.app);
    for (let i = 0; i < LIMIT - 1; i += 1) expect((await change(headers, 'Verkeerd#1x')).statusCode).toBe(400);
    expect((await change(headers, PASSWORD)).statusCode).toBe(204);
    // a weak new password is refused before anything is counted
    const weak = await ctx.app.inject({ method: 'PUT', url: '/api/user/password', headers, payload: { currentPassword: 'Verkeerd#1x', newPassword: 'zwak', newPasswordConfirmation: 'zwak' } });
    expect(weak.json().error).toBe('weak_password');
    for (let i = 0; i < LIMIT; i += 1) expect((await change(headers, 'Verkeerd#1x')).statusCode).toBe(400);
    expect((await change(headers, NEW)).statusCode).toBe(429);
  });
});
