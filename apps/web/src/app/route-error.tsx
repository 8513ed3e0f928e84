import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from '../lib/i18n.ts';
import { paths } from '../config/paths.ts';
import { Button, ButtonLink } from '../components/ui/button/button.tsx';
import { AlertIcon, RefreshIcon } from '../components/icons/icons.tsx';
import { isChunkLoadError } from './lazy-route.ts';
import styles from './route-error.module.css';

/** Error screen of the router: chunk load failures and unexpected errors. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  if (!chunk && !isRouteErrorResponse(error)) console.error(error);
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden="true">
          <AlertIcon size={28} />
        </span>
        <h1>{chunk ? t('errors.chunkTitle') : t('errors.routeTitle')}</h1>
        <p className={styles.text}>{chunk ? t('errors.chunkText') : t('errors.routeText')}</p>
        <div className={styles.actions}>
          <Button icon={<RefreshIcon size={20} />} onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
          <ButtonLink to={paths.home.root.getHref()} variant="secondary" reloadDocument>
            {t('goHome')}
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}
