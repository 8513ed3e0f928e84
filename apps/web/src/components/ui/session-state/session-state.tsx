import type { ReactNode } from 'react';
import { Spinner } from '../spinner/spinner.tsx';
import styles from './session-state.module.css';

/** A full-screen session's state before it can start (loading, an error): heading, message, ways on. */
export function SessionStateBlock({ children }: { children: ReactNode }) {
  return <div className={styles.block}>{children}</div>;
}

/** The session is loading: a large spinner over the text, centred, announced politely. */
export function SessionLoading({ label }: { label: string }) {
  return (
    <div className={styles.loading} role="status">
      <Spinner size={28} />
      <p>{label}</p>
    </div>
  );
}

/** The buttons under a session's error, one under the other. */
export function SessionStateActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
