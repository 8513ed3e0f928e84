import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon, InfoIcon } from '../../icons/icons.tsx';
import styles from './notice.module.css';

type NoticeProps = {
  variant?: 'info' | 'success' | 'warning' | 'error';
  title?: string;
  children: ReactNode;
  /** 'alert' interrupts the screen reader; 'status' waits politely. */
  role?: 'alert' | 'status';
};

/** An inline message block (login notices, load errors). */
export function Notice({ variant = 'info', title, children, role = 'status' }: NoticeProps) {
  const icon = variant === 'success' ? <CheckCircleIcon size={20} /> : variant === 'info' ? <InfoIcon size={20} /> : <AlertIcon size={20} />;
  return (
    <div className={`${styles.notice} ${styles[variant]}`} role={role}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <div>
        {title && <p className={styles.title}>{title}</p>}
        <div className={styles.text}>{children}</div>
      </div>
    </div>
  );
}
