import { z } from 'zod/mini';

/** ISO weekday: 1 Monday … 7 Sunday. */
export const WeekdaySchema = z.int().check(z.minimum(1), z.maximum(7));

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
    time: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Kies een tijd tussen 00:00 en 23:59' })),
    /** the weekdays to remind on; at least one when enabled */
    days: z.array(WeekdaySchema).check(z.maxLength(7), z.refine((days) => new Set(days).size === days.length, { message: 'Elke dag mag maar één keer voorkomen.' })),
  }),
  flashcardsDue: z.object({ enabled: z.boolean() }),
  subjectNews: z.object({ enabled: z.boolean() }),
});
export type PushPreference = z.infer<typeof PushPreferenceSchema>;

export const PushPreferenceBodySchema = PushPreferenceSchema.check(z.refine((p) => !p.dailyReminder.enabled || p.dailyReminder.days.length > 0, {
  message: 'Kies minstens één dag voor je studieherinnering.',
  path: ['dailyReminder', 'days'],
}));

/** Everything off; the reminder, once turned on, starts at 19:00 on weekdays. */
export const DEFAULT_PUSH_PREFERENCE: PushPreference = {
  dailyReminder: { enabled: false, time: '19:00', days: [1, 2, 3, 4, 5] },
  flashcardsDue: { enabled: false },
  subjectNews: { enabled: false },
};

/** The VAPID public key the browser subscribes with (base64url). */
export const PushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

const base64url = z.string().check(z.regex(/^[A-Za-z0-9_-]+={0,2}$/));

/** POST user/push-subscriptions: the browser's PushSubscription.toJSON(). */
export const PushSubscriptionBodySchema = z.object({
  /** the push service's address: https only (decision 016; the server checks the host too) */
  endpoint: z.url({ protocol: /^https$/ }).check(z.maxLength(2048)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64url.check(z.minLength(80), z.maxLength(200)), auth: base64url.check(z.minLength(16), z.maxLength(64)) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushSubscriptionSchema = z.object({ id: z.string(), createdAt: z.string() });
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

export const PushSubscriptionParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

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
