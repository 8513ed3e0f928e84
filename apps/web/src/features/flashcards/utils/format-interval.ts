import type { TFunction } from 'i18next';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const years = (seconds: number) => String(Math.round((seconds / YEAR) * 10) / 10).replace('.', ',');

/**
 * An FSRS interval in seconds as a short Dutch label on a rating button, the way Anki shows it:
 * "< 1 min", "10 min", "3 uur", "1 dag", "3 dagen", "2 mnd", "1,5 jaar" (plurals through i18n).
 */
export function formatInterval(seconds: number, t: TFunction<'flashcards'>): string {
  if (seconds < MINUTE) return t('interval.underMinute');
  if (seconds < HOUR) return t('interval.minutes', { count: Math.round(seconds / MINUTE) });
  if (seconds < DAY) return t('interval.hours', { count: Math.round(seconds / HOUR) });
  if (seconds < MONTH) return t('interval.days', { count: Math.round(seconds / DAY) });
  if (seconds < YEAR) return t('interval.months', { count: Math.round(seconds / MONTH) });
  return t('interval.years', { years: years(seconds) });
}

/** The same interval written out for screen readers: "over 10 minuten", "over 3 dagen". */
export function describeInterval(seconds: number, t: TFunction<'flashcards'>): string {
  if (seconds < MINUTE) return t('interval.spokenUnderMinute');
  if (seconds < HOUR) return t('interval.spokenMinutes', { count: Math.round(seconds / MINUTE) });
  if (seconds < DAY) return t('interval.spokenHours', { count: Math.round(seconds / HOUR) });
  if (seconds < MONTH) return t('interval.spokenDays', { count: Math.round(seconds / DAY) });
  if (seconds < YEAR) return t('interval.spokenMonths', { count: Math.round(seconds / MONTH) });
  return t('interval.spokenYears', { years: years(seconds) });
}
