const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * An FSRS interval in seconds as a short Dutch label on a rating button, the way Anki shows it:
 * "< 1 min", "10 min", "3 uur", "1 dag", "3 dagen", "2 mnd", "1,5 jaar".
 */
export function formatInterval(seconds: number): string {
  if (seconds < MINUTE) return '< 1 min';
  if (seconds < HOUR) return `${Math.round(seconds / MINUTE)} min`;
  if (seconds < DAY) return `${Math.round(seconds / HOUR)} uur`;
  if (seconds < MONTH) {
    const days = Math.round(seconds / DAY);
    return days === 1 ? '1 dag' : `${days} dagen`;
  }
  if (seconds < YEAR) return `${Math.round(seconds / MONTH)} mnd`;
  const years = Math.round((seconds / YEAR) * 10) / 10;
  return `${String(years).replace('.', ',')} jaar`;
}

/** The same interval written out for screen readers: "over 10 minuten", "over 3 dagen". */
export function describeInterval(seconds: number): string {
  if (seconds < MINUTE) return 'over minder dan een minuut';
  if (seconds < HOUR) {
    const n = Math.round(seconds / MINUTE);
    return `over ${n} ${n === 1 ? 'minuut' : 'minuten'}`;
  }
  if (seconds < DAY) return `over ${Math.round(seconds / HOUR)} uur`;
  if (seconds < MONTH) {
    const n = Math.round(seconds / DAY);
    return `over ${n} ${n === 1 ? 'dag' : 'dagen'}`;
  }
  if (seconds < YEAR) {
    const n = Math.round(seconds / MONTH);
    return `over ${n} ${n === 1 ? 'maand' : 'maanden'}`;
  }
  return `over ${String(Math.round((seconds / YEAR) * 10) / 10).replace('.', ',')} jaar`;
}
