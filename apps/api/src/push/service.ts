import { DEFAULT_PUSH_PREFERENCE, type PushMessage, type PushPreference, type PushSubscription, type PushSubscriptionBody } from '@blok/contract';
import type { Executor, PushPreferencesTable } from '@blok/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.ts';
import type { EnqueueSpec } from '../jobs/queue.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { PushRepository } from './repository.ts';
import { instantToLocal, localToInstant, nextReminderSlot, reminderKey, reminderKeyPrefixes } from './schedule.ts';
import type { PushSender } from './sender.ts';
import { PushEndpointRefused } from './endpoint-policy.ts';

/** Job names of the push feature. */
export const PUSH_JOBS = {
  /** recurring safety net: makes sure every enabled daily reminder has its next slot queued */
  schedule: 'push.schedule-reminders',
  /** one reminder slot of one student: checks it still applies, fans out to her devices */
  reminder: 'push.reminder',
  /** one message to one device */
  deliver: 'push.deliver',
} as const;

/** What the push feature needs of the job queue (app.jobs). */
export interface JobQueue {
  enqueue(executor: Executor, spec: EnqueueSpec): Promise<boolean>;
  /** drops queued jobs whose dedupe key starts with one of the prefixes */
  cancelQueued(executor: Executor, dedupeKeyPrefixes: readonly string[]): Promise<number>;
}

export interface ReminderPayload {
  userId: string;
  kind: 'daily';
  date: string;
  time: string;
}

export interface DeliverPayload {
  subscriptionId: string;
  message: PushMessage;
  topic: string;
  ttlSeconds: number;
}

/** Subscriptions a device keeps (its browser renews one now and then): the newest. */
export const PUSH_SUBSCRIPTIONS_PER_DEVICE = 2;
/** Subscriptions a student keeps over all her devices: the newest. */
export const PUSH_SUBSCRIPTIONS_PER_STUDENT = 5;

/** A reminder that could not go out within this long after its time is dropped, not sent late. */
export const REMINDER_STALE_AFTER_MS = 2 * 60 * 60 * 1000;

const DAILY_MESSAGE: PushMessage = {
  title: 'Tijd om te studeren',
  body: 'Je dagelijkse studieherinnering: open Blok en ga verder waar je gebleven was.',
  url: '/home',
  tag: 'daily-reminder',
};

function toPreference(row: PushPreferencesTable | undefined): PushPreference {
  if (!row) return structuredClone(DEFAULT_PUSH_PREFERENCE);
  return {
    dailyReminder: {
      enabled: row.daily_enabled === 1,
      time: row.daily_time,
      days: row.daily_days
        .split(',')
        .filter(Boolean)
        .map(Number),
    },
    flashcardsDue: { enabled: row.flashcards_due === 1 },
    subjectNews: { enabled: row.subject_news === 1 },
  };
}

