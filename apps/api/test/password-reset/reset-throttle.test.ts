import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasswordRepository } from '../../src/auth/password-repository.ts';
import { hashToken } from '../../src/auth/tokens.ts';
import * as passwords from '../../src/auth/passwords.ts';
import { DIALECTS, createTestApp, login, newDeviceId, signedInUser, type TestContext } from '../helpers.ts';

// Counts the real argon2 hashes (the spy calls through): a bad link must not cost one.
vi.mock('../../src/auth/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/auth/passwords.ts')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

const LIMIT = 8;
const NEW = 'Nieuw#wachtwoord1';

/** Issue 25 item 4: the reset looks its link up before hashing, and an address is throttled. */
describe.each(DIALECTS)('password reset throttling on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { RESET_PASSWORD_FAILURE_LIMIT_IP: String(LIMIT) });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => {
    vi.mocked(passwords.hashPassword).mockClear();
  });

  const reset = (token: string, ip: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: ip, payload: { token, password: NEW, passwordConfirmation: NEW } });

  /** A signed-in student with a reset link of her own (made as forgot-password makes it). */
  async function studentWithLink() {
    const student = await signedInUser(ctx.app);
    const userId = (JSON.parse(Buffer.from(student.tokens.access_token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const token = randomBytes(32).toString('base64url');
    await new PasswordRepository(ctx.handle.db).createResetToken(userId, hashToken(token), 3600);
    return { ...student, token };
  }

  it('hashes nothing for bad links, and stops an address after the limit, also when they come at once', async () => {
    const ip = '198.51.100.40';
    const answers = await Promise.all(Array.from({ length: 3 * LIMIT }, () => reset(randomBytes(32).toString('base64url'), ip)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(2 * LIMIT);
    expect(answers.find((a) => a.statusCode === 400)!.json().error).toBe('invalid_reset_token');
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().error).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(passwords.hashPassword).not.toHaveBeenCalled();
    // that address waits, even with a good link; another address resets with it
    const { token, email } = await studentWithLink();
    vi.mocked(passwords.hashPassword).mockClear(); // her registration hashed her first password
    expect((await reset(token, ip)).statusCode).toBe(429);
    expect(passwords.hashPassword).not.toHaveBeenCalled();
    expect((await reset(token, '198.51.100.41')).statusCode).toBe(204);
    expect(passwords.hashPassword).toHaveBeenCalledTimes(1);
    expect((await login(ctx.app, { username: email, password: NEW, device_id: newDeviceId() })).statusCode).toBe(200);
  });

  it('does not count a successful reset against the address', async () => {
    const ip = '198.51.100.42';
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const { token } = await studentWithLink();
      expect((await reset(token, ip)).statusCode).toBe(204);
    }
    // a used link is a bad link: it counts, and hashes nothing
    const { token } = await studentWithLink();
    expect((await reset(token, ip)).statusCode).toBe(204);
    vi.mocked(passwords.hashPassword).mockClear();
    expect((await reset(token, ip)).json().error).toBe('invalid_reset_token');
    expect(passwords.hashPassword).not.toHaveBeenCalled();
  });
});
