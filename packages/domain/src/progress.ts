/**
 * The figures of the progress page (Voortgang, issue 27; decision 022) that are computed, not
 * stored: her local dates, and the minutes she studied per day, estimated from the times of what
 * she did (no screen keeps a stopwatch).
 */

/** A gap between two actions longer than this ends a study stretch; a shorter one counts whole. */
export const STUDY_GAP_MS = 5 * 60 * 1000;
/** Each stretch of study counts at least this long (the time on its first action). */
export const STUDY_STRETCH_MIN_MS = 60 * 1000;

/**
 * One formatter per time zone, kept: a new Intl.DateTimeFormat costs about 48 µs against 1 µs for a
 * kept one's format, and holds ICU memory outside the JavaScript heap that the collector does not
 * see (300,000 fresh ones: 1.3 GB resident). The progress page formats a date per answer and event;
 * bench:scale had the API process at 2.3 GB. A zone that does not exist throws before it is kept, so
 * the map holds at most the IANA zones.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Her local calendar date (YYYY-MM-DD) of an instant in an IANA time zone. */
export function localDate(instant: Date | string | number, timeZone: string): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(date);
}

/** A calendar date `days` after (or before) another, both YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** One thing she did: an answer or a card at an instant; a chapter read counts its reading minutes. */
export interface StudyEvent {
  at: string;
  /** reading: the chapter's reading time in minutes, counted on the day she finished it */
  minutes?: number;
}

export interface StudyDay {
  date: string;
  minutes: number;
  /** answers, cards and chapters read that day */
  activities: number;
}

/**
 * Minutes studied per local day: within a day, actions less than 5 minutes apart belong to one
 * stretch whose length counts (plus a minute for its first action); a read chapter adds its
 * reading time. Days without anything are absent. Sorted by date.
 */
export function studyDays(events: readonly StudyEvent[], timeZone: string): StudyDay[] {
  const byDay = new Map<string, { times: number[]; reading: number; activities: number }>();
  for (const e of events) {
    const t = Date.parse(e.at);
    if (Number.isNaN(t)) continue;
    const date = localDate(t, timeZone);
    let day = byDay.get(date);
    if (!day) byDay.set(date, (day = { times: [], reading: 0, activities: 0 }));
    day.activities++;
    if (e.minutes !== undefined) day.reading += e.minutes;
    else day.times.push(t);
  }
  return [...byDay]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, day]) => {
      const times = day.times.sort((a, b) => a - b);
      let ms = 0;
      for (let i = 0; i < times.length; i++) {
        const gap = i === 0 ? Infinity : times[i]! - times[i - 1]!;
        ms += gap > STUDY_GAP_MS ? STUDY_STRETCH_MIN_MS : gap;
      }
      return { date, minutes: Math.max(1, Math.round(ms / 60000 + day.reading)), activities: day.activities };
    });
}
