import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { CheckCircleIcon } from '../../../components/icons/icons.tsx';
import { LockIcon } from './summary-icons.tsx';
import styles from './summary.module.css';

type PaywallProps = {
  /** where 'back' goes: the previous (free) chapter or the chapter list */
  back: { to: string; label: string };
};

/** Shown instead of a premium chapter when she has no subscription (403 premium_required). */
export function Paywall({ back }: PaywallProps) {
  const { t } = useTranslation('summary');
  const location = useLocation();
  // Premium unlocks chapters only: practice questions and flashcards are free for everyone.
  const benefits = ['allChapters', 'allSubjects', 'everyDevice', 'savings'] as const;
  return (
    <section className={styles.paywall} aria-labelledby="paywall-title">
      <div className={styles.teaser} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <div className={styles.paywallCard}>
        <span className={styles.paywallIcon} aria-hidden="true">
          <LockIcon size={28} />
        </span>
        <h2 id="paywall-title" className={styles.paywallTitle}>
          {t('paywall.title')}
        </h2>
        <p className={styles.paywallText}>{t('paywall.text')}</p>
        <ul className={styles.benefits}>
          {benefits.map((key) => (
            <li key={key}>
              <CheckCircleIcon size={20} />
              <span>{t(`paywall.benefits.${key}`)}</span>
            </li>
          ))}
        </ul>
        <div className={styles.paywallActions}>
          <ButtonLink to={paths.shop.root.getHref()} state={{ returnTo: location.pathname }} fullWidth>
            {t('paywall.cta')}
          </ButtonLink>
          <ButtonLink to={back.to} variant="ghost" fullWidth>
            {back.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
