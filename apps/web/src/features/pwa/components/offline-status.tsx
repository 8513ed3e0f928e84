import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { WifiOffIcon } from '../../../components/icons/icons.tsx';
import { usePendingWrites } from '../../../lib/offline/outbox.ts';
import { useNetworkStatus } from '../hooks/use-network-status.ts';
import { isNativeWrapper } from '../utils/platform.ts';
import styles from './offline-status.module.css';

/**
 * Online, a write usually reaches the server within a moment: the strip waits this long before it
 * says writes are waiting, so a reading-position save does not push the page down and back (layout
 * shift) for the few milliseconds it is in flight.
 */
export const PENDING_STRIP_DELAY_MS = 2000;

/** True once `waiting` has held for `delayMs` without a break. */
function useLasting(waiting: boolean, delayMs: number): boolean {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setLasting(true), delayMs);
    return () => {
      clearTimeout(timer);
      // the next wait starts its own delay
      setLasting(false);
    };
  }, [waiting, delayMs]);
  return waiting && lasting;
}

/**
 * A strip at the top of every screen while she is offline or writes still wait: what she sees is
 * the last known data, and how many answers are not yet saved on the server (decision 013).
 */
export function OfflineStatus({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation('pwa');
  const network = useNetworkStatus();
  // Inside the native wrapper every network notice is the wrapper's (spec section 2): the strip
  // says nothing about the connection there, only answers that still wait to be saved.
  const online = network.online || isNativeWrapper(userAgent);
  const { answers, progress, annotations } = usePendingWrites();
  const anyWaiting = answers > 0 || progress > 0 || annotations > 0;
  const lastingWait = useLasting(anyWaiting, PENDING_STRIP_DELAY_MS);
  // Offline: at once; online: only writes that keep waiting. Once shown it stays until nothing
  // waits (back online, the queue empties one write at a time: no flicker, and honest).
  const [shown, setShown] = useState(false);
  const waiting = anyWaiting && (!online || lastingWait || shown);
  if (waiting !== shown) setShown(waiting);
  if (online && !waiting) return <div role="status" className={styles.hidden} />;
  // (in the wrapper `online` is true: only waiting writes show, without the offline line)
  return (
    <div role="status" className={styles.bar} data-offline={!online || undefined}>
      <span className={styles.icon} aria-hidden="true">
        <WifiOffIcon size={18} />
      </span>
      <p className={styles.text}>
        {!online && <span className={styles.line}>{t('offlineData')}</span>}
        {answers > 0 && <span className={styles.line}>{t('pendingAnswers', { count: answers })}</span>}
        {annotations > 0 && <span className={styles.line}>{t('pendingAnnotations', { count: annotations })}</span>}
        {answers === 0 && annotations === 0 && progress > 0 && <span className={styles.line}>{t('pendingProgress')}</span>}
      </p>
    </div>
  );
}
