import styles from './weekday-checkboxes.module.css';

/** ISO weekdays, Monday 1 to Sunday 7. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * The seven days as checkboxes in a grid (two columns on a phone, four wider), for a form's study
 * days: a Blok exam plan's and her own course's. The caller gives the fieldset, its legend and its
 * hint or error, and each day's name in its own strings.
 */
export function WeekdayCheckboxes({ days, onChange, label }: { days: readonly number[]; onChange: (days: number[]) => void; label: (day: Weekday) => string }) {
  const toggle = (day: Weekday) => onChange(days.includes(day) ? days.filter((d) => d !== day) : [...days, day]);
  return (
    <div className={styles.grid}>
      {WEEKDAYS.map((day) => (
        <label key={day} className={styles.day}>
          <input type="checkbox" name="studyDays" value={day} checked={days.includes(day)} onChange={() => toggle(day)} />
          <span>{label(day)}</span>
        </label>
      ))}
    </div>
  );
}
