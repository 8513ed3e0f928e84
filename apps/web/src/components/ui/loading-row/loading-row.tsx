import { Spinner } from '../spinner/spinner.tsx';
import styles from './loading-row.module.css';

/** A screen's loading line: a spinner and what is loading, announced politely. */
export function LoadingRow({ label, spinnerSize }: { label: string; spinnerSize?: number }) {
  return (
    <p className={styles.loading} role="status">
      <Spinner size={spinnerSize} />
      <span>{label}</span>
    </p>
  );
}
