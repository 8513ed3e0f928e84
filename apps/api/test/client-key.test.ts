import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ID } from '@blok/contract';
import { clientKey } from '../src/plugins/client-key.ts';
import { CHOICE, DIALECTS, PASSWORD, createTestApp, login, newDeviceId, signedInUser, uniqueEmail, type TestApp } from './helpers.ts';

/** Issue 25, item 11: the one key every per-address counter counts a client by (plugins/client-key.ts). */
describe('the counting key of a client address', () => {
  it('counts an IPv4 address, also when the socket reports it IPv4-mapped, as itself', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::FFFF:c633:6407')).toBe('198.51.100.7');
  });

  it('counts every address of one IPv6 /64 as one client, whatever its spelling', () => {
    const key = '2001:db8:aa:1:0:0:0:0/64';
    for (const address of ['2001:db8:aa:1::1', '2001:db8:aa:1:ffff:ffff:ffff:ffff', '2001:0DB8:00aa:0001:1234:5678:9abc:def0', '2001:db8:aa:1::1%eth0', '2001:db8:aa:1::198.51.100.7']) {
      expect(clientKey(address), address).toBe(key);
    }
    expect(clientKey('2001:db8:aa:2::1')).toBe('2001:db8:aa:2:0:0:0:0/64');
    expect(clientKey('::1')).toBe('0:0:0:0:0:0:0:0/64');
    expect(clientKey('::')).toBe('0:0:0:0:0:0:0:0/64');
  });

  it('takes the prefix length it is given, down to a bit inside a group', () => {
    expect(clientKey('2001:db8:aa:1::1', 48)).toBe('2001:db8:aa:0:0:0:0:0/48');
    expect(clientKey('2001:db8:aa:1::1', 56)).toBe('2001:db8:aa:0:0:0:0:0/56');
    expect(clientKey('2001:db8:aa:1ff::1', 56)).toBe('2001:db8:aa:100:0:0:0:0/56');
    expect(clientKey('2001:db8:aa:1::1', 128)).toBe('2001:db8:aa:1:0:0:0:1/128');
    expect(clientKey('2001:db8:aa:1::2', 128)).not.toBe(clientKey('2001:db8:aa:1::1', 128));
  });

  it('keeps what is no IP address as it is', () => {
    for (const address of ['', 'unix', '1:2:3', '1::2::3', 'zz::1', '::ffff:1.2.3.999', '1:2:3:4:5:6:7:8:9']) {
      expect(clientKey(address), address).toBe(address);
    }
  });
});

/** The database's per-address counters (registration, login, password reset) count by the same key. */
describe.each(DIALECTS)('the per-address counters count an IPv6 client by its /64 on %s', (dialect) => {
  const register = (app: TestApp, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'external_register', client_id: CLIENT_ID, device_id: newDeviceId(), email: uniqueEmail(), password: PASSWORD, ...CHOICE }).toString(),
    });

  it('registration: two addresses of one /64 share its count; the next /64 has its own', async () => {
    const ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '2' });
    try {
      expect((await register(ctx.app, '2001:db8:5:1::1')).statusCode).toBe(200);
      expect((await register(ctx.app, '2001:db8:5:1::2')).statusCode).toBe(200);
      const refused = await register(ctx.app, '2001:db8:5:1:abcd:ef01:2345:6789');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
      expect((await register(ctx.app, '2001:db8:5:2::1')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('login: failures on an account from one /64 add up, whichever address of it they come from', async () => {
    const ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_ACCOUNT_IP: '2' });
    try {
      const { email } = await signedInUser(ctx.app);
      for (const ip of ['2001:db8:6:1::1', '2001:db8:6:1::2']) {
        const wrong = await login(ctx.app, { username: email, password: 'fout-wachtwoord', device_id: newDeviceId(), ip });
        expect(wrong.json()).toMatchObject({ error: 'invalid_credentials' });
      }
      // a third address of the /64: over the account's limit for that network, even with her password
      const refused = await login(ctx.app, { username: email, password: PASSWORD, device_id: newDeviceId(), ip: '2001:db8:6:1:ffff::3' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
      expect((await login(ctx.app, { username: email, password: PASSWORD, device_id: newDeviceId(), ip: '2001:db8:6:2::1' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('password reset: requests from one /64 share its count; IPV6_SUBNET_PREFIX=128 counts each address', async () => {
    const forgot = (app: TestApp, ip: string) => app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: ip, payload: { email: uniqueEmail() } });
    const ctx = await createTestApp(dialect, { FORGOT_PASSWORD_RATE_LIMIT: '1', MAIL_OUTBOX_DIR: join(tmpdir(), `blok-outbox-${randomUUID()}`) });
    try {
      expect((await forgot(ctx.app, '2001:db8:7:1::1')).statusCode).toBe(202);
      expect((await forgot(ctx.app, '2001:db8:7:1::2')).statusCode).toBe(429);
      expect((await forgot(ctx.app, '2001:db8:7:2::1')).statusCode).toBe(202);
    } finally {
      await ctx.close();
    }
    const each = await createTestApp(dialect, { FORGOT_PASSWORD_RATE_LIMIT: '1', IPV6_SUBNET_PREFIX: '128', MAIL_OUTBOX_DIR: join(tmpdir(), `blok-outbox-${randomUUID()}`) });
    try {
      expect((await forgot(each.app, '2001:db8:7:1::1')).statusCode).toBe(202);
      expect((await forgot(each.app, '2001:db8:7:1::2')).statusCode).toBe(202);
      expect((await forgot(each.app, '2001:db8:7:1:0:0:0:2')).statusCode).toBe(429);
    } finally {
      await each.close();
    }
  });

  it('the API request limit: two addresses of one /64 share it', async () => {
    const ctx = await createTestApp(dialect, { API_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '2001:db8:8:1::1' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '2001:db8:8:1::2' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '2001:db8:8:1::3' })).statusCode).toBe(429);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '2001:db8:8:2::1' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
