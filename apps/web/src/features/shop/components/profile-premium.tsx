import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useShop } from '../api/get-shop.ts';
import { SubscriptionCard } from './subscription-card.tsx';
import styles from './shop.module.css';

/**
 * Her Premium in the profile: with a subscription, its end date and cancel (as in the shop);
 * without one (or while loading), the profile's own card (`fallback`).
 */
export function ProfilePremium({ fallback }: { fallback: ReactNode }) {
  const { t } = useTranslation('shop');
  const shop = useShop();
  const subscription = shop.data?.subscription;
  if (!subscription) return <>{fallback}</>;
  return (
    <SubscriptionCard
      subscription={subscription}
      footer={
        <Link to={paths.shop.root.getHref()} className={styles.link}>
          {t('subscription.manage')}
        </Link>
      }
    />
  );
}
