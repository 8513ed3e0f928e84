import { pbkdf2 } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from '../../src/auth/tokens.ts';

/** Verified access tokens are remembered by their exact text until they expire (decision 014). */
describe('access token verification with remembered tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a remembered token until its expiry, then refuses it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    const tokens = new AccessTokens('s'.repeat(40), 60);
    const token = await tokens.sign({ sub: 'user-1', dev: 'device-1' });
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', dev: 'device-1' });
    vi.setSystemTime(new Date('2026-11-24T12:00:59Z'));
    expect(await tokens.verify(token)).toEqual({ sub: 'user-1', dev: 'device-1' });
    vi.setSystemTime(new Date('2026-11-24T12:01:00Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('never takes a changed token for a remembered one', async () => {
    const tokens = new AccessTokens('s'.repeat(40), 60);
    const token = await tokens.sign({ sub: 'user-1', dev: 'device-1' });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'user-2' })).toString('base64url');
    expect(await tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
    // another secret's process does not share what this one verified
    expect(await new AccessTokens('t'.repeat(40), 60).verify(token)).toBeNull();
  });
});

/** Access tokens are signed on the calling thread, as jose would sign them (decision 014). */
describe('access token signing', () => {
  afterEach(() => vi.useRealTimers());

  it('makes the token jose makes for the same claims and clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T11:00:00.400Z'));
    const secret = 's'.repeat(40);
    const tokens = new AccessTokens(secret, 900);
    const ours = await tokens.sign({ sub: 'user-1', dev: 'device-1' });
    const jose = await new SignJWT({ dev: 'device-1' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuedAt()
      .setIssuer('blok')
      .setAudience('blok-api')
      .setExpirationTime('900s')
      .sign(new TextEncoder().encode(secret));
    expect(ours).toBe(jose);
    expect(decodeJwt(ours)).toEqual({ dev: 'device-1', sub: 'user-1', iat: 1_795_690_800, iss: 'blok', aud: 'blok-api', exp: 1_795_691_700 });
    expect(await tokens.verify(ours)).toEqual({ sub: 'user-1', dev: 'device-1' });
  });

  it("makes the same token with jose's SignJWT when the stand-in is off (decision 019)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T11:00:00.400Z'));
    const secret = 's'.repeat(40);
    const claims = { sub: 'user-1', dev: 'device-1' };
    const jose = new AccessTokens(secret, 900, 'jose');
    expect(await jose.sign(claims)).toBe(await new AccessTokens(secret, 900).sign(claims));
    expect(await jose.verify(await jose.sign(claims))).toEqual(claims);
  });

  it("leaves jose's signing (a WebCrypto job) waiting behind a busy thread pool", async () => {
    const busy = Array.from({ length: 8 }, () => new Promise((resolve) => pbkdf2('x', 'salt', 150_000, 32, 'sha256', resolve)));
    try {
      const tokens = new AccessTokens('s'.repeat(40), 60, 'jose');
      // the key is imported once, before the pool fills
      await tokens.verify('x.y.z');
      const first = await Promise.race([tokens.sign({ sub: 'user-1', dev: 'device-1' }).then(() => 'signed'), new Promise((resolve) => setImmediate(() => resolve('event loop turned')))]);
      expect(first).toBe('event loop turned');
    } finally {
      await Promise.all(busy);
    }
  });

  it('signs without a job on the thread pool (a login signs inside its transaction)', async () => {
    // every thread of libuv's pool busy, as with concurrent logins' password hashes
    const busy = Array.from({ length: 8 }, () => new Promise((resolve) => pbkdf2('x', 'salt', 150_000, 32, 'sha256', resolve)));
    try {
      const tokens = new AccessTokens('s'.repeat(40), 60);
      const first = await Promise.race([tokens.sign({ sub: 'user-1', dev: 'device-1' }).then(() => 'signed'), new Promise((resolve) => setImmediate(() => resolve('event loop turned')))]);
      expect(first).toBe('signed');
    } finally {
      await Promise.all(busy);
    }
  });
});
