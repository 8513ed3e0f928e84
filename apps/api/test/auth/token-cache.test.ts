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
