import styles from './library.module.css';

/** A labelled progress bar (0..100). */
export function ProgressBar({ value, label, tone = 'primary' }: { value: number; label: string; tone?: 'primary' | 'success' }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      data-tone={tone}
    >
      <span className={styles.progressFill} style={{ width: `${clamped}%` }} />
    </div>
  );
}
