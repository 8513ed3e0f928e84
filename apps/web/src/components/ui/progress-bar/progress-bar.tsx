import styles from './progress-bar.module.css';

/**
 * A labelled progress bar, 0..100 (rounded and clamped). `valueText` is what a screen reader says
 * instead of the percentage ('Vraag 3 van 20'); `tone` success colours a finished subject.
 */
export function ProgressBar({ value, label, valueText, tone = 'primary' }: { value: number; label: string; valueText?: string; tone?: 'primary' | 'success' }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      data-tone={tone}
    >
      <span className={styles.fill} style={{ width: `${clamped}%` }} />
    </div>
  );
}
