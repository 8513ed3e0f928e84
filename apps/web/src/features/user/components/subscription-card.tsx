import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import type { Profile } from '@blok/contract/user';
import { Card } from '../../../components/ui/card/card.tsx';
import styles from './profile.module.css';

/** The subscription's state, linking to subscriptionUrl (the shop owns what happens there). */
export function SubscriptionCard({ profile }: { profile: Pick<Profile, 'hasSubscription' | 'subscriptionUrl'> }) {
  const { t } = useTranslation('profile');
  return (
    <Card as="section" spacious aria-labelledby="profile-subscription-heading">
      <h2 id="profile-subscription-heading" className={styles.panelTitle}>
        {t('subscription.title')}
      </h2>
      <p>{profile.hasSubscription ? t('subscription.active') : t('subscription.none')}</p>
      <Link to={profile.subscriptionUrl} className={styles.panelLink}>
        {profile.hasSubscription ? t('subscription.manage') : t('subscription.view')}
      </Link>
    </Card>
  );
}
