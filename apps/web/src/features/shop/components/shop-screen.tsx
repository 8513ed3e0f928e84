import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Product, ProductId } from '@blok/contract/shop';
import { PageShell } from '../../../components/layouts/page-shell.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Notice } from '../../../components/ui/notice/notice.tsx';
import { CheckCircleIcon } from '../../../components/icons/icons.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useCheckout } from '../api/checkout.ts';
import { useShop } from '../api/get-shop.ts';
import { formatEuro, rememberReturnPath } from '../utils/format.ts';
import { useGoTo } from '../hooks/use-go-to.ts';
import { SubscriptionCard } from './subscription-card.tsx';
import { LoadingRow } from '../../../components/ui/loading-row/loading-row.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import styles from './shop.module.css';

const BENEFITS = ['allChapters', 'allSubjects', 'everyDevice', 'alwaysFree'] as const;

function PlanOption({ product, checked, onChange }: { product: Product; checked: boolean; onChange: () => void }) {
  const { t } = useTranslation('shop');
  const yearly = product.intervalMonths === 12;
  const id = `plan-${product.id}`;
  return (
    <label className={`${styles.plan} ${checked ? styles.planChecked : ''}`} htmlFor={id}>
      <input id={id} type="radio" name="plan" value={product.id} checked={checked} onChange={onChange} className={styles.planRadio} />
      <span className={styles.planBody}>
        <span className={styles.planHeader}>
          <span className={styles.planName}>{t(`plans.${product.id}`)}</span>
          {product.savingCents > 0 && <span className={styles.badge}>{t('plans.saving', { amount: formatEuro(product.savingCents) })}</span>}
        </span>
        <span className={styles.planPrice}>
          <strong>{formatEuro(product.priceCents)}</strong> {yearly ? t('plans.perYear') : t('plans.perMonth')}
        </span>
        <span className={styles.planNote}>{yearly ? t('plans.monthlyEquivalent', { amount: formatEuro(product.monthlyPriceCents) }) : t('plans.monthlyCancel')}</span>
      </span>
    </label>
  );
}

/** The shop: what Premium gives, the plans with Dutch prices, checkout; her subscription when she has one. */
export function ShopScreen({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation(['shop', 'common']);
  const shop = useShop();
  const checkout = useCheckout();
  const goToCheckout = useGoTo();
  const [choice, setChoice] = useState<ProductId>('premium-year');

  if (shop.isPending) {
    return (
      <PageShell title={t('title')}>
        <LoadingRow label={t('common:loading')} />
      </PageShell>
    );
  }
  if (shop.isError) {
    return (
      <PageShell title={t('title')}>
        <Notice variant="error" role="alert">
          {t('loadError')}
        </Notice>
        <Button variant="secondary" onClick={() => void shop.refetch()}>
          {t('retry')}
        </Button>
      </PageShell>
    );
  }

  const { products, subscription, provider } = shop.data;
  const renews = subscription?.status === 'active';
  const chosen = products.find((p) => p.id === choice) ?? products[0]!;
  const checkoutError =
    checkout.error instanceof ApiError && checkout.error.code === 'subscription_active' ? t('alreadyActive') : checkout.isError ? t('checkoutError') : null;

  return (
    <PageShell title={t('title')}>
      <div className={styles.stack}>
        {/* The built-in test checkout takes the payments (PAYMENTS=test, decision 015): said first, on every visit. */}
        {provider === 'test' && (
          <section aria-label={t('testMode.label')}>
            <Notice variant="warning" title={t('testMode.title')}>
              {t('testMode.text')}
            </Notice>
          </section>
        )}
        {subscription && <SubscriptionCard subscription={subscription} />}

        <section className={styles.hero} aria-labelledby="premium-title">
          <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
          <h2 id="premium-title" className={styles.heroTitle}>
            {t('hero.title')}
          </h2>
          <p className={styles.heroText}>{t('hero.text')}</p>
        </section>

        <Card as="section" spacious className={styles.card} aria-labelledby="benefits-title">
          <h2 id="benefits-title" className={styles.sectionTitle}>
            {t('benefits.title')}
          </h2>
          <ul className={styles.benefits}>
            {BENEFITS.map((key) => (
              <li key={key}>
                <CheckCircleIcon size={20} />
                <span>{t(`benefits.${key}`)}</span>
              </li>
            ))}
          </ul>
        </Card>

        {!renews && (
          <Card
            as="form"
            spacious
            className={styles.card}
            onSubmit={(event) => {
              event.preventDefault();
              checkout.mutate(chosen.id, {
                onSuccess: (result) => {
                  rememberReturnPath(returnTo);
                  goToCheckout(result.checkoutUrl);
                },
              });
            }}
          >
            <fieldset className={styles.plans}>
              <legend className={styles.sectionTitle}>{t('plans.legend')}</legend>
              {products.map((product) => (
                <PlanOption key={product.id} product={product} checked={product.id === chosen.id} onChange={() => setChoice(product.id)} />
              ))}
            </fieldset>
            <p className={styles.small}>{t('plans.vat', { amount: formatEuro(chosen.vatCents) })}</p>
            <p className={styles.small}>{t('plans.renewal')}</p>
            {checkoutError && (
              <Notice variant="error" role="alert">
                {checkoutError}
              </Notice>
            )}
            <Button type="submit" fullWidth isBusy={checkout.isPending || checkout.isSuccess} busyLabel={t('paying')}>
              {`${t('pay')} · ${formatEuro(chosen.priceCents)}`}
            </Button>
          </Card>
        )}

        <section aria-labelledby="savings-title" className={styles.savings}>
          <h2 id="savings-title" className={styles.sectionTitle}>
            {t('savings.title')}
          </h2>
          <p>{t('savings.text')}</p>
        </section>
      </div>
    </PageShell>
  );
}
