import { REMINDER_TIME_ZONE } from '@blok/contract';

/** A local calendar date and wall-clock time in the reminder zone. */
export interface LocalSlot {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
  /** ISO weekday of the date, 1 Monday … 7 Sunday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a zone. */
function wallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), mo: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), mi: Number(parts.minute), s: Number(parts.second) };
}

/** Offset of the zone from UTC at an instant, in milliseconds (Amsterdam: +1 h in winter, +2 h in summer). */
export function zoneOffsetMs(ms: number, timeZone = REMINDER_TIME_ZONE): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a local date and time happen in the zone. A time that does not exist (the hour
 * skipped when summer time starts) moves forward by the gap, as a clock would (02:30 becomes
 * 03:30); a time that happens twice (when summer time ends) is its first occurrence.
 */
export function localToInstant(date: string, time: string, timeZone = REMINDER_TIME_ZONE): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  // Try the offsets before and after the moment; the earlier valid one wins (first occurrence).
  const candidates = [naive - zoneOffsetMs(naive - 86_400_000 / 2, timeZone), naive - zoneOffsetMs(naive + 86_400_000 / 2, timeZone)].sort((a, b) => a - b);
  for (const c of candidates) {
    const w = wallClock(c, timeZone);
    if (Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi) === naive) return new Date(c);
  }
  // In the gap: neither offset gives that wall time. Use the offset from before the gap.
  return new Date(naive - zoneOffsetMs(naive - 86_400_000 / 2, timeZone));
}

/** The local date, time and weekday of an instant. */
export function instantToLocal(ms: number, timeZone = REMINDER_TIME_ZONE): LocalSlot {
  const w = wallClock(ms, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  const weekday = ((new Date(Date.UTC(w.y, w.mo - 1, w.d)).getUTCDay() + 6) % 7) + 1;
  return { date: `${w.y}-${pad(w.mo)}-${pad(w.d)}`, time: `${pad(w.h)}:${pad(w.mi)}`, weekday };
}

/** The YYYY-MM-DD date `days` after `date`. */
export function addDays(date: string, days: number): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The next reminder slot strictly after `afterMs`: the first of the coming eight local days whose
 * weekday is chosen, at the chosen local time. Null when no day is chosen.
 */
export function nextReminderSlot(
  pref: { time: string; days: number[] },
  afterMs: number,
  timeZone = REMINDER_TIME_ZONE,
): { date: string; time: string; at: Date } | null {
  if (pref.days.length === 0) return null;
  const today = instantToLocal(afterMs, timeZone);
  for (let i = 0; i <= 8; i += 1) {
    const date = addDays(today.date, i);
    const weekday = ((today.weekday - 1 + i) % 7) + 1;
    if (!pref.days.includes(weekday)) continue;
    const at = localToInstant(date, pref.time, timeZone);
    if (at.getTime() > afterMs) return { date, time: pref.time, at };
  }
  return null;
}

/** Dedupe key of one reminder: one per student, kind, local date and slot, whatever the number of processes. */
export const reminderKey = (kind: string, userId: string, date: string, time: string) => `push:${kind}:${userId}:${date}:${time}`;

/**
 * The start of every dedupe key of one student's push jobs, whatever the kind: her reminders
 * (`reminderKey`) and their deliveries (a reminder's key and the subscription).
 */
export const reminderKeyPrefixes = (kinds: readonly string[], userId: string) => kinds.map((kind) => `push:${kind}:${userId}:`);
