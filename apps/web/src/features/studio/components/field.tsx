import { useId, type ReactNode } from 'react';
import styles from './studio.module.css';

/** A labelled control: the label names it by id (not by wrapping, which would add its value to the name). */
export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}
