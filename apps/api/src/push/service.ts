import { DEFAULT_PUSH_PREFERENCE, REMINDER_TIME_ZONE, type PushMessage, type PushPreference, type PushSubscription, type PushSubscriptionBody } from '@blok/contract';
import type { Executor, PushPreferencesTable } from '@blok/db';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors.ts';
import type { EnqueueSpec } from '../jobs/queue.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { PushRepository } from './repository.ts';
import { addDays, instantToLocal, localToInstant, nextReminderSlot, reminderKey, reminderKeyPrefixes } from './schedule.ts';
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
  /** daily: the study reminder; flashcards-due: cards to review (sent from the due counts) */
  kind: 'daily' | 'flashcards-due';
  date: string;
  time: string;
  /** her time zone (her exam plan's); Europe/Amsterdam when absent (slots queued before issue 27) */
  timeZone?: string;
}

/** What the reminders ask of the plan and the flashcards (issue 27). */
export interface ReminderPlanning {
  /** her day: tasks left today, their minutes, the nearest exam */
  daySummary(userId: string): Promise<{ hasPlan: boolean; tasks: number; tasksLeft: number; minutesLeft: number; nearestExam: { subjectTitle: string; days: number } | null }>;
  /** her time zone as her plans know it, read on the caller's executor */
  timeZoneIn(db: Executor, userId: string): Promise<string | undefined>;
  /** cards due before `until` over her subjects (spaced repetition); null when there is none */
  cardsDue: ((userId: string, until: Date) => Promise<number>) | null;
}

/** The local time the flashcards-due reminder goes out, every day. */
export const FLASHCARDS_DUE_TIME = '18:00';
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

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

/** The daily reminder with her plan: what is left today and the days until her nearest exam. */
export function planMessage(day: { tasksLeft: number; minutesLeft: number; nearestExam: { subjectTitle: string; days: number } | null }): PushMessage {
  const tasks = day.tasksLeft === 1 ? '1 taak' : `${day.tasksLeft} taken`;
  let body = `Nog ${tasks} voor vandaag (${day.minutesLeft} min).`;
  if (day.nearestExam) {
    const { days, subjectTitle } = day.nearestExam;
    body += days === 0 ? ` Vandaag is je tentamen ${subjectTitle}.` : ` Nog ${days} ${days === 1 ? 'dag' : 'dagen'} tot je tentamen ${subjectTitle}.`;
  }
  return { title: 'Je plan voor vandaag', body, url: '/home', tag: 'daily-reminder' };
}