/** Push preferences, subscriptions and the daily study reminder (issue 11). */
export class PushService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly jobs: JobQueue,
    readonly sender: PushSender,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async getPreference(userId: string): Promise<PushPreference> {
    return toPreference(await new PushRepository(this.uow.db).findPreference(userId));
  }

  async updatePreference(userId: string, pref: PushPreference): Promise<PushPreference> {
    const days = [...new Set(pref.dailyReminder.days)].sort((a, b) => a - b);
    return this.uow.run(async (tx) => {
      const repo = new PushRepository(tx);
      await repo.savePreference({
        user_id: userId,
        daily_enabled: pref.dailyReminder.enabled ? 1 : 0,
        daily_time: pref.dailyReminder.time,
        daily_days: days.join(','),
        flashcards_due: pref.flashcardsDue.enabled ? 1 : 0,
        subject_news: pref.subjectNews.enabled ? 1 : 0,
      });
      const saved = toPreference(await repo.findPreference(userId));
      if (saved.dailyReminder.enabled) await this.enqueueNextReminder(tx, userId, saved.dailyReminder, Date.now());
      return saved;
    });
  }

  /**
   * Stores this device's subscription, once its endpoint passes the endpoint policy (decision 016:
   * https, a known push service, public addresses only; checked before the transaction, so no lock
   * waits on DNS). A device keeps its newest PUSH_SUBSCRIPTIONS_PER_DEVICE subscriptions and a
   * student her newest PUSH_SUBSCRIPTIONS_PER_STUDENT: older ones are removed in the same unit of
   * work, so a reminder goes to a few devices, never to hundreds of registered endpoints.
   */
  async subscribe(userId: string, deviceRowId: string, body: PushSubscriptionBody, userAgent: string): Promise<PushSubscription> {
    try {
      await this.sender.policy.check(body.endpoint);
    } catch (err) {
      if (!(err instanceof PushEndpointRefused)) this.log?.warn({ err: (err as Error).message }, 'push endpoint could not be checked');
      throw new AppError('push_endpoint_refused', 'Dit apparaat kan geen pushmeldingen ontvangen via deze pushdienst.');
    }
    return this.uow.run(async (tx) => {
      const repo = new PushRepository(tx);
      const row = await repo.upsertSubscription(userId, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent,
        deviceId: deviceRowId,
      });
      await repo.keepNewest(userId, deviceRowId, PUSH_SUBSCRIPTIONS_PER_DEVICE, PUSH_SUBSCRIPTIONS_PER_STUDENT);
      return { id: row.id, createdAt: row.created_at };
    });
  }

  async unsubscribe(userId: string, id: string): Promise<null> {
    return this.uow.run(async (tx) => {
      if (!(await new PushRepository(tx).deleteSubscription(id, userId))) throw new AppError('not_found', 'Dit apparaat is niet aangemeld voor pushmeldingen.');
      return null;
    });
  }

  /** Queues the next daily reminder slot; a no-op when that slot is queued already (dedupe key). */
  private async enqueueNextReminder(tx: Executor, userId: string, daily: { time: string; days: number[] }, afterMs: number): Promise<void> {
    const slot = nextReminderSlot(daily, afterMs);
    if (!slot) return;
    const payload: ReminderPayload = { userId, kind: 'daily', date: slot.date, time: slot.time };
    await this.jobs.enqueue(tx, { name: PUSH_JOBS.reminder, payload, runAt: slot.at, dedupeKey: reminderKey('daily', userId, slot.date, slot.time) });
  }

  /** Recurring: every enabled daily reminder has its next slot queued. */
  async scheduleAll(tx: Executor, nowMs = Date.now()): Promise<number> {
    const repo = new PushRepository(tx);
    let after = '';
    let count = 0;
    for (;;) {
      const page = await repo.dailyEnabled(after, 500);
      for (const row of page) {
        await this.enqueueNextReminder(tx, row.user_id, toPreference(row).dailyReminder, nowMs);
        count += 1;
      }
      if (page.length < 500) return count;
      after = page[page.length - 1]!.user_id;
    }
  }

  /**
   * One reminder slot: sent only if the student still wants it at this day and time (she may have
   * changed it since it was queued) and it is not hours late; fans out to each of her devices as
   * its own job, and queues her next slot.
   */
  async runReminder(tx: Executor, payload: ReminderPayload, nowMs = Date.now()): Promise<number> {
    const repo = new PushRepository(tx);
    const pref = toPreference(await repo.findPreference(payload.userId)).dailyReminder;
    const weekday = instantToLocal(localToInstant(payload.date, payload.time).getTime()).weekday;
    if (!pref.enabled || pref.time !== payload.time || !pref.days.includes(weekday)) return 0;
    const at = localToInstant(payload.date, payload.time).getTime();
    await this.enqueueNextReminder(tx, payload.userId, pref, Math.max(nowMs, at));
    if (nowMs - at > REMINDER_STALE_AFTER_MS) return 0;
    const key = reminderKey(payload.kind, payload.userId, payload.date, payload.time);
    let queued = 0;
    for (const sub of await repo.subscriptionsOf(payload.userId)) {
      const deliver: DeliverPayload = { subscriptionId: sub.id, message: DAILY_MESSAGE, topic: 'daily-reminder', ttlSeconds: 4 * 3600 };
      if (await this.jobs.enqueue(tx, { name: PUSH_JOBS.deliver, payload: deliver, dedupeKey: `${key}:${sub.id}`, maxAttempts: 5 })) queued += 1;
    }
    return queued;
  }

  /**
   * Sends one message to one device. A subscription the push service no longer knows is removed,
   * and so is one whose endpoint the endpoint policy refuses now (stored before decision 016, or a
   * name that resolves to a private address since): never retried.
   */
  async deliver(db: Executor, payload: DeliverPayload): Promise<'sent' | 'gone' | 'refused' | 'missing'> {
    const repo = new PushRepository(db);
    const sub = await repo.findSubscription(payload.subscriptionId);
    if (!sub) return 'missing';
    const result = await this.sender.send(sub, payload.message, { topic: payload.topic, ttlSeconds: payload.ttlSeconds });
    if (result === 'refused') this.log?.warn({ subscriptionId: sub.id }, 'push endpoint refused by the endpoint policy; subscription removed');
    if (result === 'sent') await repo.markDelivered(sub.id);
    else await repo.deleteSubscription(sub.id);
    return result;
  }

  /** Account deletion (UserService.deleteAccount): her queued reminders and deliveries go, in its transaction. */
  async forgetAccount(tx: Executor, account: { id: string }): Promise<void> {
    const kinds: Array<ReminderPayload['kind']> = ['daily'];
    await this.jobs.cancelQueued(tx, reminderKeyPrefixes(kinds, account.id));
  }
}
