import { useTranslation } from 'react-i18next';
import { WifiOffIcon } from '../../../components/icons/icons.tsx';
import { usePendingWrites } from '../../../lib/offline/outbox.ts';
import { useNetworkStatus } from '../hooks/use-network-status.ts';
import styles from './offline-status.module.css';

/**
 * A strip at the top of every screen while she is offline or writes still wait: what she sees is
 * the last known data, and how many answers are not yet saved on the server (decision 013).
 */
export function OfflineStatus() {
  const { t } = useTranslation('pwa');
  const { online } = useNetworkStatus();
  const { answers, progress } = usePendingWrites();
  const waiting = answers > 0 || progress > 0;
  if (online && !waiting) return <div role="status" className={styles.hidden} />;
  return (
    <div role="status" className={styles.bar} data-offline={!online || undefined}>
      <span className={styles.icon} aria-hidden="true">
        <WifiOffIcon size={18} />
      </span>
      <p className={styles.text}>
        {!online && <span className={styles.line}>{t('offlineData')}</span>}
        {answers > 0 && <span className={styles.line}>{t('pendingAnswers', { count: answers })}</span>}
        {answers === 0 && progress > 0 && <span className={styles.line}>{t('pendingProgress')}</span>}
      </p>
    </div>
  );
}
