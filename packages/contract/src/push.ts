import { z } from 'zod';

/** ISO weekday: 1 Monday … 7 Sunday. */
export const WeekdaySchema = z.number().int().min(1).max(7);

/** Reminder times are local times in this zone, daylight saving included. */
export const REMINDER_TIME_ZONE = 'Europe/Amsterdam';

/**
 * A student's push preferences (GET and PUT user/push-preference). Everything is off until she
 * turns it on. `flashcardsDue` is stored and shown, and sent once the flashcards feature exposes
 * due counts (decision record "profile, push and reset").
 */
export const PushPreferenceSchema = z.object({
  dailyReminder: z.object({
    enabled: z.boolean(),
    /** local time HH:MM (24 hours) */
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    /** the weekdays to remind on; at least one when enabled */
    days: z
      .array(WeekdaySchema)
      .max(7)
      .refine((days) => new Set(days).size === days.length, { message: 'Elke dag mag maar één keer voorkomen.' }),
  }),
  flashcardsDue: z.object({ enabled: z.boolean() }),
  subjectNews: z.object({ enabled: z.boolean() }),
});
export type PushPreference = z.infer<typeof PushPreferenceSchema>;

export const PushPreferenceBodySchema = PushPreferenceSchema.refine((p) => !p.dailyReminder.enabled || p.dailyReminder.days.length > 0, {
  message: 'Kies minstens één dag voor je studieherinnering.',
  path: ['dailyReminder', 'days'],
});

/** Everything off; the reminder, once turned on, starts at 19:00 on weekdays. */
export const DEFAULT_PUSH_PREFERENCE: PushPreference = {
  dailyReminder: { enabled: false, time: '19:00', days: [1, 2, 3, 4, 5] },
  flashcardsDue: { enabled: false },
  subjectNews: { enabled: false },
};

/** The VAPID public key the browser subscribes with (base64url). */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** POST user/push-subscriptions: the browser's PushSubscription.toJSON(). */
export const PushSubscriptionBodySchema = z.object({
  /** the push service's address: https only (decision 016; the server checks the host too) */
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.min(80).max(200), auth: base64url.min(16).max(64) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushSubscriptionSchema = z.object({ id: z.string(), createdAt: z.string() });
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

export const PushSubscriptionParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** What the service worker receives in a push message. */
export const PushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** the app path a click on the notification opens */
  url: z.string(),
  /** notifications with the same tag replace each other */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;
