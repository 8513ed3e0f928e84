import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@blok/db';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, isPublicAddress, type PushResolver } from '../../src/push/endpoint-policy.ts';
import { PUSH_SUBSCRIPTIONS_PER_DEVICE, PUSH_SUBSCRIPTIONS_PER_STUDENT } from '../../src/push/service.ts';
import { loadEnv } from '../../src/env.ts';
import { DIALECTS, PASSWORD, bearer, createTestApp, login, newDeviceId, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { LOOPBACK_PUSH_HOST, LoopbackPushService, type TestSubscriber } from './push-service.ts';

/*
 * Issue 25, item 2 (decision 016): a push subscription made the server connect wherever its
 * endpoint pointed (the cloud's metadata service, the database port, loopback), up to 5 times per
 * subscription per reminder, for hundreds of subscriptions per student. Endpoints are now https, a
 * known push service, resolving to public addresses only, checked again on every connection; a
 * device and a student keep a few subscriptions. The resolver is the tests' own table: no test
 * reaches the network.
 */
const KEYS = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
const GOOGLE = '142.250.179.138';

describe('public addresses', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, reserved and IPv4-mapped IPv6', () => {
    for (const address of [
      '127.0.0.1', '127.8.9.10', '0.0.0.0', '10.0.0.5', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
      '100.127.255.254', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1', '192.0.2.1', '198.18.0.1',
      '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:169.254.169.254', '::ffff:8.8.8.8',
      '64:ff9b::a9fe:a9fe', '2002:a9fe:a9fe::1', '2001::1', '2001:db8::1', 'localhost', 'fcm.googleapis.com',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public IPv4 and global IPv6', () => {
    for (const address of [GOOGLE, '8.8.8.8', '172.32.0.1', '100.128.0.1', '2a00:1450:400e:80f::200a', '2620:149:a44::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('allows loopback only through the test-only setting, never in production', () => {
    expect(loadEnv({ NODE_ENV: 'test' }).PUSH_ENDPOINT_ALLOW_LOOPBACK).toBe(false);
    expect(loadEnv({ NODE_ENV: 'test' }).PUSH_ENDPOINT_HOSTS).toEqual([...DEFAULT_PUSH_ENDPOINT_HOSTS]);
    expect(() => loadEnv({ NODE_ENV: 'production', PUSH_ENDPOINT_ALLOW_LOOPBACK: 'true', PAYMENTS: 'test', PUBLIC_URL: 'https://blok.example', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /PUSH_ENDPOINT_ALLOW_LOOPBACK: for tests only/,
    );
  });
});

describe.each(DIALECTS)('push endpoints on %s', (dialect) => {
  let ctx: TestContext;
  /** the names the tests' resolver knows; a test may point one elsewhere (DNS rebinding) */
  const dns = new Map<string, string[]>([
    ['fcm.googleapis.com', [GOOGLE]],
    ['updates.push.services.mozilla.com', ['34.117.1.1']],
    ['web.push.apple.com', ['17.188.128.1', '2620:149:a44::1']],
    ['wns2-par02p.notify.windows.com', ['20.199.120.1']],
    ['localhost', ['127.0.0.1', '::1']],
  ]);
  const resolver: PushResolver = async (name) => {
    const addresses = dns.get(name.toLowerCase());
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_IP: '1000', REGISTER_RATE_LIMIT_IP: '1000' }, { pushResolver: resolver });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const subscribe = (app: TestApp, headers: Record<string, string>, endpoint: string, keys: object = KEYS) =>
    app.inject({ method: 'POST', url: '/api/user/push-subscriptions', headers, payload: { endpoint, expirationTime: null, keys } });
  const endpointsOf = async (app: TestApp, userId: string) =>
    (await app.database.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).orderBy('endpoint').execute()).map((r) => r.endpoint);
  const userIdOf = async (app: TestApp, headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json().id as string;

  it('refuses endpoints that are not https, not a known push service, or not public, and stores none', async () => {
    const { headers } = await signedInUser(ctx.app);
    const userId = await userIdOf(ctx.app, headers);
    for (const endpoint of ['http://169.254.169.254/latest/meta-data/', 'http://fcm.googleapis.com/fcm/send/abc', 'ftp://fcm.googleapis.com/x']) {
      const res = await subscribe(ctx.app, headers, endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error, endpoint).toBe('invalid_request');
    }
    dns.set('fcm.googleapis.com.evil.example', ['203.0.113.9']);
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1:5432/',
      'https://[::1]:8080/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://localhost/push',
      'https://10.0.0.5/push',
      'https://push.evil.example/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      // a listed host that does not resolve (here: not in the tests' table) is refused too
      'https://unknown.notify.windows.com/w/?token=x',
    ]) {
      const res = await subscribe(ctx.app, headers, endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toEqual({ error: 'push_endpoint_refused', error_description: 'Dit apparaat kan geen pushmeldingen ontvangen via deze pushdienst.' });
    }
    // A listed name of which one address is private (whoever controls that name's DNS) is refused.
    dns.set('rebind.notify.windows.com', ['20.199.120.2', '10.1.2.3']);
    const sneaky = await subscribe(ctx.app, headers, 'https://rebind.notify.windows.com/w/?token=x');
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json().error).toBe('push_endpoint_refused');
    expect(await endpointsOf(ctx.app, userId)).toEqual([]);
  });

  it("accepts the big browsers' push services", async () => {
    const { headers } = await signedInUser(ctx.app);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGz8w9aYbH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      const res = await subscribe(ctx.app, headers, endpoint);
      expect(res.statusCode, endpoint).toBe(201);
    }
  });

  it('keeps a device to its newest subscriptions and a student to hers, however many she registers', async () => {
    const first = await signedInUser(ctx.app);
    const userId = await userIdOf(ctx.app, first.headers);
    for (let i = 0; i < 30; i += 1) {
      expect((await subscribe(ctx.app, first.headers, `https://fcm.googleapis.com/fcm/send/a${String(i).padStart(2, '0')}`)).statusCode).toBe(201);
    }
    expect(await endpointsOf(ctx.app, userId)).toEqual(['https://fcm.googleapis.com/fcm/send/a28', 'https://fcm.googleapis.com/fcm/send/a29']);
    expect(PUSH_SUBSCRIPTIONS_PER_DEVICE).toBe(2);
    // Sending an older subscription again makes it the newest.
    await subscribe(ctx.app, first.headers, 'https://fcm.googleapis.com/fcm/send/a28');
    await subscribe(ctx.app, first.headers, 'https://fcm.googleapis.com/fcm/send/b00');
    expect(await endpointsOf(ctx.app, userId)).toEqual(['https://fcm.googleapis.com/fcm/send/a28', 'https://fcm.googleapis.com/fcm/send/b00']);

    // Her other devices, one after another (each sign-in signs the last one out).
    for (let d = 0; d < 6; d += 1) {
      const res = await login(ctx.app, { username: first.email, password: PASSWORD, device_id: newDeviceId() });
      expect(res.statusCode).toBe(200);
      const headers = bearer(res.json().access_token);
      expect((await subscribe(ctx.app, headers, `https://web.push.apple.com/d${d}`)).statusCode).toBe(201);
    }
    const kept = await endpointsOf(ctx.app, userId);
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_STUDENT);
    expect(kept).toEqual(['https://web.push.apple.com/d1', 'https://web.push.apple.com/d2', 'https://web.push.apple.com/d3', 'https://web.push.apple.com/d4', 'https://web.push.apple.com/d5']);
  });

  describe('at send time', () => {
    let pushService: LoopbackPushService;
    let loopbackApp: TestContext;
    beforeAll(async () => {
      pushService = new LoopbackPushService();
      await pushService.start();
      ctx.app.services.push.sender.trust(pushService.cert);
      // The test-only setting: this app may reach the loopback push service, through a name too.
      loopbackApp = await createTestApp(dialect, { PUSH_ENDPOINT_HOSTS: `127.0.0.1,${LOOPBACK_PUSH_HOST}`, PUSH_ENDPOINT_ALLOW_LOOPBACK: 'true' }, { pushResolver: resolver });
      loopbackApp.app.services.push.sender.trust(pushService.cert);
    });
    afterAll(async () => {
      await loopbackApp?.close();
      await pushService?.stop();
    });

    /** A subscription row as an older version stored it, without today's checks. */
    async function stored(app: TestApp, sub: TestSubscriber): Promise<string> {
      const { headers } = await signedInUser(app);
      const userId = await userIdOf(app, headers);
      const id = uuidv7();
      await app.database.db
        .insertInto('push_subscriptions')
        .values({ id, user_id: userId, device_id: null, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, user_agent: '', created_at: new Date().toISOString(), last_success_at: null })
        .execute();
      return id;
    }
    const deliver = (app: TestApp, subscriptionId: string) =>
      app.services.push.deliver(app.database.db, { subscriptionId, message: { title: 't', body: 'b', url: '/home', tag: 'x' }, topic: 'x', ttlSeconds: 60 });
    const receivedFor = (sub: TestSubscriber) => pushService.received.filter((r) => r.path === pushService.pathOf(sub)).length;

    it('refuses a stored endpoint on loopback without connecting, and removes it', async () => {
      const sub = pushService.subscriber();
      const id = await stored(ctx.app, sub);
      expect(await deliver(ctx.app, id)).toBe('refused');
      expect(receivedFor(sub)).toBe(0);
      expect(await ctx.app.database.db.selectFrom('push_subscriptions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    });

    it('checks the address it connects to: a name that resolves to loopback at send time (DNS rebinding) is refused', async () => {
      // Accepted while the name pointed at a public address ...
      dns.set(LOOPBACK_PUSH_HOST, [GOOGLE]);
      const relisted = await createTestApp(dialect, { PUSH_ENDPOINT_HOSTS: LOOPBACK_PUSH_HOST }, { pushResolver: resolver });
      try {
        relisted.app.services.push.sender.trust(pushService.cert);
        const sub = pushService.subscriber(LOOPBACK_PUSH_HOST);
        const { headers } = await signedInUser(relisted.app);
        const created = await subscribe(relisted.app, headers, sub.endpoint, sub.keys);
        expect(created.statusCode).toBe(201);
        // ... then it points at loopback when the reminder goes out.
        dns.set(LOOPBACK_PUSH_HOST, ['127.0.0.1']);
        expect(await deliver(relisted.app, created.json().id)).toBe('refused');
        expect(receivedFor(sub)).toBe(0);
        expect(await endpointsOf(relisted.app, await userIdOf(relisted.app, headers))).toEqual([]);
      } finally {
        await relisted.close();
      }
    });

    it('connects to the address the policy checked (the test-only loopback setting shows it)', async () => {
      dns.set(LOOPBACK_PUSH_HOST, ['127.0.0.1']);
      const byName = pushService.subscriber(LOOPBACK_PUSH_HOST);
      const { headers } = await signedInUser(loopbackApp.app);
      const created = await subscribe(loopbackApp.app, headers, byName.endpoint, byName.keys);
      expect(created.statusCode).toBe(201);
      expect(await deliver(loopbackApp.app, created.json().id)).toBe('sent');
      expect(receivedFor(byName)).toBe(1);
      // Loopback only: a private address is refused even with the test-only setting.
      dns.set(LOOPBACK_PUSH_HOST, ['10.0.0.7']);
      expect(await deliver(loopbackApp.app, created.json().id)).toBe('refused');
    });
  });
});