/** The flashcards-due reminder. */
export function cardsDueMessage(count: number): PushMessage {
  return {
    title: count === 1 ? '1 kaart om te herhalen' : `${count} kaarten om te herhalen`,
    body: 'Herhaal ze vandaag, dan blijven ze hangen.',
    url: '/home',
    tag: 'flashcards-due',
  };
}

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
    /** the plan and due cards (issue 27); without it the daily reminder is the plain one */
    private readonly planning?: ReminderPlanning,
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
      if (saved.dailyReminder.enabled) await this.enqueueNextReminder(tx, userId, 'daily', saved.dailyReminder, Date.now());
      if (saved.flashcardsDue.enabled && this.planning?.cardsDue) await this.enqueueNextReminder(tx, userId, 'flashcards-due', { time: FLASHCARDS_DUE_TIME, days: EVERY_DAY }, Date.now());
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

  /** Queues the next slot of a reminder in her time zone; a no-op when that slot is queued already (dedupe key). */
  private async enqueueNextReminder(tx: Executor, userId: string, kind: ReminderPayload['kind'], when: { time: string; days: number[] }, afterMs: number): Promise<void> {
    const timeZone = (await this.planning?.timeZoneIn(tx, userId)) ?? REMINDER_TIME_ZONE;
    const slot = nextReminderSlot(when, afterMs, timeZone);
    if (!slot) return;
    const payload: ReminderPayload = { userId, kind, date: slot.date, time: slot.time, timeZone };
    await this.jobs.enqueue(tx, { name: PUSH_JOBS.reminder, payload, runAt: slot.at, dedupeKey: reminderKey(kind, userId, slot.date, slot.time) });
  }

  /** Recurring: every enabled reminder has its next slot queued. */
  async scheduleAll(tx: Executor, nowMs = Date.now()): Promise<number> {
    const repo = new PushRepository(tx);
    let count = 0;
    for (const kind of ['daily', 'flashcards-due'] as const) {
      if (kind === 'flashcards-due' && !this.planning?.cardsDue) continue;
      let after = '';
      for (;;) {
        const page = kind === 'daily' ? await repo.dailyEnabled(after, 500) : await repo.flashcardsDueEnabled(after, 500);
        for (const row of page) {
          const when = kind === 'daily' ? toPreference(row).dailyReminder : { time: FLASHCARDS_DUE_TIME, days: EVERY_DAY };
          await this.enqueueNextReminder(tx, row.user_id, kind, when, nowMs);
          count += 1;
        }
        if (page.length < 500) break;
        after = page[page.length - 1]!.user_id;
      }
    }
    return count;
  }

  /**
   * The job of one reminder slot. What it says is read first, outside a transaction (her plan, her
   * due cards: the plan feature reads through its own unit of work); then one unit of work re-checks
   * the slot, fans out the deliveries and queues the next slot. Their dedupe keys make a repeat of
   * the job (a process that died before marking it done) send nothing twice.
   */
  async remind(payload: ReminderPayload, nowMs = Date.now()): Promise<number> {
    let message: PushMessage | null = DAILY_MESSAGE;
    if (payload.kind === 'daily' && this.planning) {
      const day = await this.planning.daySummary(payload.userId);
      // Today's plan is done: no reminder.
      if (day.hasPlan && day.tasks > 0) message = day.tasksLeft === 0 ? null : planMessage(day);
    } else if (payload.kind === 'flashcards-due') {
      const zone = payload.timeZone ?? REMINDER_TIME_ZONE;
      const local = instantToLocal(nowMs, zone);
      const endOfDay = localToInstant(addDays(local.date, 1), '00:00', zone);
      const due = this.planning?.cardsDue ? await this.planning.cardsDue(payload.userId, endOfDay) : 0;
      message = due > 0 ? cardsDueMessage(due) : null;
    }
    return this.uow.run((tx) => this.runReminder(tx, payload, nowMs, message));
  }

  /**
   * One reminder slot: sent only if the student still wants it at this day and time (she may have
   * changed it since it was queued), it is not hours late and there is something to say (`message`
   * null: her plan for today is done, or no cards are due); fans out to each of her devices as its
   * own job, and queues her next slot.
   */
  async runReminder(tx: Executor, payload: ReminderPayload, nowMs = Date.now(), message: PushMessage | null = DAILY_MESSAGE): Promise<number> {
    const repo = new PushRepository(tx);
    const zone = payload.timeZone ?? REMINDER_TIME_ZONE;
    const pref = toPreference(await repo.findPreference(payload.userId));
    const when = payload.kind === 'daily' ? pref.dailyReminder : { enabled: pref.flashcardsDue.enabled, time: FLASHCARDS_DUE_TIME, days: EVERY_DAY };
    const at = localToInstant(payload.date, payload.time, zone).getTime();
    const weekday = instantToLocal(at, zone).weekday;
    if (!when.enabled || when.time !== payload.time || !when.days.includes(weekday)) return 0;
    await this.enqueueNextReminder(tx, payload.userId, payload.kind, when, Math.max(nowMs, at));
    if (nowMs - at > REMINDER_STALE_AFTER_MS || message === null) return 0;
    const key = reminderKey(payload.kind, payload.userId, payload.date, payload.time);
    let queued = 0;
    for (const sub of await repo.subscriptionsOf(payload.userId)) {
      const deliver: DeliverPayload = { subscriptionId: sub.id, message, topic: message.tag, ttlSeconds: 4 * 3600 };
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
    const kinds: Array<ReminderPayload['kind']> = ['daily', 'flashcards-due'];
    await this.jobs.cancelQueued(tx, reminderKeyPrefixes(kinds, account.id));
  }
}
