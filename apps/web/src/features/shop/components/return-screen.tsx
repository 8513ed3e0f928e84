import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { AlertIcon, CheckCircleIcon, CloseIcon } from '../../../components/icons/icons.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useOrder } from '../api/get-order.ts';
import { formatDate, recallReturnPath, rememberReturnPath } from '../utils/format.ts';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import styles from './shop.module.css';

type Outcome = 'paid' | 'failed' | 'canceled' | 'expired' | 'pending';

const ICONS: Record<Outcome, React.ReactNode> = {
  paid: <CheckCircleIcon size={32} />,
  failed: <AlertIcon size={32} />,
  canceled: <CloseIcon size={32} />,
  expired: <AlertIcon size={32} />,
  pending: <Spinner />,
};

/**
 * Where the provider sends her back: polls the order until its payment is final and says, in
 * Dutch, how it went. A paid order refreshes everything cached, so premium chapters open at once.
 */
export function ReturnScreen({ orderId }: { orderId: string }) {
  const { t } = useTranslation(['shop', 'common']);
  const order = useOrder(orderId);
  const queryClient = useQueryClient();
  const status = order.data?.status;

  useEffect(() => {
    if (status !== 'paid') return;
    // Premium changes what the profile, the library and the reader show: fetch them anew.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'shop' || query.queryKey[1] !== 'orders' });
  }, [status, queryClient]);

  if (order.isPending) {
    return (
      <PageShell title={t('return.title')}>
        <LoadingRow label={t('common:loading')} />
      </PageShell>
    );
  }
  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    return (
      <PageShell title={t('return.title')}>
        <Notice variant="error" role="alert">
          {notFound ? t('return.notFound') : t('return.loadError')}
        </Notice>
        <ButtonLink to={paths.shop.root.getHref()} variant="secondary">
          {t('return.toShop')}
        </ButtonLink>
      </PageShell>
    );
  }

  const outcome: Outcome = status === 'open' ? 'pending' : (status as Outcome);
  const returnTo = recallReturnPath();
  return (
    <PageShell title={t('return.title')}>
      <div className={styles.stack}>
        <section className={`${styles.result} ${styles[`result-${outcome}`]}`} aria-live="polite" aria-labelledby="result-title">
          <span className={styles.resultIcon} aria-hidden="true">
            {ICONS[outcome]}
          </span>
          <h2 id="result-title" className={styles.resultTitle}>
            {t(`return.${outcome}.title`)}
          </h2>
          <p className={styles.resultText}>{t(`return.${outcome}.text`)}</p>
          {outcome === 'paid' && order.data.subscription && (
            <p className={styles.resultText}>{t('return.paid.until', { date: formatDate(order.data.subscription.currentPeriodEnd) })}</p>
          )}
          {outcome === 'pending' && (
            <p className={styles.small} role="status">
              {t('return.pending.checking')}
            </p>
          )}
        </section>
        <div className={styles.actions}>
          {outcome === 'paid' && (
            <ButtonLink
              to={returnTo ?? paths.library.root.getHref()}
              fullWidth
              onClick={() => rememberReturnPath(null)}
            >
              {returnTo ? t('return.continue') : t('return.toLibrary')}
            </ButtonLink>
          )}
          {(outcome === 'failed' || outcome === 'canceled' || outcome === 'expired') && (
            <>
              <ButtonLink to={paths.shop.root.getHref()} fullWidth>
                {t('return.tryAgain')}
              </ButtonLink>
              <ButtonLink to={paths.library.root.getHref()} variant="ghost" fullWidth>
                {t('return.toLibrary')}
              </ButtonLink>
            </>
          )}
          {outcome === 'pending' && (
            <ButtonLink to={paths.shop.root.getHref()} variant="ghost" fullWidth>
              {t('return.toShop')}
            </ButtonLink>
          )}
        </div>
      </div>
    </PageShell>
  );
}
