import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { useFeatureFlags } from '../../../lib/app-config.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import styles from './own-cards.module.css';

/** The way to her own flashcards (the library shows it); gone with the flashcards flag. */
export function OwnCardsEntry() {
  const { t } = useTranslation('ownCards');
  const { flashcardsEnabled } = useFeatureFlags();
  if (!flashcardsEnabled) return null;
  return (
    <section className={`${styles.card} ${styles.cardHighlight}`} aria-labelledby="own-cards-entry">
      <h2 id="own-cards-entry" className={styles.sectionTitle}>
        {t('entry.title')}
      </h2>
      <p className={styles.cardText}>{t('entry.text')}</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.ownCards.root.getHref()} variant="secondary">
          {t('entry.link')}
        </ButtonLink>
      </div>
    </section>
  );
}
