import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { TEST_CHECKOUT_OUTCOMES, type TestCheckoutBody } from '@blok/contract/shop';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSettleTestPayment, useTestPayment } from '../api/test-payment.ts';
import { formatEuro } from '../utils/format.ts';
import { useGoTo } from '../hooks/use-go-to.ts';
import { Card } from '../../../components/ui/card/card.tsx';
import styles from './shop.module.css';

type Outcome = TestCheckoutBody['status'];

/**
 * The built-in test checkout (no MOLLIE_API_KEY): clearly a test, the tester chooses how the
 * payment ends; the server applies it through the same webhook path as Mollie's, then she goes
 * to the return page like after a real payment.
 */
export function TestCheckoutScreen({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation(['shop', 'common']);
  const goTo = useGoTo();
  const payment = useTestPayment(paymentId);
  const settle = useSettleTestPayment();
  const [outcome, setOutcome] = useState<Outcome>('paid');

  if (payment.isPending) {
    return (
      <PageShell title={t('testCheckout.title')}>
        <p className={styles.loading} role="status">
          <Spinner /> {t('common:loading')}
        </p>
      </PageShell>
    );
  }
  if (payment.isError) {
    const notFound = payment.error instanceof ApiError && payment.error.status === 404;
    return (
      <PageShell title={t('testCheckout.title')}>
        <Notice variant="error" role="alert">
          {notFound ? t('testCheckout.notFound') : t('testCheckout.error')}
        </Notice>
      </PageShell>
    );
  }

  const p = payment.data;
  const isOpen = p.status === 'open' || p.status === 'pending' || p.status === 'authorized';
  return (
    <div className={styles.testFrame}>
      <PageShell title={t('testCheckout.title')}>
        <div className={styles.stack}>
          <Notice variant="warning" role="status" title={t('testCheckout.badge')}>
            {t('testCheckout.notice')}
          </Notice>
          <Card as="dl" spacious className={`${styles.card} ${styles.facts}`}>
            <div>
              <dt>{t('testCheckout.product')}</dt>
              <dd>{p.description}</dd>
            </div>
            <div>
              <dt>{t('testCheckout.amount')}</dt>
              <dd className={styles.amount}>{formatEuro(p.amountCents)}</dd>
            </div>
          </Card>
          {isOpen ? (
            <Card
              as="form"
              spacious
              className={styles.card}
              aria-label={t('testCheckout.title')}
              onSubmit={(event) => {
                event.preventDefault();
                settle.mutate({ id: p.id, status: outcome }, { onSuccess: (result) => goTo(result.redirectUrl || '/shop') });
              }}
            >
              <fieldset className={styles.outcomes}>
                <legend className={styles.sectionTitle}>{t('testCheckout.legend')}</legend>
                {TEST_CHECKOUT_OUTCOMES.map((value) => (
                  <label key={value} className={styles.outcome}>
                    <input type="radio" name="outcome" value={value} checked={outcome === value} onChange={() => setOutcome(value)} />
                    <span>{t(`testCheckout.outcomes.${value}`)}</span>
                  </label>
                ))}
              </fieldset>
              {settle.isError && (
                <Notice variant="error" role="alert">
                  {settle.error instanceof ApiError && settle.error.code === 'payment_final' ? t('testCheckout.final') : t('testCheckout.error')}
                </Notice>
              )}
              <Button type="submit" fullWidth isBusy={settle.isPending} busyLabel={t('testCheckout.submitting')}>
                {t('testCheckout.submit')}
              </Button>
            </Card>
          ) : (
            <>
              <Notice variant="info">{t('testCheckout.final')}</Notice>
              {p.redirectUrl && (
                <Button variant="secondary" fullWidth onClick={() => goTo(p.redirectUrl)}>
                  {t('testCheckout.toOrder')}
                </Button>
              )}
            </>
          )}
        </div>
      </PageShell>
    </div>
  );
}
