import { useTranslation } from '../lib/i18n.ts';
import { Logo } from '../components/illustrations/logo.tsx';
import { Spinner } from '../components/ui/spinner/spinner.tsx';
import styles from './app-splash.module.css';

/** Shown while the first route's guard and code load. */
export function AppSplash() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.splash} role="status" aria-label={t('loading')} data-app-splash="">
      <Logo height={40} />
      <span className={styles.spinner}>
        <Spinner size={22} />
      </span>
    </div>
  );
}
