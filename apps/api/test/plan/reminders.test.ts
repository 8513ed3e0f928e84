import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS, type TestApp, type TestContext } from '../helpers.ts';
import { LoopbackPushService, decryptPush, type TestSubscriber } from '../push/push-service.ts';
import type { ReminderPayload } from '../../src/push/service.ts';
import { SUBJECT, planApp, student } from './support.ts';

const LOOPBACK_PUSH = { PUSH_ENDPOINT_HOSTS: '127.0.0.1', PUSH_ENDPOINT_ALLOW_LOOPBACK: 'true', LEITNER_ENABLED: 'true', ACCESS_TOKEN_TTL_SECONDS: '86400' };
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

describe.each(DIALECTS)('reminders that use the plan on %s', (dialect) => {
  let ctx: TestContext;
  let pushService: LoopbackPushService;
  beforeAll(async () => {
    ctx = await planApp(dialect, LOOPBACK_PUSH);
    pushService = new LoopbackPushService();
    await pushService.start();
    ctx.app.services.push.sender.trust(pushService.cert);
  });
  afterAll(async () => {
    await ctx?.close();
    await pushService?.stop();
  });
  afterEach(() => vi.useRealTimers());

  const at = (iso: string) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  };

  async function setUp(app: TestApp, pref: { daily?: boolean; cards?: boolean; time?: string } = {}) {
    const s = await student(app);
    const device = pushService.subscriber();
    const sub = await s.call('POST', '/api/user/push-subscriptions', { endpoint: device.endpoint, expirationTime: null, keys: device.keys });
    expect(sub.statusCode, sub.body).toBe(201);
    const userId = (await s.call('GET', '/api/user/profile')).json().id as string;
    const save = async () => {
      const res = await s.call(
        'PUT',
        '/api/user/push-preference',
        { dailyReminder: { enabled: pref.daily ?? true, time: pref.time ?? '19:30', days: EVERY_DAY }, flashcardsDue: { enabled: pref.cards ?? false }, subjectNews: { enabled: false } },
        { 'idempotency-key': randomUUID() },
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    return { s, device, userId, save };
  }

  const queued = (userId: string, kind: string) =>
    ctx.app.database.db.selectFrom('jobs').select(['run_at', 'dedupe_key', 'payload']).where('state', '=', 'queued').where('dedupe_key', 'like', `push:${kind}:${userId}:%`).execute();

  const messagesTo = (device: TestSubscriber) => pushService.received.filter((r) => r.path === pushService.pathOf(device)).map((r) => JSON.parse(decryptPush(r.body, device)));

  /** Runs her queued reminder of a kind as the runner would at its time: twice, as a repeated job would. */
  async function runSlot(userId: string, kind: string) {
    const [job] = await queued(userId, kind);
    expect(job, `a queued ${kind} reminder`).toBeDefined();
    const payload = (typeof job!.payload === 'string' ? JSON.parse(job!.payload) : job!.payload) as ReminderPayload;
    vi.setSystemTime(new Date(Date.parse(job!.run_at) + 60_000));
    await ctx.app.services.push.remind(payload);
    await ctx.app.services.push.remind(payload);
    await ctx.app.jobs.runDue();
    return payload;
  }

  it('says what is left today and the days until the exam, once per slot', async () => {
    at('2026-11-26T09:00:00Z');
    const { s, device, userId, save } = await setUp(ctx.app);
    await s.savePlan({ examDate: '2026-12-17', minutesPerDay: 30 });
    await save();
    await runSlot(userId, 'daily');
    const messages = messagesTo(device);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: 'Je plan voor vandaag', url: '/home', tag: 'daily-reminder' });
    expect(messages[0].body).toMatch(/^Nog \d+ ta(ak|ken) voor vandaag \(\d+ min\)\. Nog 21 dagen tot je tentamen Planvak\.$/);
  });

  it("is not sent when today's plan is done", async () => {
    at('2026-11-26T09:00:00Z');
    const { s, device, userId, save } = await setUp(ctx.app);
    // A far exam and little to do: today's one task is reading chapter 3.
    await s.read('fx-plan-h1');
    await s.read('fx-plan-h2');
    await s.practise(1, [true, true, true, true, true]);
    await s.practise(2, [true, true, true, true]);
    await s.flipCards(1, 12, 12);
    await s.flipCards(2, 3, 3);
    await s.savePlan({ examDate: '2027-03-01', minutesPerDay: 30 });
    const [plan] = (await s.today()).subjects;
    expect(plan!.tasks.map((t) => t.title)).toEqual(['Lees hoofdstuk 3']);
    await s.read('fx-plan-h3');
    expect((await s.today()).allDone).toBe(true);
    await save();
    await runSlot(userId, 'daily');
    expect(messagesTo(device)).toHaveLength(0);
    // The next day is still queued.
    expect((await queued(userId, 'daily')).map((j) => j.dedupe_key)).toEqual([`push:daily:${userId}:2026-11-27:19:30`]);
  });

  it('runs in her time zone across the change to winter time', async () => {
    // Saturday 31 October 2026 in New York: summer time ends on Sunday 1 November at 02:00.
    at('2026-10-31T12:00:00Z');
    const { s, userId, save } = await setUp(ctx.app);
    const res = await s.call('PUT', `/api/subjects/${SUBJECT}/exam-plan`, { examDate: null, minutesPerDay: null, studyDays: EVERY_DAY, timeZone: 'America/New_York' }, { 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    await save();
    const [first] = await queued(userId, 'daily');
    expect(first!.dedupe_key).toBe(`push:daily:${userId}:2026-10-31:19:30`);
    expect(first!.run_at).toBe('2026-10-31T23:30:00.000Z'); // 19:30 EDT (UTC-4)
    await runSlot(userId, 'daily');
    const [next] = await queued(userId, 'daily');
    expect(next!.dedupe_key).toBe(`push:daily:${userId}:2026-11-01:19:30`);
    expect(next!.run_at).toBe('2026-11-02T00:30:00.000Z'); // 19:30 EST (UTC-5)
  });

  it('sends the flashcards-due reminder from the due counts, and nothing without due cards', async () => {
    at('2026-11-26T09:00:00Z');
    const { s, device, userId, save } = await setUp(ctx.app, { daily: false, cards: true });
    await save();
    // No card reviewed: nothing is due, nothing is sent.
    await runSlot(userId, 'flashcards-due');
    expect(messagesTo(device)).toHaveLength(0);

    // She reviews two cards with 'Opnieuw' that evening: they are due again within minutes.
    vi.setSystemTime(new Date('2026-11-26T20:05:00Z'));
    const session = await s.call('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'review', timeZone: 'Europe/Amsterdam' }, { 'idempotency-key': randomUUID() });
    expect(session.statusCode, session.body).toBe(201);
    for (const position of [0, 1]) {
      const rated = await s.call('POST', `/api/flashcard-sessions/${session.json().id}/rate`, { position, rating: 1, scheduleVersion: 0, durationMs: 3000, timeZone: 'Europe/Amsterdam' }, { 'idempotency-key': randomUUID() });
      expect(rated.statusCode, rated.body).toBe(200);
    }
    await runSlot(userId, 'flashcards-due');
    const messages = messagesTo(device);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toEqual({ title: '2 kaarten om te herhalen', body: 'Herhaal ze vandaag, dan blijven ze hangen.', url: '/home', tag: 'flashcards-due' });
  });
});
