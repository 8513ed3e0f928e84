import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, openDatabase, type DatabaseHandle } from '@blok/db';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { LoopbackPushService, decryptPush, type TestSubscriber } from './push-service.ts';

const DAILY = { enabled: true, time: '19:30', days: [1, 2, 3, 4, 5, 6, 7] };
const LOOPBACK_PUSH = { PUSH_ENDPOINT_HOSTS: '127.0.0.1', PUSH_ENDPOINT_ALLOW_LOOPBACK: 'true' };
const PREF = { dailyReminder: DAILY, flashcardsDue: { enabled: false }, subjectNews: { enabled: true } };

describe.each(DIALECTS)('push on %s', (dialect) => {
  let ctx: TestContext;
  let pushService: LoopbackPushService;
  beforeAll(async () => {
    // The test-only setting lets the sender reach the loopback push service (decision 016).
    ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_IP: '1000', REGISTER_RATE_LIMIT_IP: '1000', ...LOOPBACK_PUSH });
    pushService = new LoopbackPushService();
    await pushService.start();
    ctx.app.services.push.sender.trust(pushService.cert);
  });
  afterAll(async () => {
    await ctx?.close();
    await pushService?.stop();
  });

  const subscribe = (app: TestApp, headers: Record<string, string>, sub: TestSubscriber) =>
    app.inject({ method: 'POST', url: '/api/user/push-subscriptions', headers, payload: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys } });

  /** Moves the student's queued reminder to now (as if its time had come) and runs the jobs. */
  async function reminderComesDue(app: TestApp, userId: string): Promise<number> {
    const res = await app.database.db
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where('name', '=', 'push.reminder')
      .where('state', '=', 'queued')
      .where('dedupe_key', 'like', `push:daily:${userId}:%`)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  async function me(headers: Record<string, string>): Promise<string> {
    return (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json().id;
  }

  it('answers the preferences all off by default and saves them validated', async () => {
    const { headers } = await signedInUser(ctx.app);
    const initial = await ctx.app.inject({ method: 'GET', url: '/api/user/push-preference', headers });
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({
      dailyReminder: { enabled: false, time: '19:00', days: [1, 2, 3, 4, 5] },
      flashcardsDue: { enabled: false },
      subjectNews: { enabled: false },
    });
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/user/push-preference', headers, payload: { ...PREF, dailyReminder: { ...DAILY, days: [5, 1, 3] } } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().dailyReminder).toEqual({ enabled: true, time: '19:30', days: [1, 3, 5] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/push-preference', headers })).json()).toEqual(saved.json());
    // Another student still has her own defaults.
    const other = await signedInUser(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/push-preference', headers: other.headers })).json().dailyReminder.enabled).toBe(false);
  });

  it('refuses invalid preferences with 400 and keeps the old ones', async () => {
    const { headers } = await signedInUser(ctx.app);
    for (const body of [
      { ...PREF, dailyReminder: { ...DAILY, time: '24:00' } },
      { ...PREF, dailyReminder: { ...DAILY, time: '7:5' } },
      { ...PREF, dailyReminder: { ...DAILY, days: [0, 1] } },
      { ...PREF, dailyReminder: { ...DAILY, days: [1, 1] } },
      { ...PREF, dailyReminder: { ...DAILY, days: [] } },
      { ...PREF, dailyReminder: { ...DAILY, enabled: 'ja' } },
      { dailyReminder: DAILY },
    ]) {
      const res = await ctx.app.inject({ method: 'PUT', url: '/api/user/push-preference', headers, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/push-preference', headers })).json().dailyReminder.enabled).toBe(false);
    // Turned off, no day is needed.
    const off = await ctx.app.inject({ method: 'PUT', url: '/api/user/push-preference', headers, payload: { ...PREF, dailyReminder: { ...DAILY, enabled: false, days: [] } } });
    expect(off.statusCode).toBe(200);
  });

  it('stores subscriptions per device; another student cannot remove one', async () => {
    const a = await signedInUser(ctx.app);
    const b = await signedInUser(ctx.app);
    const created = await subscribe(ctx.app, a.headers, pushService.subscriber());
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/user/push-subscriptions/${id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/user/push-subscriptions/${id}`, headers: a.headers })).statusCode).toBe(204);
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/user/push-subscriptions', headers: a.headers, payload: { endpoint: 'javascript:alert(1)', keys: { p256dh: 'x', auth: 'y' } } });
    expect(bad.statusCode).toBe(400);
  });

  it('sends the daily reminder through Web Push, encrypted for the device, and queues the next day', async () => {
    const { headers } = await signedInUser(ctx.app);
    const userId = await me(headers);
    const phone = pushService.subscriber();
    const laptop = pushService.subscriber();
    await subscribe(ctx.app, headers, phone);
    await subscribe(ctx.app, headers, laptop);
    await ctx.app.inject({ method: 'PUT', url: '/api/user/push-preference', headers, payload: PREF });
    expect(await reminderComesDue(ctx.app, userId)).toBe(1);
    await ctx.app.jobs.runDue();

    for (const device of [phone, laptop]) {
      const got = pushService.received.filter((r) => r.path === pushService.pathOf(device));
      expect(got).toHaveLength(1);
      const message = JSON.parse(decryptPush(got[0]!.body, device));
      expect(message).toEqual({
        title: 'Tijd om te studeren',
        body: 'Je dagelijkse studieherinnering: open Blok en ga verder waar je gebleven was.',
        url: '/home',
        tag: 'daily-reminder',
      });
      expect(got[0]!.headers['content-encoding']).toBe('aes128gcm');
      expect(got[0]!.headers.topic).toBe('daily-reminder');
      expect(got[0]!.headers.ttl).toBe(String(4 * 3600));
      const publicKey = (await ctx.app.inject({ method: 'GET', url: '/api/push/public-key' })).json().publicKey;
      expect(String(got[0]!.headers.authorization)).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    }
    // The next slot is queued for tomorrow at the same local time.
    const next = await ctx.app.database.db
      .selectFrom('jobs')
      .select(['run_at', 'dedupe_key'])
      .where('state', '=', 'queued')
      .where('dedupe_key', 'like', `push:daily:${userId}:%`)
      .execute();
    expect(next).toHaveLength(1);
    expect(next[0]!.dedupe_key).toMatch(/:19:30$/);
    expect(Date.parse(next[0]!.run_at)).toBeGreaterThan(Date.now());
  });

  it('removes a subscription the push service answers 410 Gone for, and keeps the others', async () => {
    const { headers } = await signedInUser(ctx.app);
    const userId = await me(headers);
    const gone = pushService.subscriber();
    const alive = pushService.subscriber();
    pushService.statusFor.set(pushService.pathOf(gone), 410);
    await subscribe(ctx.app, headers, gone);
    await subscribe(ctx.app, headers, alive);
    await ctx.app.inject({ method: 'PUT', url: '/api/user/push-preference', headers, payload: PREF });
    await reminderComesDue(ctx.app, userId);
    await ctx.app.jobs.runDue();
    const left = await ctx.app.database.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute();
    expect(left.map((r) => r.endpoint)).toEqual([alive.endpoint]);
    expect(pushService.received.filter((r) => r.path === pushService.pathOf(gone))).toHaveLength(1);
  });

  it('sends nothing for a slot the student changed or turned off since it was queued', async () => {
    const { headers } = await signedInUser(ctx.app);
    const userId = await me(headers);
    const device = pushService.subscriber();
    await subscribe(ctx.app, headers, device);
    await ctx.app.inject({ method: 'PUT', url: '/api/user/push-preference', headers, payload: PREF });
    await ctx.app.inject({ method: 'PUT', url: '/api/user/push-preference', headers, payload: { ...PREF, dailyReminder: { ...DAILY, enabled: false } } });
    await reminderComesDue(ctx.app, userId);
    await ctx.app.jobs.runDue();
    expect(pushService.received.filter((r) => r.path === pushService.pathOf(device))).toHaveLength(0);
  });

  it.runIf(dialect === 'postgres')('sends one reminder, not two, with two API processes on one PostgreSQL', async () => {
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(ctx.handle.db)).rows[0]!.s;
    const second: DatabaseHandle = await openDatabase({ url: process.env.TEST_DATABASE_URL!, schema, poolSize: 4 });
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS: 'off', ...LOOPBACK_PUSH });
    const other = await buildApp({ env, database: second, logger: false, serveWeb: false });
    await other.ready();
    try {
      other.services.push.sender.trust(pushService.cert);
      const { headers } = await signedInUser(ctx.app);
      const userId = await me(headers);
      const device = pushService.subscriber();
      await subscribe(ctx.app, headers, device);
      await ctx.app.inject({ method: 'PUT', url: '/api/user/push-preference', headers, payload: PREF });
      // Both processes run their schedule sweep at once: still one queued slot.
      await Promise.all([ctx.app.services.push.scheduleAll(ctx.app.database.db), other.services.push.scheduleAll(other.database.db)]);
      const queued = await ctx.app.database.db.selectFrom('jobs').select('id').where('state', '=', 'queued').where('dedupe_key', 'like', `push:daily:${userId}:%`).execute();
      expect(queued).toHaveLength(1);
      await reminderComesDue(ctx.app, userId);
      await Promise.all([ctx.app.jobs.runDue(), other.jobs.runDue(), ctx.app.jobs.runDue(), other.jobs.runDue()]);
      expect(pushService.received.filter((r) => r.path === pushService.pathOf(device))).toHaveLength(1);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
