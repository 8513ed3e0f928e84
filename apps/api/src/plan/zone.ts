// Her local date and the instants her days start, in any IANA time zone (daylight saving included).

/** The default zone of a student who never said hers (the app is Dutch). */
export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(ms: number, timeZone: string) {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), mo: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), mi: Number(parts.minute), s: Number(parts.second) };
}

/** Her local date (YYYY-MM-DD) at an instant. */
export function localDate(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${w.y}-${String(w.mo).padStart(2, '0')}-${String(w.d).padStart(2, '0')}`;
}

function offsetMs(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000;
}

/** The instant a local date starts (its first minute; a day that starts in a DST gap starts after it). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, mo - 1, d);
  for (const guess of [naive - offsetMs(naive - 43_200_000, timeZone), naive - offsetMs(naive + 43_200_000, timeZone)].sort((a, b) => a - b)) {
    if (localDate(guess, timeZone) === date) return new Date(guess);
  }
  return new Date(naive - offsetMs(naive, timeZone));
}
