import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { ButtonLink } from '../../../components/ui/button/button.tsx';
import { CourseIllustration } from '../../../components/illustrations/course-illustration.tsx';
import { CheckCircleIcon } from '../../../components/icons/icons.tsx';
import { useFeatureFlags } from '../../../lib/app-config.ts';
import styles from './home.module.css';

/** Home for visitors: the promise of Blok and the way in. */
export function Landing() {
  const { t } = useTranslation('home');
  const { flashcardsEnabled } = useFeatureFlags();
  const features = (['featureSummaries', 'featureQuestions', 'featureFlashcards'] as const).filter((key) => flashcardsEnabled || key !== 'featureFlashcards');
  return (
    <div className={styles.landing}>
      <div className={styles.hero}>
        <p className={styles.eyebrow}>{t('landing.eyebrow')}</p>
        <h1 className={styles.title}>{t('landing.title')}</h1>
        <p className={styles.lead}>{t('landing.text')}</p>
        <div className={styles.savings}>
          <strong>{t('landing.savings')}</strong> <span>{t('landing.savingsText')}</span>
        </div>
        <ul className={styles.features}>
          {features.map((key) => (
            <li key={key}>
              <CheckCircleIcon size={20} />
              <span>{t(`landing.${key}`)}</span>
            </li>
          ))}
        </ul>
        <div className={styles.actions}>
          <ButtonLink to={paths.auth.register.getHref()} fullWidth>
            {t('landing.register')}
          </ButtonLink>
          <ButtonLink to={paths.auth.login.getHref()} variant="secondary" fullWidth>
            {t('landing.login')}
          </ButtonLink>
        </div>
        <Link to={paths.tutorial.root.getHref()} className={styles.tutorialLink}>
          {t('landing.tutorial')}
        </Link>
      </div>
      <div className={styles.art}>
        <CourseIllustration code="studeren" className={styles.illustration} />
      </div>
    </div>
  );
}
