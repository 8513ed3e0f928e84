import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { useFeatureFlags } from '../../../lib/app-config.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import styles from './own-cards-entry.module.css';

/**
 * The way to her own flashcards, on the library page; gone with the flashcards flag. It lives with
 * the library (its strings in `library`, its own small stylesheet): the library route loads only its
 * own namespace and chunk, so a direct load shows these words at once (issue 30).
 */
export function OwnCardsEntry() {
  const { t } = useTranslation('library');
  const { flashcardsEnabled } = useFeatureFlags();
  if (!flashcardsEnabled) return null;
  return (
    <section className={styles.entry} aria-labelledby="own-cards-entry">
      <h2 id="own-cards-entry" className={styles.title}>
        {t('ownCardsEntry.title')}
      </h2>
      <p className={styles.text}>{t('ownCardsEntry.text')}</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.ownCards.root.getHref()} variant="secondary">
          {t('ownCardsEntry.link')}
        </ButtonLink>
      </div>
    </section>
  );
}
