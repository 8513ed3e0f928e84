import type { StatusKind } from '@blok/domain/status';
import styles from './status-icon.module.css';

type StatusIconProps = { kind: StatusKind; size?: number };

/**
 * The four row icons of the results (spec section 2): green check correct, yellow partial, red
 * cross wrong, question mark for skipped or review. Decorative: the row's text names the status.
 */
export function StatusIcon({ kind, size = 28 }: StatusIconProps) {
  return (
    <span className={`${styles.icon} ${styles[kind]}`} style={{ width: size, height: size }} aria-hidden="true" data-status={kind}>
      <svg viewBox="0 0 24 24" width={size * 0.62} height={size * 0.62} fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" focusable="false">
        {kind === 'correct' && <path d="m5 12.5 4.5 4.5L19 7.5" />}
        {kind === 'wrong' && <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />}
        {kind === 'partial' && <path d="M5 12h14" />}
        {kind === 'open' && (
          <>
            <path d="M9 9a3 3 0 1 1 4.2 2.75c-.75.33-1.2 1.07-1.2 1.9V14.5" />
            <path d="M12 18.5h.01" strokeWidth={3.5} />
          </>
        )}
      </svg>
    </span>
  );
}
